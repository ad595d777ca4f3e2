import BadgeKit
import CNCursesW
import Testing

@testable import BadgeTerminal

/// A small program that records what it was told, for testing the runner.
private struct Recorder: TerminalProgram {
    var events: [ProgramEvent] = []
    var times: [Double] = []
    /// A count drawn on the first row; Space adds one, and motion lasts `motionSeconds` after.
    var count = 0
    var movingUntil: Double?
    var motionSeconds = 0.5
    var replies: [Character: ProgramEffect] = ["q": .quit, "l": .redraw, "z": .suspend]

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        if event != .tick {
            events.append(event)
            times.append(time)
        }
        if case .input(.character(let character)) = event {
            if character == " " {
                count += 1
                movingUntil = time + motionSeconds
            }
            return replies[character] ?? .none
        }
        if let until = movingUntil, time >= until {
            movingUntil = nil
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {
        canvas.write("count \(count)", column: 0, row: 0, style: .plain, widths: .estimate)
    }

    func nextWakeTime(after time: Double) -> Double? {
        guard let until = movingUntil, time < until else { return nil }
        return min(time + 0.1, until)
    }
}

@Suite struct ProgramRunnerTests {
    @Test func startsWithTheSizeDrawsAndQuits() {
        let terminal = ScriptedTerminal(script: [.init(at: 1, .input(.character("q")))])
        var program = Recorder()
        let ending = ProgramRunner.run(&program, on: terminal)
        #expect(ending == .quit)
        #expect(ending.exitStatus == 0)
        #expect(program.events.first == .input(.resize(columns: 80, rows: 24)))
        #expect(program.times.last == 1)
        #expect(terminal.lastFrame?.line(at: 0).hasPrefix("count 0") == true)
    }

