import BadgeKit
import BadgeTerminal
import Testing

@testable import badgebar

@Suite struct OptionTableTests {
    @Test func everySpellingBelongsToOneOption() {
        let names = Options.table.flatMap(\.allNames)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.allSatisfy { $0.hasPrefix("--") || ($0.count == 2 && $0.hasPrefix("-")) })
    }

    @Test func aPlaceholderExactlyWhenTheOptionTakesAValue() {
        for option in Options.table {
            #expect((option.placeholder != nil) == option.value.takesValue, "\(option.names)")
        }
    }

    @Test func everyEnumOptionTakesEachOfItsValuesInBothSpellingsAndNamesThemInItsHelp() throws {
        let choices = Options.table.filter { !$0.value.choices.isEmpty }
        #expect(
            choices.map(\.names[0]) == [
                "--color", "--icons", "--badge-corner", "--notify", "--format", "--mouse-button", "--generate",
            ])
        for option in choices {
            // --format needs --once or --stream (i3bar only --stream).
            // --mouse-button says how --press clicks.
            let companions =
                option.names == ["--format"]
                ? ["--stream"] : option.names == ["--mouse-button"] ? ["--press", "Mail", "--control", "/run/c"] : []
            for value in option.value.choices {
                #expect(option.help.contains(value), "\(option.names[0]) help names \(value)")
                for name in option.allNames {
                    #expect(
                        try Options.parse(companions + ["\(name)=\(value)"])
                            == Options.parse(companions + [name, value]))
                }
            }
        }
    }

    @Test func oneHelperRejectsEveryEnumOptionAlike() {
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try Options.parse(arguments)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(["--color", "sometimes"]) == "--color must be auto, always or never, not 'sometimes'")
        #expect(message(["--colour=x"]) == "--colour must be auto, always or never, not 'x'")
        #expect(message(["--icons", "nope"]) == "--icons must be emoji, unicode or ascii, not 'nope'")
        #expect(message(["--generate", "pdf"]) == "--generate must be man, man5, bash, zsh or fish, not 'pdf'")
        #expect(message(["--record", ""]) == "--record needs a path")
        #expect(message(["--counts-from="]) == "--counts-from needs a path, or - for standard input")
        #expect(message(["--help=me"]) == "--help takes no value")
        #expect(message(["--generate"]) == "--generate needs a value")
    }

    /// A stand-in for a later enum option.
    enum Chime: String, CaseIterable, Sendable {
        case never
        case quietly
        case always
    }

    @Test func aNewOptionIsOneRow() throws {
        let row = OptionSpecification.choice(
            "--chime", of: Chime.self, placeholder: "WHEN", help: "When to chime: never, quietly or always"
        ) { options, when in options.title = "chime \(when.rawValue)" }
        let table = Options.table + [row]
        guard case .run(let options) = try Options.parse(["--chime=quietly"], table: table) else {
            Issue.record("expected to run")
            return
        }
        #expect(options.title == "chime quietly")
        #expect(throws: Options.UsageError(message: "--chime must be never, quietly or always, not 'x'")) {
            try Options.parse(["--chime", "x"], table: table)
        }
        #expect(throws: Options.UsageError(message: "unknown option '--chime'")) {
            try Options.parse(["--chime", "never"])
        }
        #expect(row.value == .choice(["never", "quietly", "always"]))
        #expect(row.synopsis == "--chime WHEN")
    }

    @Test func summariesStopAtTheFirstSentence() {
        let button = Options.table.first { $0.names == ["--button"] }
        #expect(
            button?.summary
                == "A button title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY], repeatable; replaces the "
                + "Inbox's buttons")
        let record = Options.table.first { $0.names == ["--record"] }
        #expect(record?.summary == "Record the session as asciicast v2 (e.g. demo.cast)")
    }

    @Test func theHelpIsMadeFromTheTables() {
        let text = Usage.text
        for option in Options.table {
            let term = "\n  " + option.synopsis
            #expect(text.contains(term + " ") || text.contains(term + "\n"), "\(option.synopsis)")
            #expect(text.contains(option.summary.wrapped(width: 59)[0]), "\(option.synopsis)")
        }
        for binding in BadgeBoard.keyBindings {
            #expect(text.contains("  " + binding.keys(buttonCount: 9) + " "), "\(binding.action)")
        }
        for status in ExitStatus.documented {
            #expect(text.contains("\n  " + status.documentedCode + " "), "\(status)")
        }
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= Usage.lineColumns }, "\(lines.filter { $0.count > 80 })")
    }

    @Test func aTermTooWideForItsColumnPutsItsHelpBelow() {
        let lines = Usage.twoColumns([("--watch NAME=COMMAND", "Run COMMAND"), ("--once", "Once")])
        #expect(lines == ["  --watch NAME=COMMAND", "                     Run COMMAND", "  --once             Once"])
    }
}
