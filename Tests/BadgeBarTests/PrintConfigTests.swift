import BadgeKit
import Testing

@testable import badgebar

/// `--print-config`: the board a command line (and a file) describes, as a file that gives it back.
@Suite struct PrintConfigTests {
    /// The options a command line gives.
    func flags(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try Options.parse(arguments) else { throw Options.UsageError(message: "") }
        return options
    }

    /// The options a printed file gives back, read as badgebar reads a file given with no other flag.
    func reload(_ text: String) throws -> Options {
        let file = try ConfigurationFile.parse(text, path: "printed.conf")
        guard case .run(let options) = try Options.parse([], environment: { _ in nil }, file: file) else {
            throw Options.UsageError(message: "")
        }
        return options
    }

    /// Options as the file would give them: what is the command line's own set aside.
    func board(_ options: Options) -> Options {
        var board = options
        board.printsConfig = false
        board.configurationPath = nil
        return board
    }

    static let everyOption = [
        "--limit", "9", "--no-autoplay", "--reduce-motion", "--fps", "30", "--color", "never", "--icons", "ascii",
        "--title", "Status", "--button", "Mail:envelope:5:blue:show-zero:noun=message/messages",
        "--button", "News:newspaper:dot:#123456", "--button", "Beta:star:text=new:format={title}: {count}", "--button",
        "Jobs:gear:0:green,orange@5,red@20:hide-zero",
        "--badge-corner", "bottom-leading", "--padding", "1", "--counts-from", "/tmp/counts", "--every", "1.5s",
        "--watch", "Mail@5m=notmuch count tag:unread", "--watch", "news=printf 'News=%d\\n' 3",
        "--on-press", "Mail=notmuch tag -unread tag:unread", "--on-press", "Mail=beep", "--open", "Jobs=tig",
        "--on-middle", "Mail=notmuch tag +archived tag:unread", "--on-scroll-up", "News=next", "--on-scroll-down",
        "News=previous", "--on-left", "Jobs=echo left", "--on-right", "Jobs=menu", "--press-with", "left,right",
        "--events-to", "/tmp/events.jsonl", "--no-title", "--notify", "unfocused", "--maildir", "Mail=~/Maildir",
        "--watch-path", "news=/tmp/news.stamp", "--count-files", "Beta=downloads/*.part", "--print-config",
    ]

    /// A new option with a key before the first section prints its value: the table says how, or this fails.
    @Test func everyKeyBeforeTheSectionsHasAPrinterInTheOptionTable() {
        let keys = ConfigurationKey.boardKeys
        #expect(keys.count >= 13)
        for key in keys {
            #expect(key.option?.printedValue != nil, "--\(key.name) has a key but no printed value")
        }
        // Options without a key print nothing, so a printer there would be a rule no file shows.
        for option in Options.table where !option.filePlace.describesBoard {
            #expect(option.printedValue == nil, "\(option.synopsis) has no key but a printed value")
        }
    }

