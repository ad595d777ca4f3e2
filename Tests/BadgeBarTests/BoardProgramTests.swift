import BadgeKit
import BadgeTerminal
import CNCursesW
import Testing

@testable import badgebar

/// The board as the runner drives it, on a scripted terminal: keys, clicks, counts, notices and time.
@Suite struct BoardProgramTests {
    private func program(autoPlays: Bool = false) -> FullScreenProgram {
        FullScreenProgram(
            board: Inbox.demo(startTime: 0, autoPlays: autoPlays),
            appearance: ToolbarAppearance(widths: .estimate, iconStyle: .ascii), framesPerSecond: 60)
    }

    /// Runs the program through a script and returns it with the terminal it ran on.
    private func run(_ steps: [ScriptedTerminal.Step], autoPlays: Bool = false)
        -> (FullScreenProgram, ScriptedTerminal, ProgramRunner.Ending)
    {
        let terminal = ScriptedTerminal(script: steps)
        var program = program(autoPlays: autoPlays)
        let ending = ProgramRunner.run(&program, on: terminal)
        return (program, terminal, ending)
    }

    private func counts(_ program: FullScreenProgram) -> [Int] {
        program.board.toolbar.buttons.map(\.count)
    }

    private func statusLine(_ terminal: ScriptedTerminal) -> String {
        guard let frame = terminal.lastFrame else { return "" }
        return frame.line(at: frame.rows - 1)
    }

    @Test func aNumberKeyClearsItsButtonAndQQuits() {
        let (program, _, ending) = run([
            .init(at: 1, .input(.character("3"))), .init(at: 2, .input(.character("q"))),
        ])
        #expect(counts(program) == [2, 0, 0])
        #expect(ending == .quit)
    }

    @Test func ctrlLRedrawsAndCtrlZSuspends() {
        let (_, terminal, _) = run([
            .init(at: 1, .input(.key(.redraw))), .init(at: 2, .input(.key(.suspend))),
            .init(at: 3, .input(.character("q"))),
        ])
        #expect(terminal.invalidations == 1)
        #expect(terminal.suspensions == 1)
    }

    @Test func aClickOnAButtonClearsIt() throws {
        // Where Messages is drawn at 80×24 with ASCII icons: find its bracket in a frame.
        var canvas = Canvas(columns: 80, rows: 24)
        let layout = try #require(
            Inbox.demo(startTime: 0, autoPlays: false).render(
                into: &canvas, at: 0, appearance: ToolbarAppearance(widths: .estimate, iconStyle: .ascii)))
        let body = layout.buttons[0].body
        let (program, _, _) = run([
            .init(at: 1, .input(.mouse(MouseEvent(column: body.column + 1, row: body.row, action: .leftPress)))),
            .init(at: 2, .input(.character("q"))),
        ])
        #expect(counts(program) == [0, 0, 96])
    }

    @Test func linesOfCountsChangeTheCountsAndMistakesShowInTheStatusLine() {
        let (program, terminal, _) = run([
            .init(at: 1, .input(.character("x")))
        ])
        #expect(counts(program) == [2, 0, 96])
        #expect(statusLine(terminal).contains("Messages: 2 unread"))
        var board = program
        _ = board.update(.line("Messages=7", source: .counts), at: 2)
        _ = board.update(.line("Cart+=3", source: .counts), at: 2)
        #expect(counts(board) == [7, 0, 96], "the second line came within the frame of the first: it waits")
        #expect(board.nextWakeTime(after: 2) == 2 + 1.0 / 60)
        _ = board.update(.tick, at: 2 + 1.0 / 60)
        #expect(counts(board) == [7, 3, 96])
        _ = board.update(.line("Nobody=1", source: .counts), at: 3)
        #expect(board.board.statusText.contains("no button has that title"))
        _ = board.update(.line("Messages=oops", source: .counts), at: 3)
        #expect(board.board.statusText.contains("oops"))
    }

    @Test func aDiscardedLineAProblemAndAFailedSourceAreSaid() {
        var board = program()
        _ = board.update(.lineDiscarded(source: .counts, byteCount: 5000), at: 1)
        #expect(board.board.statusText == LineBatch.discardedLineNotice(byteCount: 5000))
        _ = board.update(.problem("recording to 'x' stopped: No space left on device"), at: 2)
        #expect(board.board.statusText.hasPrefix("recording to 'x' stopped"))
        _ = board.update(.sourceEnded(source: .counts, problem: "not a counts source: no line end in 1 MiB"), at: 3)
        #expect(board.board.statusText.hasPrefix("not a counts source"))
        _ = board.update(.sourceEnded(source: .counts, problem: nil), at: 4)
        #expect(board.board.statusText.hasPrefix("not a counts source"), "a quiet end says nothing new")
    }

    @Test func autoPlayRaisesTheCountsOnItsScheduleUntilAKey() {
        let (program, terminal, _) = run(
            [.init(at: 4, .input(.key(.tab))), .init(at: 10, .input(.character("q")))], autoPlays: true)
        // Steps at 1.3, 2.6 and 3.9 s: notifications +2, cart +1, messages +1; none after the key at 4 s.
        #expect(counts(program) == [3, 1, 98])
        #expect(terminal.deadlines.contains { $0.map { abs($0 - 1.3) < 1e-9 } ?? false })
    }

    @Test func itSleepsWhenNothingMovesOrIsScheduled() {
        let (_, terminal, _) = run([.init(at: 5, .input(.character("q")))])
        #expect(terminal.deadlines.allSatisfy { $0 == nil })
    }

    @Test func theEventsItDoesNotUseChangeNothing() {
        var board = program()
        for event: ProgramEvent in [.signal(SIGUSR1), .resumed, .input(.focus(isFocused: false))] {
            #expect(board.update(event, at: 1) == .none)
        }
        #expect(counts(board) == [2, 0, 96])
    }
}
