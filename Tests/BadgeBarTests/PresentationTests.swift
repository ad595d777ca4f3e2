import BadgeKit
import BadgeTerminal
import Foundation
import Testing

@testable import badgebar

@Suite struct PresentationTests {
    func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try Options.parse(arguments) else {
            throw Options.UsageError(message: "expected to run")
        }
        return options
    }

    func presentation(
        _ arguments: [String] = [], environment: [String: String] = ["TERM": "xterm-256color"], terminal: Bool = true
    ) throws -> Options.Presentation {
        try options(arguments).presentation(environment: { environment[$0] }, standardOutputIsTerminal: terminal)
    }

    @Test func theFullScreenInACapableTerminal() throws {
        #expect(try presentation() == .fullScreen)
        #expect(try presentation(environment: ["TERM": "xterm-256color", "ACCESSIBLE": "0"]) == .fullScreen)
        #expect(try presentation(environment: ["TERM": "xterm-256color", "ACCESSIBLE": ""]) == .fullScreen)
        #expect(try presentation(environment: [:]) == .fullScreen, "TERM unset: the full screen says why it cannot")
    }

    @Test func linesWhenAskedForOrWhenTheFullScreenCannotBe() throws {
        #expect(try presentation(["--lines"]) == .lines)
        #expect(try presentation(environment: ["TERM": "xterm-256color", "ACCESSIBLE": "1"]) == .lines)
        #expect(try presentation(environment: ["TERM": "dumb"]) == .lines)
        #expect(try presentation(terminal: false) == .lines)
    }

    @Test func eventsOnStandardOutputKeepTheFullScreenOnTheTerminal() throws {
        #expect(try presentation(["--events-to", "-"], terminal: false) == .fullScreen)
        #expect(try presentation(["--events-to", "events.jsonl"], terminal: false) == .lines)
        for mode in ["--lines", "--once"] {
            #expect(throws: Options.UsageError.self) { try options([mode, "--events-to", "-"]) }
        }
    }

    @Test func onceWhateverTheTerminal() throws {
        #expect(try presentation(["--once"], terminal: false) == .once(.plain))
        #expect(try presentation(["--once", "--format", "tmux"], environment: ["ACCESSIBLE": "1"]) == .once(.tmux))
        #expect(try options(["--once", "--format=json"]).format == .json)
    }

    @Test func lineModeTakesKeysFromATerminalAndCommandsFromAnythingElse() {
        let terminal = App.lineInputs(standardInputIsTerminal: true, countsPath: "counts.txt")
        #expect(terminal.keys == .standardInput && !terminal.readsInstructions)
        let counts = App.lineInputs(standardInputIsTerminal: false, countsPath: "-")
        #expect(counts.keys == .controllingTerminal && !counts.readsInstructions)
        let commands = App.lineInputs(standardInputIsTerminal: false, countsPath: nil)
        #expect(commands.keys == .none && commands.readsInstructions)
    }

    @Test func lineModeRefusesOpenOnlyWithoutATerminalToHandOver() throws {
        let refusal = try #require(App.openRefusal(openCommands: 1, handsOverTerminal: false))
        #expect(refusal.hasPrefix("--open needs a terminal to hand to its command"))
        #expect(refusal.contains("--on-press"), "says what to use instead")
        #expect(refusal.contains("no controlling terminal, or badgebar's job is not in its foreground"))
        #expect(App.openRefusal(openCommands: 2, handsOverTerminal: true) == nil, "a terminal to hand over")
        #expect(App.openRefusal(openCommands: 0, handsOverTerminal: false) == nil, "nothing to open")
    }

    @Test func optionsThatDoNotGoTogetherAreRefused() {
        #expect(
            throws: Options.UsageError(
                message: "--once prints the toolbar for a status bar; it cannot be used with --lines")
        ) { try Options.parse(["--once", "--lines"]) }
        #expect(
            throws: Options.UsageError(message: "--format says what --once or --stream prints; give one of them too")
        ) { try Options.parse(["--format", "tmux"]) }
        #expect(
            throws: Options.UsageError(
                message: "--once prints the toolbar once and --stream after every change; give one")
        ) { try Options.parse(["--once", "--stream"]) }
        #expect(
            throws: Options.UsageError(
                message: "--press talks to the badgebar that listens on --control PATH; give --control PATH too")
        ) { try Options.parse(["--press", "Mail"]) }
        #expect(throws: Options.UsageError.self) {
            try Options.parse(["--stream", "--format", "i3bar", "--counts-from", "-"])
        }
        #expect(throws: Options.UsageError(message: StatusBarFormat.i3bar.onceRefusal ?? "")) {
            try Options.parse(["--once", "--format", "i3bar"])
        }
        let sending = try? Options.parse(["--refresh", "--control", "/tmp/x"])
        if case .run(let options) = sending {
            #expect(
                options.presentation(environment: { _ in nil }, standardOutputIsTerminal: true)
                    == .send(line: "refresh", controlPath: "/tmp/x"))
        } else {
            Issue.record("--refresh --control runs")
        }
        #expect(
            throws: Options.UsageError(message: "--record records the full screen, which --once does not draw")
        ) { try Options.parse(["--once", "--record", "x.cast"]) }
        #expect(
            throws: Options.UsageError(message: "--record records the full screen, which --lines does not draw")
        ) { try Options.parse(["--record", "x.cast", "--lines"]) }
    }

    @Test func sendNamesALineOrStandardInputAndNeedsTheSocket() throws {
        let line = try options(["--send", "Mail+=2", "--control", "/tmp/x"])
        #expect(
            line.presentation(environment: { _ in nil }, standardOutputIsTerminal: true)
                == .send(line: "Mail+=2", controlPath: "/tmp/x"))
        #expect(!line.sendsStandardInput)
        let piped = try options(["--send", "-", "--control", "/tmp/x"])
        #expect(piped.sendsStandardInput)
        #expect(
            throws: Options.UsageError(
                message: "--send talks to the badgebar that listens on --control PATH; give --control PATH too")
        ) { try Options.parse(["--send", "Mail=1"]) }
        #expect(throws: Options.UsageError(message: "--send needs a counts line, such as Mail=3")) {
            try Options.parse(["--send", "", "--control", "/tmp/x"])
        }
    }
}
