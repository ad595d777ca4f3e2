import BadgeKit
import BadgeTerminal
import Foundation
import Testing

@testable import badgebar

@Suite struct LineModeProgramTests {
    /// A line written to a sink: the text and the sink's index.
    struct Written: Equatable, CustomStringConvertible {
        var text: String
        var sink: Int
        var description: String { "\(sink): \(text)" }
    }

    /// The writes a command makes, in order, through batches.
    static func writes(_ command: ProgramEffect) -> [Written] {
        switch command {
        case .write(let text, let sink): return [Written(text: text, sink: sinkIndex(sink))]
        case .batch(let commands): return commands.flatMap(writes)
        default: return []
        }
    }

    /// Whether a command quits, through batches.
    static func quits(_ command: ProgramEffect) -> Bool {
        switch command {
        case .quit: return true
        case .batch(let commands): return commands.contains(where: quits)
        default: return false
        }
    }

    static let summary = "Inbox. Messages: 2 unread; Cart: none unread; Notifications: 96 unread"

    /// Line mode around the Inbox: counts from source 0, commands from source 1; lines to sink 0, messages to sink 1.
    func inbox(autoPlays: Bool = false, readsKeys: Bool = true) -> LineModeProgram {
        LineModeProgram(
            board: Inbox.demo(startTime: 0, autoPlays: autoPlays), sources: [.counts, .instructions],
            readsKeys: readsKeys)
    }

    /// Starts a program, as the runner does, and returns what its first event wrote.
    func start(_ program: inout LineModeProgram) -> [Written] {
        Self.writes(program.update(.input(.resize(columns: 1, rows: 1)), at: 0))
    }

    @Test func theFirstLineStatesEveryButtonThenChangesAreMergedPerButton() {
        var program = inbox()
        #expect(start(&program) == [Written(text: Self.summary, sink: 0)])
        #expect(Self.writes(program.update(.line("Messages=5", source: .counts), at: 1)) == [])
        #expect(Self.writes(program.update(.line("Messages+=1", source: .counts), at: 1.1)) == [])
        #expect(Self.writes(program.update(.line("Cart=1", source: .counts), at: 1.2)) == [])
        #expect(program.nextWakeTime(after: 1.2) == 1.25, "the line's due time, no frames of motion")
        #expect(Self.writes(program.update(.tick, at: 1.25)) == [Written(text: "Messages: 6 unread (+4)", sink: 0)])
        #expect(Self.writes(program.update(.tick, at: 1.45)) == [Written(text: "Cart: 1 unread (new)", sink: 0)])
        #expect(program.nextWakeTime(after: 1.45) == nil)
    }

    @Test func nothingMovesAndNothingIsDrawn() {
        var program = inbox()
        _ = start(&program)
        _ = program.update(.input(.character("1")), at: 1)
        #expect(program.board.toolbar.motions.allSatisfy { $0 == BadgeMotion() })
        var canvas = Canvas(columns: 10, rows: 2)
        program.render(into: &canvas, at: 1.1)
        #expect(canvas == Canvas(columns: 10, rows: 2))
    }

