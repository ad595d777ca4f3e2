import BadgeKit
import BadgeTerminal
import Testing

@testable import badgebar

@Suite struct ConfigurationFileTests {
    /// The options a file gives, with flags over it.
    func load(_ text: String, _ arguments: [String] = [], environment: [String: String] = [:])
        throws(Options.StartError) -> Options
    {
        let file: ConfigurationFile
        do throws(ConfigurationError) {
            file = try ConfigurationFile.parse(text, path: "/home/me/.config/badgebar/board.conf")
        } catch {
            throw .configuration(error)
        }
        guard case .run(let options) = try Options.parse(arguments, environment: { environment[$0] }, file: file)
        else { throw .usage(Options.UsageError(message: "not a board")) }
        return options
    }

    /// The options a command line gives.
    func flags(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try Options.parse(arguments) else { throw Options.UsageError(message: "") }
        return options
    }

    /// The message a file is refused with, `FILE:LINE: message` with the file's name left out.
    func refusal(_ text: String, _ arguments: [String] = []) -> String? {
        do {
            _ = try load(text, arguments)
            return nil
        } catch {
            return error.description.replacingAll("/home/me/.config/badgebar/board.conf:", with: "")
        }
    }

    @Test func theKeysAreTheOptionTablesBoardOptionsNamedAfterTheirFlags() {
        #expect(
            ConfigurationKey.boardKeys.map(\.name) == [
                "limit", "no-autoplay", "reduce-motion", "fps", "color", "icons", "title", "badge-corner",
                "padding", "counts-from", "every", "press-with", "events-to", "no-title", "notify",
            ])
        #expect(
            ConfigurationKey.buttonKeys.map(\.name) == [
                "symbol", "badge", "color", "show-zero", "hide-zero", "noun", "format", "watch", "every", "count-files",
                "maildir", "watch-path", "on-press", "open", "on-left", "on-middle", "on-right", "on-scroll-up",
                "on-scroll-down",
            ])
        for option in Options.table {
            let key = option.fileKey
            #expect((key != nil) == option.filePlace.describesBoard, "\(option.names)")
            if let key {
                #expect(option.names.contains("--" + key))
            }
        }
        // What asks something of one run has no key.
        for name in ["--record", "--lines", "--once", "--format", "--help", "--version", "--generate"] {
            #expect(Options.table.first { $0.allNames.contains(name) }?.fileKey == nil, "\(name)")
        }
        #expect(
            ConfigurationKey.buttonKeys.filter(\.isRepeatable).map(\.name) == [
                "watch", "watch-path", "on-press", "on-left", "on-middle", "on-right", "on-scroll-up",
                "on-scroll-down",
            ])
    }

    @Test func everyKeyGivesWhatItsFlagGives() throws {
        let file = """
            limit = 9
            no-autoplay = true
            reduce-motion = true
            fps = 30
            color = never
            icons = ascii
            title = Status
            badge-corner = bottom-leading
            counts-from = /tmp/counts
            every = 10s
            events-to = /tmp/events.jsonl
            no-title = true
            notify = unfocused

            [Mail]
            symbol = envelope
            badge = 5
            color = blue
            show-zero = true
            noun = message/messages
            watch = notmuch count tag:unread
            every = 1m
            on-press = notmuch tag -unread tag:unread
            open = neomutt

            [News]
            symbol = newspaper
            badge = dot
            watch = echo 1

            [Beta]
            symbol = star
            badge = text=new
            color = #123456
            """
        let expected = try flags([
            "--limit", "9", "--no-autoplay", "--reduce-motion", "--fps", "30", "--color", "never", "--icons", "ascii",
            "--title", "Status", "--badge-corner", "bottom-leading", "--counts-from", "/tmp/counts", "--every", "10s",
            "--events-to", "/tmp/events.jsonl", "--no-title", "--notify", "unfocused",
            "--button", "Mail:envelope:5:blue:show-zero:noun=message/messages", "--button", "News:newspaper:dot",
            "--button", "Beta:star:text=new:#123456",
            "--watch", "Mail@1m=notmuch count tag:unread", "--watch", "News=echo 1",
            "--on-press", "Mail=notmuch tag -unread tag:unread", "--open", "Mail=neomutt",
        ])
        #expect(try load(file) == expected)
    }

    @Test func commentsBlankLinesAndContinuedLines() throws {
        let file = """
            # A comment
            ; another, as in INI
              # indented, still a comment

            title = Mail   \r
            [Mail]
            symbol = envelope
            watch = ls ~/Maildir/new \\
                | wc -l # not a comment: the value is literal
            on-press = echo ';' '#'
            """
        let options = try load("\u{FEFF}" + file)
        #expect(options.title == "Mail")
        #expect(
            options.watches == [
                ButtonCommand(
                    buttonTitle: "Mail", command: "ls ~/Maildir/new | wc -l # not a comment: the value is literal")
            ])
        #expect(options.pressCommands.map(\.command) == ["echo ';' '#'"])
        // A value holds any character, = and quotes too, taken as they are.
        let quoted = try load("[Jobs]\nsymbol = gear\nwatch = a=1; echo \"$a\" 'x = y'\n")
        #expect(quoted.watches.map(\.command) == [#"a=1; echo "$a" 'x = y'"#])
        // Empty: the defaults.
        #expect(try load("") == Options())
        #expect(try load("# nothing\n\n") == Options())
    }

    @Test func pathsStartingWithATildeAreInTheHomeFolderAndRelativeOnesBesideTheFile() throws {
        let options = try load(
            "counts-from = ~/.cache/counts\nevents-to = events.jsonl\n", environment: ["HOME": "/home/me"])
        #expect(options.countsPath == "/home/me/.cache/counts")
        #expect(options.eventsPath == "/home/me/.config/badgebar/events.jsonl")
        #expect(try load("counts-from = -\n").countsPath == "-")
    }

    @Test func everyMistakeIsSaidWithItsLine() {
        #expect(refusal("title = Mail\nevry = 5s\n") == "2: unknown key 'evry'; did you mean 'every'?")
        #expect(refusal("[Mail]\nsymbol = envelope\nwach = ls\n") == "3: unknown key 'wach'; did you mean 'watch'?")
        #expect(refusal("Title = Mail\n") == "1: unknown key 'Title'; did you mean 'title'?")
        #expect(refusal("colour = never\n") == "1: unknown key 'colour'; did you mean 'color'?")
        #expect(
            refusal("frobnicate = 1\n")
                == "1: unknown key 'frobnicate' (the keys before the sections are limit, no-autoplay, reduce-motion, "
                + "fps, color, icons, title, badge-corner, padding, counts-from, every, press-with, events-to, no-title "
                + "and notify)"
        )
        #expect(
            refusal("# Mail\n\nwatch = ls\n[Mail]\nsymbol = envelope\n")
                == "3: 'watch' is a button's key: put it in the button's section, under [Title]")
        #expect(
            refusal("[Mail]\nsymbol = envelope\ntitle = Mail\n")
                == "3: 'title' is the whole board's key: put it before the first section")
        #expect(
            refusal("[Mail]\nsymbol = envelope\n\n[News]\nsymbol = newspaper\n[Mail]\nsymbol = bell\n")
                == "6: the section [Mail] is given twice (first on line 1)")
        #expect(
            refusal("[Mail]\nsymbol = envelope\n[mail]\nsymbol = bell\n")
                == "3: the section [mail] is given twice (first on line 1)")
        #expect(refusal("title = A\ntitle = B\n") == "2: 'title' is given twice (first on line 1)")
        #expect(
            refusal("[Mail]\nsymbol = envelope\nopen = a\nopen = b\n") == "4: 'open' is given twice (first on line 3)")
        #expect(refusal("limit = 0\n") == "1: limit needs a whole number 1 or more, not '0'")
        #expect(refusal("fps = 241\n") == "1: fps needs a whole number from 1 to 240, not '241'")
        #expect(refusal("color = sometimes\n") == "1: color must be auto, always or never, not 'sometimes'")
        #expect(refusal("notify = often\n") == "1: notify must be never, unfocused or always, not 'often'")
        #expect(
            refusal("every = 1ms\n")
                == "1: every needs a duration from 100ms to 24h, e.g. 2s, 1.5s, 5m or 500ms, not '1ms'")
        #expect(refusal("title =\n") == "1: --title needs a non-empty title")
        #expect(refusal("no-title = yes\n") == "1: no-title must be true or false, not 'yes'")
        #expect(refusal("counts-from =\n") == "1: counts-from needs a path, or - for standard input")
        #expect(refusal("just words\n") == "1: expected key = value, a [Title] or a comment, not 'just words'")
        #expect(refusal(" = 3\n") == "1: expected key = value, a [Title] or a comment, not '= 3'")
        #expect(refusal("[ ]\n") == "1: a section needs a button's title between [ and ], such as [Mail]")
        #expect(refusal("[Mail]\nbadge = 3\n") == "1: [Mail] needs a symbol, such as symbol = envelope")
        #expect(refusal("[Mail]\nsymbol = envelop\n")?.hasPrefix("2: unknown symbol 'envelop' (known: ") == true)
        #expect(
            refusal("[Mail]\nsymbol = envelope\nbadge = lots\n")
                == "3: the badge 'lots' is not a whole number 0 or more, 'dot' or 'text=WORD'")
        #expect(refusal("[Mail]\nsymbol = envelope\ncolor = mauve\n")?.hasPrefix("3: unknown colour 'mauve'") == true)
        #expect(
            refusal("[News]\nsymbol = newspaper\nbadge = dot\nshow-zero = true\n")
                == "4: show-zero applies to count badges only")
        #expect(refusal("[Mail]\nsymbol = envelope\nshow-zero = 1\n") == "3: show-zero must be true or false, not '1'")
        #expect(
            refusal("[Mail]\nsymbol = envelope\nnoun = a/b/c\n")
                == "3: expected noun=ONE/MANY (e.g. noun=message/messages) or noun=ONE")
        #expect(refusal("[Mail]\nsymbol = envelope\nwatch =\n") == "3: 'watch' needs a command")
        #expect(
            refusal("[Mail]\nsymbol = envelope\nevery = 5s\n")
                == "3: 'every' says how often the button's watches run, and [Mail] has none")
        #expect(
            refusal("[Mail]\nsymbol = envelope\nevery = forever\nwatch = ls\n")
                == "3: every needs a duration from 100ms to 24h, e.g. 2s, 1.5s, 5m or 500ms, not 'forever'")
        #expect(
            refusal("title = Mail\nwatch = ls \\\n")
                == "2: the line goes on with ' \\' at the end of the file, but no line follows")
    }

    @Test func aFileOfTenThousandSectionsIsReadWholeAndATitleGivenTwiceIsFoundAmongThem() throws {
        let sections = (0..<10_000).map { "[Button \($0)]\nsymbol = star\nbadge = \($0 % 7)\n" }
        let options = try load(sections.joined(separator: "\n"))
        #expect(options.buttons.count == 10_000)
        #expect(options.buttons.last?.title == "Button 9999" && options.buttons.last?.count == 9999 % 7)
        // The same title but for case, far down: found, with the line of the first.
        #expect(
            throws: ConfigurationError(
                path: "board.conf", line: 40001,
                message: "the section [BUTTON 5000] is given twice (first on line 20001)")
        ) {
            try ConfigurationFile.parse(
                sections.joined(separator: "\n") + "\n[BUTTON 5000]\nsymbol = star\n", path: "board.conf")
        }
    }

    @Test func aLongLineGoesOnWhereItsFirstLineSaysAndErrorsNameItsFirstLine() {
        #expect(
            refusal("# one\n[Mail]\nsymbol = envelope\nwatch = a \\\n  b \\\n  c\nbogus = 1\n")
                == "7: unknown key 'bogus' (the keys of a section are symbol, badge, color, show-zero, hide-zero, noun, "
                + "format, watch, every, count-files, maildir, watch-path, on-press, open, on-left, on-middle, on-right, "
                + "on-scroll-up and on-scroll-down)")
        #expect(refusal("limit = \\\n  0\n") == "1: limit needs a whole number 1 or more, not '0'")
    }

    @Test func aSectionsTitleMayHoldWhatTheCommandLineCannot() throws {
        let options = try load("[CI: main]\nsymbol = hammer\nwatch = echo 2\n[a=b@5]\nsymbol = star\n")
        #expect(options.buttons.map(\.title) == ["CI: main", "a=b@5"])
        #expect(options.watches == [ButtonCommand(buttonTitle: "CI: main", command: "echo 2")])
    }

    @Test func flagsOverTheFile() throws {
        let file = """
            title = Mail
            every = 30s
            limit = 50
            [Mail]
            symbol = envelope
            watch = count-mail
            open = neomutt
            [News]
            symbol = newspaper
            on-press = mark-read
            """
        // A flag of one value wins over its key; the limit reaches the file's buttons.
        let over = try load(file, ["--title", "Post", "--every", "5s", "--limit", "9"])
        #expect(over.title == "Post")
        #expect(over.watchIntervalSeconds == 5)
        #expect(over.buttons.map(\.limit) == [9, 9])
        // Commands add to the file's; an --open replaces the file's for its button.
        let added = try load(file, ["--watch", "News=count-news", "--on-press", "Mail=beep", "--open", "mail=mutt"])
        #expect(added.watches.map(\.command) == ["count-mail", "count-news"])
        #expect(added.pressCommands.map(\.command) == ["mark-read", "beep"])
        #expect(added.openCommands == [ButtonCommand(buttonTitle: "mail", command: "mutt")])
        // --button replaces the file's buttons with everything their sections say.
        let replaced = try load(file, ["--button", "Jobs:gear:0"])
        #expect(replaced.buttons.map(\.title) == ["Jobs"])
        #expect(replaced.watches.isEmpty && replaced.pressCommands.isEmpty && replaced.openCommands.isEmpty)
        #expect(replaced.title == "Mail")
        // A flag naming a button the file does not have is refused as on the command line.
        #expect(
            throws: Options.StartError.usage(
                Options.UsageError(message: "--watch: no button is titled 'Jobs' (the buttons are Mail and News)"))
        ) {
            try load(file, ["--watch", "Jobs=ls"])
        }
        // A switch the file turns on stays on; one it leaves off the flag turns on.
        #expect(try load("no-title = false\n", ["--no-title"]).setsWindowTitle == false)
        #expect(try load("reduce-motion = false\n").reduceMotion == false)
        #expect(try load("reduce-motion = false\n", environment: ["BADGEBAR_REDUCE_MOTION": "1"]).reduceMotion)
    }

    @Test func aFileWithoutSectionsKeepsTheDemosButtons() throws {
        let options = try load("title = Home\nlimit = 9\n")
        #expect(options.buttons.isEmpty && options.autoPlays)
        #expect(options.buttonTitles == ["Messages", "Cart", "Notifications"])
        // Sections make a board of one's own, which starts still.
        #expect(try load("[Mail]\nsymbol = envelope\n").autoPlays == false)
    }

    @Test func theNearestKeyIsOnlyOfferedWhenNear() {
        #expect(ConfigurationFile.nearest(to: "evry", among: ["every", "title"]) == "every")
        #expect(ConfigurationFile.nearest(to: "xyz", among: ["every", "title"]) == nil)
        #expect(ConfigurationFile.nearest(to: "fsp", among: ["fps", "limit"]) == nil)
        #expect(ConfigurationFile.nearest(to: "fp", among: ["fps", "limit"]) == "fps")
        #expect(ConfigurationFile.distance(Array("kitten"), Array("sitting")) == 3)
    }
}

/// `hide-zero` in a button's section: a switch, for a count badge, never with `show-zero`.
@Suite struct HideZeroFileTests {
    @Test func aSectionHidesItsButtonAtZeroAndSaysAContradiction() throws {
        let tests = ConfigurationFileTests()
        #expect(try tests.load("[Mail]\nsymbol = envelope\nhide-zero = true\n").buttons.first?.hidesAtZero == true)
        #expect(
            tests.refusal("[Mail]\nsymbol = envelope\nshow-zero = true\nhide-zero = true\n")
                == "4: show-zero shows 0 and hide-zero hides the button at 0; give one")
        #expect(
            tests.refusal("[News]\nsymbol = newspaper\nbadge = dot\nhide-zero = true\n")
                == "4: hide-zero applies to count badges only")
    }
}
