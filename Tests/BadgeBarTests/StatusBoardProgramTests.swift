import BadgeKit
import BadgeTerminal
import Foundation
import TerminalTestSupport
import Testing

@testable import badgebar

/// The board program with watches, press commands, events, title and notifications, run by the real runner on a
/// scripted terminal whose children are answered from the script, so the virtual clock never waits; the one test
/// of what is left running has real children.
@Suite(.serialized) struct StatusBoardProgramTests {
    /// A folder for the commands' files, and a unique word for finding their processes.
    let folder: TemporaryFolder
    let marker = "badgebar-test-\(getpid())-\(Int.random(in: 0..<1_000_000))"

    init() throws {
        folder = try TemporaryFolder()
    }

    /// A board of buttons of one's own, as `--button` makes them.
    private func board(_ specifications: [String] = ["Mail:envelope:0", "News:newspaper:0"]) throws -> BadgeBoard {
        BadgeBoard(
            toolbar: BadgeToolbar(
                title: "Status", buttons: try specifications.map { try ButtonSpecification.parse($0) }),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
    }

    /// Runs a program on a scripted terminal until `q` at `quitTime`, and returns both.
    ///
    /// - Parameters:
    ///   - columns: The screen's width.
    ///   - inRealTime: Whether the children are real and the script plays on the real clock, instead of children
    ///     answered by `answers` on the virtual clock.
    ///   - answers: Gives the terminal its answers to the program's commands.
    private func run(
        _ configuration: BoardEngine.Configuration, board: BadgeBoard? = nil, script: [ScriptedTerminal.Step] = [],
        quitTime: Double, sinks: [SinkName: OutputSink] = [:], sources: [SourceName: LineReader] = [:],
        columns: Int = 60,
        inRealTime: Bool = false, eventsName: String = "", answers: (ScriptedTerminal) -> Void = { _ in }
    ) throws -> (FullScreenProgram, ScriptedTerminal) {
        let model = try board ?? self.board()
        let steps = script + [ScriptedTerminal.Step(at: quitTime, .input(.character("q")))]
        let terminal = ScriptedTerminal(size: TerminalSize(columns: columns, rows: 8), script: inRealTime ? [] : steps)
        answers(terminal)
        var program = FullScreenProgram(
            board: model, appearance: ToolbarAppearance(widths: .estimate), framesPerSecond: 30,
            configuration: with(configuration, eventsName: eventsName))
        let ending =
            inRealTime
            ? ProgramRunner.run(
                &program, screen: terminal, holder: terminal, reactor: RealTimeScript(steps), sources: sources,
                sinks: sinks)
            : ProgramRunner.run(&program, on: terminal, sources: sources, sinks: sinks)
        #expect(ending == .quit)
        return (program, terminal)
    }

    /// A configuration whose events' sink is named so in messages.
    private func with(_ configuration: BoardEngine.Configuration, eventsName: String) -> BoardEngine.Configuration {
        var configuration = configuration
        configuration.eventsName = eventsName
        return configuration
    }

    private func watch(_ title: String, _ command: String, every seconds: Double? = nil) -> ButtonCommand {
        ButtonCommand(buttonTitle: title, command: command, intervalSeconds: seconds)
    }

    /// The command of a watch that counts up: its runs print 1, 2, 3 and so on, up to `last`, then `last` again.
    private static let counter = "mail-count"

    /// Answers the counter's runs with 1, 2, 3 and so on, up to `last`.
    private static func count(upTo last: Int) -> (ScriptedTerminal) -> Void {
        { terminal in
            for count in 1...last {
                terminal.answer(
                    command: counter, with: ScriptedTerminal.ProcessAnswer(output: "\(count)\n", afterSeconds: 0.25))
            }
        }
    }

    /// Whether any process still runs with the marker in its command line.
    private var markedProcessesLeft: [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard Int(entry) != nil,
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                String(decoding: data, as: UTF8.self).contains(marker)
            else { return nil }
            return entry
        }
    }

