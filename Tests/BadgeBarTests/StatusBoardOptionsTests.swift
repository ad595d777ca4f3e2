import BadgeKit
import BadgeTerminal
import Testing

@testable import badgebar

@Suite struct StatusBoardOptionsTests {
    private func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try Options.parse(arguments) else {
            Issue.record("expected to run")
            return Options()
        }
        return options
    }

    private func message(_ arguments: [String]) -> String? {
        do {
            _ = try Options.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func watchesPressesAndOpensOnTheButtonsOfOnesOwn() throws {
        let parsed = try options([
            "--button", "Mail:envelope:0", "--button", "CI:hammer:0", "--watch", "Mail=notmuch count",
            "--watch=ci@5m=gh run list | wc -l", "--every", "1.5s", "--on-press", "Mail=notmuch tag -unread",
            "--on-press", "Mail=true", "--open", "mail=neomutt", "--events-to", "-", "--no-title", "--notify",
            "unfocused",
        ])
        #expect(
            parsed.watches == [
                ButtonCommand(buttonTitle: "Mail", command: "notmuch count"),
                ButtonCommand(buttonTitle: "ci", command: "gh run list | wc -l", intervalSeconds: 300),
            ])
        #expect(parsed.watchIntervalSeconds == 1.5)
        #expect(parsed.pressCommands.map(\.command) == ["notmuch tag -unread", "true"])
        #expect(parsed.openCommands == [ButtonCommand(buttonTitle: "mail", command: "neomutt")])
        #expect(parsed.eventsPath == "-")
        #expect(!parsed.setsWindowTitle)
        #expect(parsed.notificationMode == .unfocused)
    }

    @Test func theDemosButtonsCanBeWatchedAndAWatchStopsAutoPlay() throws {
        let parsed = try options(["--watch", "Notifications=echo 3"])
        #expect(parsed.watches.count == 1)
        #expect(!parsed.autoPlays, "counts from a command are not mixed with the demo's script")
        #expect(try options(["--on-press", "Cart=true"]).autoPlays, "a press command alone keeps the demo playing")
        #expect(Options().setsWindowTitle && Options().notificationMode == .never)
        #expect(Options().watchIntervalSeconds == 30)
    }

    @Test func aCommandNamingNoButtonIsAUsageError() {
        #expect(
            message(["--watch", "Mail=true"])
                == "--watch: no button is titled 'Mail' (the buttons are Messages, Cart and Notifications)")
        #expect(
            message(["--button", "CI:hammer:0", "--on-press", "Builds=true"])
                == "--on-press: no button is titled 'Builds' (the buttons are CI)")
        #expect(
            message(["--open", "Cart=a", "--open", "cart=b"]) == "--open: 'Cart' is given two commands; give it one")
    }

    @Test func badValuesAreNamed() {
        #expect(message(["--watch", "Mail"]) == "--watch: 'Mail' is not NAME=COMMAND or NAME@DURATION=COMMAND")
        #expect(message(["--on-press", "Mail@2s"]) == "--on-press: 'Mail@2s' is not NAME=COMMAND")
        #expect(
            message(["--every", "soon"])
                == "--every needs a duration from 100ms to 24h, e.g. 2s, 1.5s, 5m or 500ms, not 'soon'")
        #expect(message(["--every=0s"])?.hasPrefix("--every needs a duration") == true)
        #expect(message(["--events-to", ""]) == "--events-to needs a path, or - for standard output")
        #expect(message(["--notify", "loudly"]) == "--notify must be never, unfocused or always, not 'loudly'")
    }

    @Test func durationsHaveAKindOfTheirOwnThatCompletes() throws {
        let every = try #require(Options.table.first { $0.names == ["--every"] })
        #expect(every.value == .duration)
        #expect(every.synopsis == "--every DURATION")
        for shell in [GeneratedDocument.bash, .zsh, .fish] {
            #expect(shell.text.contains("2s 10s 30s 1m 5m"), "\(shell)")
        }
        #expect(ShellCompletion.zsh.contains("--every=[How often --watch commands run"))
        let watch = try #require(Options.table.first { $0.names == ["--watch"] })
        #expect(watch.isRepeatable && watch.synopsis == "--watch NAME=COMMAND")
    }
}