    @Test func sleepsWithoutADeadlineWhileNothingMoves() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 5, .input(.character("x"))), .init(at: 9, .input(.character("q"))),
        ])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        #expect(terminal.deadlines.allSatisfy { $0 == nil }, "deadlines: \(terminal.deadlines)")
    }

    @Test func wakesForMotionThenSleepsAgain() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .input(.character(" "))), .init(at: 10, .input(.character("q"))),
        ])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        let deadlines = terminal.deadlines.compactMap { $0 }
        #expect(!deadlines.isEmpty)
        #expect(deadlines.allSatisfy { $0 > 1 && $0 <= 1.5 + 1e-9 }, "\(deadlines)")
        #expect(terminal.deadlines.last == .some(nil), "asleep again once the motion ended")
        #expect(terminal.frames.contains { $0.canvas.line(at: 0).hasPrefix("count 1") })
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGUSR2])
    func aTerminationSignalEndsTheRunWithItsStatus(signal: Int32) {
        let terminal = ScriptedTerminal(script: [.init(at: 2, .terminate(signal))])
        var program = Recorder()
        let ending = ProgramRunner.run(&program, on: terminal)
        #expect(ending == .terminated(signal: signal))
        #expect(ending.exitStatus == 128 + signal)
    }

    @Test func aHangupEndsTheRunQuietly() {
        let terminal = ScriptedTerminal(script: [])
        var program = Recorder()
        #expect(ProgramRunner.run(&program, on: terminal) == .hangup)
    }

    @Test func signalsTheProgramAskedForArriveAsEvents() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .signal(SIGUSR1)), .init(at: 2, .input(.character("q"))),
        ])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        #expect(program.events.contains(.signal(SIGUSR1)))
    }

    @Test func suspendHandsTheTerminalOverAndResumes() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .input(.character("z"))), .init(at: 2, .suspendRequested),
            .init(at: 3, .input(.character("q"))),
        ])
        var program = Recorder()
        #expect(ProgramRunner.run(&program, on: terminal) == .quit)
        #expect(terminal.suspensions == 2)
        // The program's Ctrl-Z stops its whole job; a SIGTSTP sent to it stops it alone.
        #expect(terminal.suspendOrigins == [.key, .signal])
        #expect(program.events.filter { $0 == .resumed }.count == 2)
    }

    @Test func aTerminationWhileSuspendedEndsWithoutResuming() {
        let terminal = ScriptedTerminal(script: [.init(at: 1, .input(.character("z")))])
        terminal.signalWhileSuspended = SIGTERM
        var program = Recorder()
        #expect(ProgramRunner.run(&program, on: terminal) == .terminated(signal: SIGTERM))
        #expect(!program.events.contains(.resumed))
    }

    @Test func aStopFromOutsideTakesTheTerminalBack() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .continued), .init(at: 2, .input(.character("q"))),
        ])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        #expect(terminal.continuations == 1)
        #expect(program.events.contains(.resumed))
    }

    @Test func redrawInvalidatesTheScreen() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .input(.character("l"))), .init(at: 2, .input(.character("q"))),
        ])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        #expect(terminal.invalidations == 1)
    }

    @Test func commandsInABatchRunInOrder() {
        let terminal = ScriptedTerminal(script: [.init(at: 1, .input(.character("b")))])
        var program = Recorder()
        program.replies["b"] = .batch([.redraw, .quit, .suspend])
        #expect(ProgramRunner.run(&program, on: terminal) == .quit)
        #expect(terminal.invalidations == 1)
        #expect(terminal.suspensions == 0)
    }

    @Test func aScreenTooLargeShowsANoticeInsteadOfTheProgram() {
        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 5000, rows: 5000), script: [.init(at: 1, .input(.character("q")))])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        let frame = try! #require(terminal.lastFrame)
        #expect(frame.columns * frame.rows <= TerminalSize.cellCeiling)
        #expect(frame.columns == 5000)
        let text = (0..<frame.rows).map { frame.line(at: $0) }.joined()
        #expect(text.contains("too large"))
        #expect(!text.contains("count"))
    }

    @Test func aResizeToAUsableSizeDrawsTheProgramAgain() {
        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 20_000, rows: 20_000),
            script: [
                .init(at: 1, .input(.resize(columns: 40, rows: 10))), .init(at: 2, .input(.character("q"))),
            ])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal)
        let frame = try! #require(terminal.lastFrame)
        #expect(frame.columns == 40 && frame.rows == 10)
        #expect(frame.line(at: 0).hasPrefix("count 0"))
    }

    @Test func linesFromALiveSourceArriveInOrderThenItsEnd() throws {
        var template = Array("/tmp/badgebar-lines.XXXXXX".utf8CString)
        let file = SystemDescriptor(rawValue: mkstemp(&template))
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let text = Array("one\ntwo\nthree".utf8)
        try text.withUnsafeBytes { try file.writeAll($0) }
        file.close()
        let reader = try LineReader(path: path)
        let terminal = ScriptedTerminal(script: [.init(at: 100, .input(.character("q")))])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal, sources: ["lines": reader])
        let lines = program.events.flatMap { event -> [String] in
            if case .lines(let batch, source: "lines") = event { return batch.lines }
            return []
        }
        #expect(lines == ["one", "two", "three"])
        #expect(program.events.contains(.sourceEnded(source: "lines", problem: nil)))
    }

    @Test func theLinesOfOneReadArriveAsOneBatchSplitOnlyWhereALineIsDiscarded() throws {
        var template = Array("/tmp/badgebar-batch.XXXXXX".utf8CString)
        let file = SystemDescriptor(rawValue: mkstemp(&template))
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let before = (0..<5_000).map { "Mail+=\($0)" }
        let after = (0..<1_000).map { "Cart=\($0)" }
        let text = (before + [String(repeating: "x", count: 2_000)] + after).joined(separator: "\r\n") + "\n"
        try Array(text.utf8).withUnsafeBytes { try file.writeAll($0) }
        file.close()
        let reader = try LineReader(path: path)
        let terminal = ScriptedTerminal(script: [.init(at: 100, .input(.character("q")))])
        var program = Recorder()
        _ = ProgramRunner.run(&program, on: terminal, sources: ["lines": reader])
        let batches = program.events.compactMap { event -> LineBatch? in
            if case .lines(let batch, source: "lines") = event { return batch }
            return nil
        }
        // About 71 KB in two reads: the first holds every Mail line, the long line and some Cart lines; the
        // discarded line splits it where it was.
        #expect(batches.map(\.count) == [5_000, 475, 525], "one event per read, not one per line")
        #expect(batches.flatMap(\.lines) == before + after)
        let discarded = try #require(program.events.firstIndex(of: .lineDiscarded(source: "lines", byteCount: 2_000)))
        let beforeDiscard = program.events[discarded - 1] == .lines(batches[0], source: "lines")
        let afterDiscard = program.events[discarded + 1] == .lines(batches[1], source: "lines")
        #expect(beforeDiscard && afterDiscard, "the discarded line is reported in its place")
    }
}