    @Test func aWatchFeedsItsButtonOnItsIntervalAndTheTitleCarriesTheTotal() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", Self.counter)]
        configuration.watchIntervalSeconds = 1
        configuration.setsWindowTitle = true
        let (program, terminal) = try run(configuration, quitTime: 3.5, answers: Self.count(upTo: 9))
        #expect(program.board.toolbar.buttons[0].count == 4, "runs at 0, 1, 2 and 3")
        #expect(terminal.processRequests.map(\.time) == [0, 1, 2, 3])
        #expect(terminal.processRequests.allSatisfy { $0.request.environment == ["BADGEBAR_BUTTON": "Mail"] })
        #expect(terminal.windowTitles == ["Status", "(1) Status", "(2) Status", "(3) Status", "(4) Status"])
        #expect(terminal.lastFrame.map { $0.line(at: 1).contains(" 4 ") } == true)
        // The badge moved: some frame between two counts shows a badge in motion (a roll or a pop).
        #expect(terminal.frames.count > 8, "\(terminal.frames.count) frames")
    }

    @Test func theTitleIsSetOnceATurnHoweverManyCountsArriveInIt() throws {
        var configuration = BoardEngine.Configuration()
        configuration.setsWindowTitle = true
        let file = folder.path + "/counts"
        try (1...50).map { "Mail=\($0)\n" }.joined().write(toFile: file, atomically: true, encoding: .utf8)
        let (program, terminal) = try run(configuration, quitTime: 2, sources: [.counts: try LineReader(path: file)])
        #expect(program.board.toolbar.buttons[0].count == 50)
        #expect(terminal.windowTitles == ["Status", "(50) Status"])
    }

    @Test func aFailingWatchKeepsTheLastGoodCountMarksTheBadgeAndSaysWhy() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", "mail-count --folder inbox")]
        configuration.watchIntervalSeconds = 1
        // The first run prints a count, every one after fails.
        let (ended, terminal) = try run(configuration, quitTime: 5.5, columns: 100) { terminal in
            terminal.answer(command: "mail-count --folder inbox", with: .init(output: "5\n"))
            terminal.answer(command: "mail-count --folder inbox", with: .init(errors: "oops\n", status: 3))
        }
        #expect(terminal.processRequests.count == 6, "runs at 0 to 5")
        #expect(ended.board.toolbar.buttons[0].count == 5)
        #expect(ended.board.toolbar.staleReasons.map { $0 != nil } == [true, false])
        #expect(ended.board.toolbar.staleReasons[0] == "failed, exit 3 (oops)")
        let failed = terminal.frames.first { $0.canvas.line(at: 7).contains("Mail: '") }
        #expect(
            failed?.canvas.line(at: 7).hasPrefix(" Mail: 'mail-count --folder inbox' failed, exit 3 (oops)") == true,
            "\(failed?.canvas.line(at: 7) ?? "no notice")")
        #expect(failed?.time == 1, "the first failure is shown as it comes")
        let last = try #require(terminal.lastFrame)
        #expect(last.line(at: 1).contains("? 5 "), "\(last.line(at: 1))")
        #expect(last.line(at: 7).hasPrefix(" Mail: 5 unread (stale: failed, exit 3 (oops))"), "\(last.line(at: 7))")
    }

    @Test func aHangingAndANeverEndingWatchAreEndedAndNothingIsLeftRunning() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [
            watch("Mail", "sleep 30 # \(marker)", every: 1),
            watch("News", "(sleep 31 # \(marker)\n) & while sleep 0.1; do :; done", every: 1.5),
        ]
        let (program, _) = try run(configuration, quitTime: 2.9, inRealTime: true)
        #expect(program.engine.watches.watches[0].problem == .timedOut(seconds: 1))
        #expect(program.engine.watches.watches[1].problem != nil)
        #expect(program.board.toolbar.staleReasons.map { $0 != nil } == [true, true])
        usleep(100_000)
        #expect(markedProcessesLeft == [])
    }

    @Test func outputThatIsNotACountIsAProblemToo() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", "mail-summary"), watch("News", "news-dump")]
        let (program, _) = try run(configuration, quitTime: 1) { terminal in
            terminal.answer(command: "mail-summary", with: .init(output: "three new\n"))
            terminal.answer(command: "news-dump", with: .init(output: String(repeating: "1", count: 100_000)))
        }
        #expect(program.engine.watches.watches[0].problem == .notACount(firstLine: "three new"))
        #expect(
            program.engine.watches.watches[1].problem
                == .tooLong(limitBytes: ProcessRequest.defaultOutputLimitBytes))
        #expect(program.board.toolbar.buttons.map(\.count) == [0, 0])
    }

    @Test func sigusr1RefreshesEveryWatchAtOnce() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", Self.counter)]
        let (program, terminal) = try run(
            configuration, script: [ScriptedTerminal.Step(at: 5, .signal(SIGUSR1))], quitTime: 6,
            answers: Self.count(upTo: 9))
        #expect(program.board.toolbar.buttons[0].count == 2, "at the start, then at the signal, not at 30 s")
        #expect(terminal.processRequests.map(\.time) == [0, 5])
    }

    @Test func aPressRunsItsCommandThenRefreshesTheWatchWhichSeesWhatTheCommandDid() throws {
        let (ends, sink) = try pipeSink()
        defer { ends.close() }
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", "mail-count")]
        configuration.pressCommands = [ButtonCommand(buttonTitle: "Mail", command: "mark-read")]
        configuration.writesEvents = true
        configuration.unixTimeOffset = 1_000_000
        // The press's command takes a while: the refresh comes after its end. Quitting before the watch's next
        // turn (30 s) leaves only the refresh to read the 2.
        let (program, terminal) = try run(
            configuration, script: [ScriptedTerminal.Step(at: 1, .input(.character("1")))], quitTime: 20,
            sinks: [.events: sink]
        ) { terminal in
            terminal.answer(command: "mail-count", with: .init(output: "5\n"))
            terminal.answer(command: "mail-count", with: .init(output: "2\n"))
            terminal.answer(command: "mark-read", with: .init(afterSeconds: 0.3))
        }
        #expect(terminal.processRequests.map(\.request.command) == ["mail-count", "mark-read", "mail-count"])
        #expect(terminal.processRequests.map(\.time) == [0, 1, 1.3], "the refresh waits for the command's end")
        #expect(terminal.processRequests[1].request.environment == ["BADGEBAR_BUTTON": "Mail", "BADGEBAR_COUNT": "5"])
        #expect(program.board.toolbar.buttons[0].count == 2)
        let lines = ends.readAll().split(separator: "\n").map(String.init)
        #expect(
            lines.map { $0.replacingOccurrences(of: #"\{"time":[0-9.]*,"#, with: "{", options: .regularExpression) }
                == [
                    #"{"event":"change","button":"Mail","count":5,"previous":0,"source":"watch"}"#,
                    #"{"event":"press","button":"Mail","count":0,"previous":5,"source":"key"}"#,
                    #"{"event":"change","button":"Mail","count":2,"previous":0,"source":"watch"}"#,
                ], "\(lines)")
        #expect(lines.first?.hasPrefix(#"{"time":1000000."#) == true, "\(lines)")
    }

    @Test func aPressWithoutCommandsRefreshesAtOnceAndAFailingPressCommandIsReported() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", Self.counter)]
        configuration.pressCommands = [ButtonCommand(buttonTitle: "News", command: "echo nope >&2; exit 4")]
        let (program, terminal) = try run(
            configuration,
            script: [
                ScriptedTerminal.Step(at: 1, .input(.character("1"))),
                ScriptedTerminal.Step(at: 2, .input(.character("2"))),
            ], quitTime: 3
        ) { terminal in
            Self.count(upTo: 9)(terminal)
            terminal.answer(command: "echo nope >&2; exit 4", with: .init(errors: "nope\n", status: 4))
        }
        #expect(program.board.toolbar.buttons[0].count == 2, "the press refreshed Mail's watch")
        #expect(terminal.processRequests.map(\.time) == [0, 1, 2])
        #expect(
            terminal.frames.contains {
                $0.canvas.line(at: 7).hasPrefix(" News: 'echo nope >&2; exit 4' failed, exit 4 (nope)")
            })
    }

    @Test func aPressWhileTheButtonsCommandRunsStartsNothingAndOneAfterItsEndRunsItAgain() throws {
        var configuration = BoardEngine.Configuration()
        configuration.pressCommands = [ButtonCommand(buttonTitle: "Mail", command: "mark-read")]
        // Three quick presses while the command runs (it takes a second), then one long after its end.
        let presses = [1.0, 1.1, 1.2, 20].map { ScriptedTerminal.Step(at: $0, .input(.character("1"))) }
        let (_, terminal) = try run(configuration, script: presses, quitTime: 21) { terminal in
            terminal.answer(command: "mark-read", with: .init(afterSeconds: 1))
        }
        #expect(
            terminal.processRequests.map(\.time) == [1, 20],
            "one run for the three quick presses, one for the later press")
    }

    @Test func openHandsTheTerminalToTheCommandThenRefreshes() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", "mail-count")]
        configuration.openCommands = [ButtonCommand(buttonTitle: "Mail", command: "mail-client")]
        let (program, terminal) = try run(
            configuration,
            script: [
                ScriptedTerminal.Step(at: 1, .input(.key(.enter))),
                ScriptedTerminal.Step(at: 2, .input(.key(.enter))),
            ], quitTime: 3
        ) { terminal in
            terminal.answer(command: "mail-count", with: .init(output: "1\n"))
            terminal.answer(command: "mail-count", with: .init(output: "9\n"))
            terminal.answer(command: "mail-client", with: .init(afterSeconds: 0.5))
        }
        #expect(
            terminal.processRequests.map { "\($0.time) \($0.request.command) \($0.isForeground)" } == [
                "0.0 mail-count false", "1.0 mail-client true", "1.5 mail-count false", "2.0 mail-client true",
                "2.5 mail-count false",
            ])
        #expect(terminal.foregroundGroups.count == 2)
        #expect(!terminal.isHandedOver)
        #expect(program.board.toolbar.buttons[0].count == 9)
    }

    @Test func risesNotifyWhenAllowedAndOnlyOnceAWhile() throws {
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", Self.counter)]
        configuration.watchIntervalSeconds = 1
        configuration.notificationMode = .always
        let (_, terminal) = try run(configuration, quitTime: 6.5, answers: Self.count(upTo: 9))
        // Not the first reading (0 to 1 at the start); then at most one every 5 seconds.
        #expect(terminal.notifications.map(\.body) == ["Mail: 2 unread", "Mail: 7 unread"])
        #expect(terminal.notifications.map(\.time) == [1.25, 6.25])
        #expect(terminal.notifications.first?.title == "Status")

        configuration.notificationMode = .unfocused
        let (_, unfocused) = try run(
            configuration,
            script: [
                ScriptedTerminal.Step(at: 2.5, .input(.focus(isFocused: false))),
                ScriptedTerminal.Step(at: 3.5, .input(.focus(isFocused: true))),
            ], quitTime: 4.5, answers: Self.count(upTo: 9))
        #expect(unfocused.notifications.map(\.body) == ["Mail: 4 unread"], "only while unfocused")
    }

    @Test func anEventsReaderThatGoesAwayIsReportedOnceAndIsNotFatal() throws {
        let (ends, sink) = try pipeSink()
        ends.close()
        var configuration = BoardEngine.Configuration()
        configuration.watches = [watch("Mail", Self.counter)]
        configuration.watchIntervalSeconds = 1
        configuration.writesEvents = true
        let (program, terminal) = try run(
            configuration, quitTime: 3.5, sinks: [.events: sink], eventsName: "'events.fifo'",
            answers: Self.count(upTo: 9))
        #expect(program.board.toolbar.buttons[0].count == 4)
        let notices = Set(terminal.frames.map { $0.canvas.line(at: 7) }.filter { $0.contains("events to") })
        #expect(notices.count == 1, "\(notices)")
        #expect(notices.first?.hasPrefix(" events to 'events.fifo' stopped: Broken pipe") == true, "\(notices)")
        #expect(
            BoardEngine.describe(.dropped(lineCount: 3), name: "standard output")
                == "events to standard output: 3 lines dropped, the reader fell behind")
    }

    /// A pipe whose write end is a sink (SIGPIPE ignored, as the relay does), and its read end.
    private func pipeSink() throws -> (PipeReader, OutputSink) {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, nil)
        let ends = try SystemDescriptor.pipe()
        return (PipeReader(descriptor: ends.read), OutputSink(descriptor: ends.write, name: "pipe", owned: true))
    }
}

/// The read end of a pipe, read without blocking.
struct PipeReader {
    let descriptor: SystemDescriptor

    /// Everything the pipe holds now.
    func readAll() -> String {
        try? descriptor.setNonBlocking()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case .some(let count?) = try? buffer.withUnsafeMutableBytes({ try descriptor.read(into: $0) }), count > 0
        {
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func close() {
        descriptor.close()
    }
}