    @Test func everyOptionRoundTrips() throws {
        let options = try flags(Self.everyOption)
        let text = try ConfigurationFile.text(describing: options, workingDirectory: "/home/me")
        var expected = board(options)
        // The file names buttons by their own titles.
        expected.watches[1].buttonTitle = "News"
        expected.folderSources[1].buttonTitle = "News"
        // A relative folder is written whole.
        expected.folderSources[2].path = "/home/me/downloads"
        #expect(try reload(text) == expected)
        // Every key of the file is in it.
        for key in ConfigurationKey.boardKeys.filter({ $0.name != "no-autoplay" }) + ConfigurationKey.buttonKeys {
            #expect(text.contains("\n\(key.name) = "), "\(key.name)")
        }
        #expect(
            text == """
                \(ConfigurationFile.printedHeader)
                limit = 9
                reduce-motion = true
                fps = 30
                color = never
                icons = ascii
                title = Status
                badge-corner = bottom-leading
                padding = 1
                counts-from = /tmp/counts
                every = 1.5s
                press-with = left,right
                events-to = /tmp/events.jsonl
                no-title = true
                notify = unfocused

                [Mail]
                symbol = envelope
                badge = 5
                color = blue
                show-zero = true
                noun = message/messages
                every = 5m
                maildir = ~/Maildir
                watch = notmuch count tag:unread
                on-press = notmuch tag -unread tag:unread
                on-press = beep
                on-middle = notmuch tag +archived tag:unread

                [News]
                symbol = newspaper
                badge = dot
                color = #123456
                watch-path = /tmp/news.stamp
                watch = printf 'News=%d\\n' 3
                on-scroll-up = next
                on-scroll-down = previous

                [Beta]
                symbol = star
                badge = text=new
                format = {title}: {count}
                count-files = /home/me/downloads/*.part

                [Jobs]
                symbol = gear
                color = green,orange@5,red@20
                hide-zero = true
                open = tig
                on-left = echo left
                on-right = menu

                """)
        // Printed again from what it gives, the file is the same.
        #expect(try ConfigurationFile.text(describing: reload(text), workingDirectory: "/") == text)
    }

    @Test func theDemoRoundTripsAndItsButtonsComeInWithTheirCommands() throws {
        #expect(
            try ConfigurationFile.text(describing: flags([]), workingDirectory: nil) == ConfigurationFile.printedHeader
                + "\n")
        let still = try flags(["--no-autoplay", "--limit", "9"])
        #expect(try reload(ConfigurationFile.text(describing: still, workingDirectory: nil)) == still)
        // A command for a demo's button brings the demo's buttons in, titled as the demo is.
        let watched = try flags(["--watch", "cart=echo 2", "--limit", "9"])
        let text = try ConfigurationFile.text(describing: watched, workingDirectory: nil)
        let reloaded = try reload(text)
        #expect(reloaded.title == "Inbox")
        #expect(reloaded.buttons == Inbox.demo(startTime: 0, autoPlays: false, limit: 9).toolbar.buttons)
        #expect(reloaded.watches == [ButtonCommand(buttonTitle: "Cart", command: "echo 2")])
        #expect(
            App(options: reloaded).makeModel(startTime: 0).toolbar.buttons
                == App(options: watched).makeModel(startTime: 0).toolbar.buttons)
    }

    @Test func relativePathsAreWrittenWhole() throws {
        let options = try flags(["--counts-from", "counts", "--events-to", "-"])
        let text = try ConfigurationFile.text(describing: options, workingDirectory: "/work/")
        #expect(text.contains("\ncounts-from = /work/counts\n") && text.contains("\nevents-to = -\n"))
    }

    @Test func whatAFileCannotSayIsRefused() throws {
        func refusal(_ arguments: [String]) -> String? {
            do {
                _ = try ConfigurationFile.text(describing: flags(arguments), workingDirectory: nil)
                return nil
            } catch {
                return (error as? Options.UsageError)?.message
            }
        }
        #expect(
            refusal(["--button", "A:star:0", "--watch", "A@5s=a", "--watch", "A=b"])
                == "--print-config: the watches of 'A' run every 5s and 30s, and a section of a board's file has one "
                + "every; give them one")
        #expect(
            refusal(["--button", "A:star:0", "--watch", "A=(sleep 1\n) & yes"])
                == "--print-config: the watch of 'A' holds a line break, which a line of a board's file cannot; put "
                + "the command in a script")
        #expect(
            refusal(["--button", "A:star:0", "--open", "A=echo \\"])
                == "--print-config: the open of 'A' ends in ' \\', which a board's file reads as going on in the next "
                + "line")
        // Watches of one button on the same interval, given or not, make one every.
        #expect(refusal(["--button", "A:star:0", "--every", "5s", "--watch", "A@5s=a", "--watch", "A=b"]) == nil)
    }

    @Test func twoButtonsOfOneTitleAreRefusedAsAFileCouldNotReadThemBack() throws {
        for second in ["Mail:star:5", "mail:star:5"] {
            let options = try flags(["--button", "Mail:envelope:3", "--button", second, "--print-config"])
            #expect(throws: Options.UsageError.self) {
                try ConfigurationFile.text(describing: options, workingDirectory: nil)
            }
            do {
                _ = try ConfigurationFile.text(describing: options, workingDirectory: nil)
            } catch {
                #expect(
                    error.message
                        == "--print-config: two buttons are titled '\(second.prefix(4))', and a board's file has one "
                        + "section a title; give them titles of their own")
            }
        }
    }

    @Test func everyValuePrintedReadsBackExactlyOrIsRefused() throws {
        let values = [
            "  Mail  ", " Mail", "Mail ", "\tMail", "Mail\t", "Mail  Box", "a # b; c", "[x]", "x = y", "=", "é ✉",
        ]
        var printed = 0
        var refused = 0
        for value in values {
            for arguments in [
                ["--title", value], ["--button", "A:star:0", "--watch", "A=\(value)"],
                ["--button", "A:star:0", "--on-press", "A=\(value)"], ["--counts-from", "/tmp/\(value)"],
            ] {
                let options = try flags(arguments + ["--print-config"])
                // The value as the options hold it, after the option's own reading.
                let given = try #require(
                    options.title ?? options.watches.first?.command ?? options.pressCommands.first?.command
                        ?? options.countsPath)
                let blankAtAnEnd = given.trimmingBlanks() != given
                do {
                    let text = try ConfigurationFile.text(describing: options, workingDirectory: nil)
                    #expect(!blankAtAnEnd, "\(arguments) printed as\n\(text)")
                    #expect(try reload(text) == board(options), "\(arguments) reads back as printed:\n\(text)")
                    printed += 1
                } catch let error as Options.UsageError {
                    #expect(blankAtAnEnd, "\(arguments): \(error.message)")
                    #expect(
                        error.message.hasSuffix(
                            "starts or ends with a blank, which a board's file drops; give it without"))
                    refused += 1
                }
            }
        }
        #expect(refused >= 3 * 3, "a title, a watch and an --on-press with blanks at their ends are refused")
        #expect(printed + refused == values.count * 4)
    }

    @Test func durationsAreWrittenToReadBackExactly() {
        for seconds in [0.1, 0.25, 1, 1.5, 1.25, 30, 90, 300, 3600, 5400, 86_400] {
            let text = ConfigurationFile.duration(seconds)
            #expect(DurationText.parse(text) == seconds, "\(seconds): \(text)")
        }
        #expect(ConfigurationFile.duration(300) == "5m")
        #expect(ConfigurationFile.duration(1.25) == "1250ms")
    }
}