    @Test func keysPressMoveTheFocusListTheKeysRestateAndQuit() {
        var program = inbox(autoPlays: true)
        _ = start(&program)
        #expect(Self.writes(program.update(.input(.character("3")), at: 0.5)) == [])
        #expect(!program.board.autoPlay.isRunning, "a key ends auto-play")
        #expect(
            Self.writes(program.update(.input(.key(.tab)), at: 0.6))
                == [Written(text: "Focus on Messages: 2 unread", sink: 0)], "pressing 3 focused Notifications")
        #expect(
            Self.writes(program.update(.tick, at: 0.75)) == [
                Written(text: "Notifications: none unread (cleared)", sink: 0)
            ])
        let help = Self.writes(program.update(.input(.character("?")), at: 1))
        #expect(help.count == 1 && help[0].text.hasPrefix("Keys: 1-3 clear"), "\(help)")
        #expect(!program.board.isShowingHelp)
        _ = program.update(.input(.character("1")), at: 2)
        #expect(
            Self.writes(program.update(.input(.key(.redraw)), at: 2.1)) == [
                Written(text: "Messages: none unread (cleared)", sink: 0),
                Written(text: "Inbox. Messages: none unread; Cart: none unread; Notifications: none unread", sink: 0),
            ], "what waits is said first")
        #expect(program.update(.input(.key(.suspend)), at: 3) == .suspend)
        _ = program.update(.input(.character("2")), at: 4)
        let quit = program.update(.input(.character("q")), at: 4.01)
        #expect(Self.quits(quit))
        #expect(Self.writes(quit) == [], "Cart was at zero already: nothing to say")
    }

    @Test func aQuitSaysTheChangesThatWaitFirst() {
        var program = inbox()
        _ = start(&program)
        _ = program.update(.line("Cart=4", source: .counts), at: 1)
        let quit = program.update(.input(.key(.interrupt)), at: 1.05)
        #expect(Self.writes(quit) == [Written(text: "Cart: 4 unread (new)", sink: 0)])
        #expect(Self.quits(quit))
    }

    @Test func commandsFromStandardInput() {
        var program = inbox()
        _ = start(&program)
        #expect(Self.writes(program.update(.line("press cart", source: .instructions), at: 1)) == [])
        _ = program.update(.line("2", source: .instructions), at: 1.1)
        _ = program.update(.line("1", source: .instructions), at: 1.2)
        #expect(
            Self.writes(program.update(.line("status", source: .instructions), at: 1.3)) == [
                Written(text: "Messages: none unread (cleared)", sink: 0),
                Written(text: "Inbox. Messages: none unread; Cart: none unread; Notifications: 96 unread", sink: 0),
            ])
        #expect(
            Self.writes(program.update(.line("launch", source: .instructions), at: 1.4)) == [
                Written(
                    text: "badgebar: ignored 'launch': expected a button number (1-3), press NAME, status or q", sink: 1
                )
            ])
        #expect(Self.writes(program.update(.line("", source: .instructions), at: 1.5)) == [])
        #expect(Self.quits(program.update(.line("q", source: .instructions), at: 1.6)))
    }

    /// Line mode around two buttons of one's own with its events written to sink 2; commands from source 0.
    func withEvents() throws -> LineModeProgram {
        let board = BadgeBoard(
            toolbar: BadgeToolbar(
                title: "Badges",
                buttons: [
                    try ButtonSpecification.parse("Mail:envelope:5"), try ButtonSpecification.parse("B:hammer:2"),
                ]
            ),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
        var configuration = BoardEngine.Configuration()
        configuration.writesEvents = true
        return LineModeProgram(
            board: board, sources: [.instructions], readsKeys: false,
            configuration: configuration)
    }

    @Test func pressesAndAQuitInOneBatchWriteEveryPressBeforeTheQuit() throws {
        var program = try withEvents()
        _ = start(&program)
        let command = program.update(.lines(LineBatch(["1", "2", "q"]), source: .instructions), at: 1)
        let events = Self.writes(command).filter { $0.sink == 2 }.map(\.text)
        #expect(events.count == 2, "\(command)")
        #expect(events.first?.contains(#""event":"press","button":"Mail","count":0,"previous":5"#) == true)
        #expect(events.last?.contains(#""event":"press","button":"B","count":0,"previous":2"#) == true)
        guard case .batch(let commands) = command else {
            Issue.record("expected a batch: \(command)")
            return
        }
        #expect(commands.last == .quit, "the quit comes after the events' lines")
        #expect(commands.dropLast().allSatisfy { !Self.quits($0) })
    }

    @Test func pressesAndAQuitReadTogetherThroughTheRunnerReachTheEventsFile() throws {
        let folder = try TemporaryFolder()
        let commands = try LineReader(path: try folder.write("1\n2\nq\n", to: "commands"))
        let lines = try SystemDescriptor.pipe()
        let messages = try SystemDescriptor.pipe()
        let events = try SystemDescriptor.pipe()
        let eventsRead = PipeReader(descriptor: events.read)
        defer {
            lines.read.close()
            messages.read.close()
            eventsRead.close()
        }
        let sinks: [SinkName: OutputSink] = [
            .output: OutputSink(descriptor: lines.write, name: "lines", owned: true),
            .messages: OutputSink(descriptor: messages.write, name: "messages", owned: true),
            .events: OutputSink(descriptor: events.write, name: "events", owned: true),
        ]
        var program = try withEvents()
        #expect(
            ProgramRunner.run(&program, on: ScriptedTerminal(), sources: [.instructions: commands], sinks: sinks)
                == .quit)
        let written = eventsRead.readAll().split(separator: "\n")
        #expect(written.count == 2, "\(written)")
        #expect(written.allSatisfy { $0.contains(#""event":"press""#) })
    }

    @Test func commandsAfterAPressThatOpensWaitForTheOpenedCommandToEnd() throws {
        let folder = try TemporaryFolder()
        // The quit and the end of the commands arrive in the same read as the press: both wait for the command.
        let commands = try LineReader(path: try folder.write("1\nq\n", to: "commands"))
        let board = BadgeBoard(
            toolbar: BadgeToolbar(title: "Badges", buttons: [try ButtonSpecification.parse("Mail:envelope:3")]),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
        var configuration = BoardEngine.Configuration()
        configuration.openCommands = [ButtonCommand(buttonTitle: "Mail", command: "neomutt", intervalSeconds: nil)]
        var program = LineModeProgram(
            board: board, sources: [.instructions], readsKeys: false,
            configuration: configuration)
        // The opened command takes 3 s of the virtual clock; the script would go on for 20.
        let terminal = ScriptedTerminal(
            script: (1...200).map { ScriptedTerminal.Step(at: Double($0) / 10, .input(.resize(columns: 1, rows: 1))) })
        terminal.answer(command: "neomutt", with: ScriptedTerminal.ProcessAnswer(afterSeconds: 3))
        #expect(ProgramRunner.run(&program, on: terminal, sources: [.instructions: commands]) == .quit)
        #expect(terminal.processRequests.map(\.request.command) == ["neomutt"])
        #expect(terminal.foregroundGroups.count == 1, "the terminal was handed over once")
        #expect(!terminal.isHandedOver, "and taken back")
        #expect(terminal.now >= 3 && terminal.now < 4, "q quit once the command had ended, not before: \(terminal.now)")
    }

    @Test func noticesGoToTheMessageSink() {
        var program = inbox()
        _ = start(&program)
        #expect(
            Self.writes(program.update(.line("Nope=1", source: .counts), at: 1))
                == [Written(text: "badgebar: ignored 'Nope': no button has that title", sink: 1)])
        #expect(
            Self.writes(program.update(.lineDiscarded(source: .counts, byteCount: 5000), at: 2))
                == [Written(text: "badgebar: " + LineBatch.discardedLineNotice(byteCount: 5000), sink: 1)])
        #expect(
            Self.writes(program.update(.problem("something broke"), at: 3))
                == [Written(text: "badgebar: something broke", sink: 1)])
        #expect(
            Self.writes(program.update(.sinkProblem(sink: .output, .dropped(lineCount: 3)), at: 4))
                == [Written(text: LineModeView.droppedNotice(3), sink: 1)])
        #expect(LineModeView.droppedNotice(1).contains(" 1 line dropped"))
        #expect(Self.writes(program.update(.sinkProblem(sink: .messages, .dropped(lineCount: 3)), at: 5)) == [])
    }

    @Test func everyBadLineOfABatchIsToldUpToTheBoundOfATurnThenHowManyMore() {
        var program = inbox()
        _ = start(&program)
        let three = program.update(.lines(LineBatch(["Nope=1", "not a line", "Zed=2"]), source: .counts), at: 1)
        #expect(
            Self.writes(three) == [
                Written(text: "badgebar: ignored 'Nope': no button has that title", sink: 1),
                Written(text: "badgebar: ignored 'not a line': expected Name=N, Name+=N or Name-=N", sink: 1),
                Written(text: "badgebar: ignored 'Zed': no button has that title", sink: 1),
            ])
        #expect(Self.writes(program.update(.tick, at: 1.1)) == [], "nothing held back")

        let limit = BadgeBoard.badLinesToldPerBatch
        let flood = program.update(.lines(LineBatch((1...20).map { "Bad\($0)=1" }), source: .counts), at: 2)
        #expect(
            Self.writes(flood).map(\.text)
                == (1...limit).map { "badgebar: ignored 'Bad\($0)': no button has that title" })
        // More bad lines in the same turn: a discarded line, bad commands; all held back now.
        #expect(Self.writes(program.update(.lineDiscarded(source: .counts, byteCount: 5000), at: 2)) == [])
        #expect(Self.writes(program.update(.lines(LineBatch(["launch", "jump"]), source: .instructions), at: 2)) == [])
        #expect(
            Self.writes(program.update(.tick, at: 2.1)) == [
                Written(text: MessageLog.moreBadLinesNotice(20 - limit + 3), sink: 1)
            ])
        #expect(MessageLog.moreBadLinesNotice(1) == "badgebar: … and 1 more bad line")

        // A new turn tells its own bad lines again, and a notice is never held back.
        let commands = program.update(.lines(LineBatch((1...7).map { "launch \($0)" }), source: .instructions), at: 3)
        #expect(Self.writes(commands).count == limit)
        #expect(
            Self.writes(program.update(.problem("something broke"), at: 3))
                == [Written(text: "badgebar: something broke", sink: 1)])
        let quit = program.update(.lines(LineBatch(["q"]), source: .instructions), at: 3)
        #expect(Self.quits(quit))
        #expect(
            Self.writes(quit) == [Written(text: MessageLog.moreBadLinesNotice(2), sink: 1)], "said before the quit")
    }

    @Test func aReaderThatGoesAwayEndsIt() {
        var program = inbox()
        _ = start(&program)
        let closed = SinkProblem.closed(errorNumber: EPIPE, reason: "Broken pipe")
        #expect(program.update(.sinkProblem(sink: .output, closed), at: 1) == .quit)
        #expect(program.view.outputFailure == closed)
    }

    @Test func withoutKeysItEndsWhenEveryInputHasEndedAndNothingElseCanChange() {
        var program = inbox(readsKeys: false)
        _ = start(&program)
        _ = program.update(.line("Cart=2", source: .counts), at: 1)
        #expect(!Self.quits(program.update(.sourceEnded(source: .counts, problem: nil), at: 1.01)))
        let end = program.update(.sourceEnded(source: .instructions, problem: nil), at: 1.02)
        #expect(Self.writes(end) == [Written(text: "Cart: 2 unread (new)", sink: 0)])
        #expect(Self.quits(end))

        var playing = inbox(autoPlays: true, readsKeys: false)
        _ = start(&playing)
        _ = playing.update(.sourceEnded(source: .counts, problem: "stopped reading counts"), at: 0.1)
        #expect(
            !Self.quits(playing.update(.sourceEnded(source: .instructions, problem: nil), at: 0.2)),
            "auto-play still plays")

        var nothing = LineModeProgram(
            board: Inbox.demo(startTime: 0, autoPlays: false), sources: [],
            readsKeys: false)
        let only = nothing.update(.input(.resize(columns: 1, rows: 1)), at: 0)
        #expect(Self.writes(only) == [Written(text: Self.summary, sink: 0)] && Self.quits(only))
    }

    @Test func theDemoThroughTheRunnerAsLinesOnAPipe() throws {
        let output = try SystemDescriptor.pipe()
        let messages = try SystemDescriptor.pipe()
        defer {
            output.read.close()
            messages.read.close()
        }
        let sinks: [SinkName: OutputSink] = [
            .output: OutputSink(descriptor: output.write, name: "output", owned: true),
            .messages: OutputSink(descriptor: messages.write, name: "messages", owned: true),
        ]
        var program = LineModeProgram(
            board: Inbox.demo(startTime: 0, autoPlays: true), sources: [],
            readsKeys: true)
        let terminal = ScriptedTerminal(script: [.init(at: 4.5, .terminate(SIGTERM))])
        #expect(ProgramRunner.run(&program, on: terminal, sinks: sinks) == .terminated(signal: SIGTERM))
        #expect(terminal.frames.count == 1, "one empty canvas, drawn once")
        // It wakes for auto-play's steps and the lines due a quarter of a second after them: no frames.
        let wakes = terminal.deadlines.compactMap { $0 }.map { ($0 * 100).rounded() / 100 }
        #expect(wakes == [1.3, 1.55, 2.6, 2.85, 3.9, 4.15, 5.2])
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(output.read.rawValue, &buffer, buffer.count)
        #expect(
            String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == """
                \(Self.summary)
                Notifications: 98 unread (+2)
                Cart: 1 unread (new)
                Messages: 3 unread (+1)

                """)
    }
}
