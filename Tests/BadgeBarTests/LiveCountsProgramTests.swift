import BadgeKit
import BadgeTerminal
import Foundation
import Testing

@testable import badgebar

/// A flood of live counts through the real runner and reader: coalesced per frame, and the final counts shown.
@Suite struct LiveCountsProgramTests {
    static let lineCount = 100_000

    /// Runs the Inbox at 60 fps on a scripted terminal with a file of counts lines as its source and its events
    /// written to a pipe; returns the program, the terminal and the events' lines.
    func runFlood(_ text: String) throws -> (FullScreenProgram, ScriptedTerminal, [String]) {
        let folder = try TemporaryFolder()
        let path = folder.path + "/counts"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: path)
        let ends = try SystemDescriptor.pipe()
        let events = PipeReader(descriptor: ends.read)
        defer { events.close() }
        let sink = OutputSink(descriptor: ends.write, name: "pipe", owned: true)
        let board = Inbox.demo(startTime: 0, autoPlays: false)
        var configuration = BoardEngine.Configuration()
        configuration.writesEvents = true
        var program = FullScreenProgram(
            board: board, appearance: ToolbarAppearance(widths: .estimate), framesPerSecond: 60,
            configuration: configuration)
        let terminal = ScriptedTerminal(script: [ScriptedTerminal.Step(at: 1, .input(.character("q")))])
        #expect(ProgramRunner.run(&program, on: terminal, sources: [.counts: reader], sinks: [.events: sink]) == .quit)
        return (program, terminal, events.readAll().split(separator: "\n").map(String.init))
    }

    @Test func aFloodOfLinesIsOneChangeAFrameWithOneMotionAndTheFinalCountIsShownWithinAFrame() throws {
        let (program, terminal, events) = try runFlood(String(repeating: "Messages+=1\n", count: Self.lineCount))
        let final = Self.lineCount + 2
        #expect(program.board.toolbar.buttons[0].count == final)
        // All of it is read at once on the virtual clock: the first read is shown at once, the rest a frame later.
        #expect(events.count == 2, "\(events.prefix(5))")
        #expect(events.last?.contains(#""count":\#(final),"#) == true, "\(events.last ?? "")")
        let shown = try #require(
            terminal.frames.first { $0.canvas.line(at: 23).contains("Messages: \(final) unread") })
        #expect(shown.time <= 1.0 / 60 + 1e-9, "the final count is on the screen a frame after the end of the input")
    }

    @Test func linesAfterAStretchWithoutAreShownAtOnce() throws {
        let (program, terminal, events) = try runFlood("Cart=3\n")
        #expect(program.board.toolbar.buttons[1].count == 3)
        #expect(
            events.first?.hasPrefix(#"{"time":0.000,"event":"change","button":"Cart","count":3,"#) == true,
            "the first line of a quiet source is shown in the frame it arrives in: \(events)")
        #expect(events.count == 1)
        #expect(terminal.frames.contains { $0.canvas.line(at: 1).contains("3") }, "its badge pops in")
    }
}

/// A live count that jumps rolls through true numbers only, frame by frame through the real runner.
@Suite struct LiveCountRollTests {
    @Test(arguments: ["Notifications=150", "Notifications=9", "Notifications=91", "Notifications=120\nMessages=12"])
    func everyFrameOfAJumpShowsANumberBetweenInOrder(lines: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/counts"
        try (lines + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let reader = try LineReader(path: path)
        let board = Inbox.demo(startTime: 0, autoPlays: false)
        var program = FullScreenProgram(
            board: board, appearance: ToolbarAppearance(widths: .estimate), framesPerSecond: 60,
            configuration: BoardEngine.Configuration())
        let terminal = ScriptedTerminal(script: [ScriptedTerminal.Step(at: 1, .input(.character("q")))])
        #expect(ProgramRunner.run(&program, on: terminal, sources: [.counts: reader]) == .quit)

        let target = Int(lines.split(separator: "\n")[0].split(separator: "=")[1])!
        let end = target > 99 ? 100 : target
        // The Notifications badge is the last word of the badge row: 96 at first.
        let readings = terminal.frames.compactMap { frame -> Int? in
            guard let word = frame.canvas.line(at: 1).split(separator: " ").last else { return nil }
            return word == "99+" ? 100 : Int(word)
        }
        #expect(readings.count >= 4, "the roll drawn frame by frame: \(readings)")
        #expect(readings.first == 96 && readings.last == end, "\(readings)")
        #expect(readings.allSatisfy { min(96, end) <= $0 && $0 <= max(96, end) }, "\(readings)")
        #expect(readings == (end > 96 ? readings.sorted() : readings.sorted(by: >)), "in order: \(readings)")
    }
}
