import BadgeKit
import BadgeTerminal
import Foundation
import Testing

@testable import badgebar

/// The board program with watches, press commands, events, title and notifications, run by the real runner on a
/// scripted terminal, with real children: the virtual clock moves once the children have had a moment.
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
    ///   - realWaitSeconds: How long the terminal waits for the children before each move of its clock.
    ///   - framesPerSecond: The frame rate while badges move, which sets how often the clock moves.
    private func run(
        _ configuration: BoardAutomation.Configuration, board: BadgeBoard? = nil, script: [ScriptedTerminal.Step] = [],
        quitTime: Double, sinks: [OutputSink] = [], sources: [LineReader] = [], realWaitSeconds: Double = 0.05,
        framesPerSecond: Int = 30
    ) throws -> (BoardProgram, ScriptedTerminal) {
        let model = try board ?? self.board()
        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 60, rows: 8),
            script: script + [ScriptedTerminal.Step(at: quitTime, .input(.character("q")))])
        terminal.runsRealChildren = true
        terminal.realWaitSeconds = realWaitSeconds
        var program = BoardProgram(
            board: model, appearance: ToolbarAppearance(widths: .estimate), framesPerSecond: framesPerSecond,
            automation: BoardAutomation(configuration: configuration, board: model, startTime: 0))
        #expect(ProgramRunner.run(&program, on: terminal, sources: sources, sinks: sinks) == .quit)
        return (program, terminal)
    }

    private func watch(_ title: String, _ command: String, every seconds: Double? = nil) -> ButtonCommand {
        ButtonCommand(buttonTitle: title, command: command, intervalSeconds: seconds)
    }

    /// A script that adds one to a count kept in a file and prints it.
    private var counter: String {
        "n=$(cat '\(folder.path)/n' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\(folder.path)/n'; echo $n"
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
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", counter)]
        configuration.watchIntervalSeconds = 1
        configuration.setsWindowTitle = true
        let (program, terminal) = try run(configuration, quitTime: 3.5)
        #expect(program.board.toolbar.buttons[0].count == 4, "runs at 0, 1, 2 and 3")
        #expect(terminal.windowTitles == ["Status", "(1) Status", "(2) Status", "(3) Status", "(4) Status"])
        #expect(terminal.lastFrame.map { $0.line(at: 1).contains(" 4 ") } == true)
        // The badge moved: some frame between two counts shows a badge in motion (a roll or a pop).
        #expect(terminal.frames.count > 8, "\(terminal.frames.count) frames")
    }

    @Test func theTitleIsSetOnceATurnHoweverManyCountsArriveInIt() throws {
        var configuration = BoardAutomation.Configuration()
        configuration.setsWindowTitle = true
        let file = folder.path + "/counts"
        try (1...50).map { "Mail=\($0)\n" }.joined().write(toFile: file, atomically: true, encoding: .utf8)
        let (program, terminal) = try run(configuration, quitTime: 2, sources: [try LineReader(path: file)])
        #expect(program.board.toolbar.buttons[0].count == 50)
        #expect(terminal.windowTitles == ["Status", "(50) Status"])
    }

    @Test func aFailingWatchKeepsTheLastGoodCountMarksTheBadgeAndSaysWhy() throws {
        let flag = folder.path + "/fail"
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", "if [ -e '\(flag)' ]; then echo oops >&2; exit 3; fi; echo 5")]
        configuration.watchIntervalSeconds = 1
        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 100, rows: 8),
            script: [
                ScriptedTerminal.Step(at: 0.5, .problem("ready")),
                ScriptedTerminal.Step(at: 5.5, .input(.character("q"))),
            ])
        terminal.runsRealChildren = true
        terminal.realWaitSeconds = 0.05
        let model = try board()
        let program = BoardProgram(
            board: model, appearance: ToolbarAppearance(widths: .estimate), framesPerSecond: 30,
            automation: BoardAutomation(configuration: configuration, board: model, startTime: 0))
        // The flag appears after the first good reading: the scripted problem event at 0.5 is the moment.
        var wrapper = FlagSetter(program: program, flag: flag)
        #expect(ProgramRunner.run(&wrapper, on: terminal) == .quit)
        let ended = wrapper.program
        #expect(ended.board.toolbar.buttons[0].count == 5)
        #expect(ended.board.toolbar.staleMarks == [true, false])
        #expect(ended.board.staleReasons[0] == "failed, exit 3 (oops)")
        let failed = terminal.frames.first { $0.canvas.line(at: 7).contains("Mail: '") }
        #expect(
            failed?.canvas.line(at: 7).hasPrefix(" Mail: 'if [ -e '") == true
                && failed?.canvas.line(at: 7).contains("failed, exit 3 (oops)") == true,
            "\(failed?.canvas.line(at: 7) ?? "no notice")")
        let last = try #require(terminal.lastFrame)
        #expect(last.line(at: 1).contains("? 5 "), "\(last.line(at: 1))")
        #expect(last.line(at: 7).hasPrefix(" Mail: 5 unread (stale: failed, exit 3 (oops))"), "\(last.line(at: 7))")
    }

    @Test func aHangingAndANeverEndingWatchAreEndedAndNothingIsLeftRunning() throws {
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [
            watch("Mail", "sleep 30 # \(marker)", every: 1),
            watch("News", "(sleep 31 # \(marker)\n) & while sleep 0.1; do :; done", every: 1.5),
        ]
        let (program, _) = try run(configuration, quitTime: 2.9)
        #expect(program.automation.schedule.watches[0].problem == .timedOut(seconds: 1))
        #expect(program.automation.schedule.watches[1].problem != nil)
        #expect(program.board.toolbar.staleMarks == [true, true])
        usleep(100_000)
        #expect(markedProcessesLeft == [])
    }

    @Test func outputThatIsNotACountIsAProblemToo() throws {
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [
            watch("Mail", "echo 'three new'"), watch("News", "head -c 100000 /dev/zero | tr '\\0' 1"),
        ]
        let (program, _) = try run(configuration, quitTime: 1)
        #expect(program.automation.schedule.watches[0].problem == .notACount(firstLine: "three new"))
        #expect(
            program.automation.schedule.watches[1].problem
                == .tooLong(limitBytes: ProcessRequest.defaultOutputLimitBytes))
        #expect(program.board.toolbar.buttons.map(\.count) == [0, 0])
    }

    @Test func sigusr1RefreshesEveryWatchAtOnce() throws {
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", counter)]
        let (program, _) = try run(
            configuration, script: [ScriptedTerminal.Step(at: 5, .signal(SIGUSR1))], quitTime: 6)
        #expect(program.board.toolbar.buttons[0].count == 2, "at the start, then at the signal, not at 30 s")
    }

    @Test func aPressRunsItsCommandThenRefreshesTheWatchWhichSeesWhatTheCommandDid() throws {
        let file = folder.path + "/mail"
        try "5\n".write(toFile: file, atomically: true, encoding: .utf8)
        let (ends, sink) = try pipeSink()
        defer { ends.close() }
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", "cat '\(file)'")]
        configuration.pressCommands = [
            ButtonCommand(
                buttonTitle: "Mail",
                command:
                    "sleep 0.3; echo \"$BADGEBAR_BUTTON $BADGEBAR_COUNT\" > '\(folder.path)/seen'; echo 2 > '\(file)'")
        ]
        configuration.eventsSink = 0
        configuration.unixTimeOffset = 1_000_000
        // The press's command takes a while: a refresh before its end would read 5 again. Quitting before
        // the watch's next turn (30 s) leaves only the refresh to read the 2.
        let (program, _) = try run(
            configuration, script: [ScriptedTerminal.Step(at: 1, .input(.character("1")))], quitTime: 20,
            sinks: [sink], realWaitSeconds: 0.6, framesPerSecond: 2)
        #expect(try String(contentsOfFile: folder.path + "/seen", encoding: .utf8) == "Mail 5\n")
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
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", counter)]
        configuration.pressCommands = [ButtonCommand(buttonTitle: "News", command: "echo nope >&2; exit 4")]
        let (program, terminal) = try run(
            configuration,
            script: [
                ScriptedTerminal.Step(at: 1, .input(.character("1"))),
                ScriptedTerminal.Step(at: 2, .input(.character("2"))),
            ], quitTime: 3)
        #expect(program.board.toolbar.buttons[0].count == 2, "the press refreshed Mail's watch")
        #expect(
            terminal.frames.contains {
                $0.canvas.line(at: 7).hasPrefix(" News: 'echo nope >&2; exit 4' failed, exit 4 (nope)")
            })
    }

    @Test func aPressWhileTheButtonsCommandRunsStartsNothingAndOneAfterItsEndRunsItAgain() throws {
        let file = folder.path + "/runs"
        var configuration = BoardAutomation.Configuration()
        configuration.pressCommands = [
            ButtonCommand(buttonTitle: "Mail", command: "echo run >> '\(file)'; sleep 1 # \(marker)")
        ]
        // Three quick presses while the command runs, then, after steps that each wait in real time for
        // nothing (so the command has long finished), one more.
        let presses = [1.0, 1.1, 1.2, 20].map { ScriptedTerminal.Step(at: $0, .input(.character("1"))) }
        let pauses = (2..<20).map { ScriptedTerminal.Step(at: Double($0), .input(.focus(isFocused: true))) }
        _ = try run(
            configuration, script: (presses + pauses).sorted { $0.time < $1.time }, quitTime: 21,
            realWaitSeconds: 0.3, framesPerSecond: 2)
        let runs = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(runs.count == 2, "one run for the three quick presses, one for the later press: \(runs)")
    }

    @Test func openHandsTheTerminalToTheCommandThenRefreshes() throws {
        let file = folder.path + "/count"
        try "1\n".write(toFile: file, atomically: true, encoding: .utf8)
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", "cat '\(file)'")]
        configuration.openCommands = [ButtonCommand(buttonTitle: "Mail", command: "echo 9 > '\(file)'")]
        let (program, terminal) = try run(
            configuration,
            script: [
                ScriptedTerminal.Step(at: 1, .input(.key(.enter))),
                ScriptedTerminal.Step(at: 2, .input(.key(.enter))),
            ], quitTime: 3)
        #expect(terminal.foregroundGroups.count == 2)
        #expect(!terminal.isHandedOver)
        #expect(program.board.toolbar.buttons[0].count == 9)
    }

    @Test func risesNotifyWhenAllowedAndOnlyOnceAWhile() throws {
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", counter)]
        configuration.watchIntervalSeconds = 1
        configuration.notificationMode = .always
        // Time enough for each run of the watch on a busy machine before the clock moves on.
        let (_, terminal) = try run(configuration, quitTime: 6.5, realWaitSeconds: 0.3, framesPerSecond: 2)
        // Not the first reading (0 to 1 at the start); then at most one every 5 seconds.
        #expect(terminal.notifications.map(\.body) == ["Mail: 2 unread", "Mail: 7 unread"])
        #expect(terminal.notifications.map(\.time) == [1, 6])
        #expect(terminal.notifications.first?.title == "Status")

        try? FileManager.default.removeItem(atPath: folder.path + "/n")
        configuration.notificationMode = .unfocused
        let (_, unfocused) = try run(
            configuration,
            script: [
                ScriptedTerminal.Step(at: 2.5, .input(.focus(isFocused: false))),
                ScriptedTerminal.Step(at: 3.5, .input(.focus(isFocused: true))),
            ], quitTime: 4.5, realWaitSeconds: 0.3, framesPerSecond: 2)
        #expect(unfocused.notifications.map(\.body) == ["Mail: 4 unread"], "only while unfocused")
    }

    @Test func anEventsReaderThatGoesAwayIsReportedOnceAndIsNotFatal() throws {
        let (ends, sink) = try pipeSink()
        ends.close()
        var configuration = BoardAutomation.Configuration()
        configuration.watches = [watch("Mail", counter)]
        configuration.watchIntervalSeconds = 1
        configuration.eventsSink = 0
        configuration.eventsName = "'events.fifo'"
        let (program, terminal) = try run(configuration, quitTime: 3.5, sinks: [sink])
        #expect(program.board.toolbar.buttons[0].count == 4)
        let notices = Set(terminal.frames.map { $0.canvas.line(at: 7) }.filter { $0.contains("events to") })
        #expect(notices.count == 1, "\(notices)")
        #expect(notices.first?.hasPrefix(" events to 'events.fifo' stopped: Broken pipe") == true, "\(notices)")
        #expect(
            BoardAutomation.describe(.dropped(lineCount: 3), name: "standard output")
                == "events to standard output: 3 lines dropped, the reader fell behind")
    }

    /// A pipe whose write end is a sink (SIGPIPE ignored, as the relay does), and its read end.
    private func pipeSink() throws -> (PipeReader, OutputSink) {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, nil)
        let ends = try FileDescriptor.pipe()
        return (PipeReader(descriptor: ends.read), OutputSink(descriptor: ends.write, name: "pipe", owned: true))
    }
}

/// The read end of a pipe, read without blocking.
struct PipeReader {
    let descriptor: FileDescriptor

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

/// A board program that creates a file when the scripted problem event arrives, so a watch starts failing then.
private struct FlagSetter: TerminalProgram {
    var program: BoardProgram
    let flag: String

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramCommand {
        if case .problem = event {
            _ = FileManager.default.createFile(atPath: flag, contents: nil)
            return .none
        }
        return program.update(event, at: time)
    }

    func render(into canvas: inout Canvas, at time: Double) {
        program.render(into: &canvas, at: time)
    }

    func nextWakeTime(after time: Double) -> Double? {
        program.nextWakeTime(after: time)
    }
}
