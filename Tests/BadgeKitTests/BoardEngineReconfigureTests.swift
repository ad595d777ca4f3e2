import Testing

@testable import BadgeKit

/// `BoardEngine.reconfigure(board:configuration:at:)`: a new board and configuration as the engine runs, keeping
/// what the buttons that remain have gathered.
@Suite struct BoardEngineReconfigureTests {
    private func board(_ buttons: [(String, Int)], title: String = "Status") -> BadgeBoard {
        BadgeBoard(
            toolbar: BadgeToolbar(
                title: title,
                buttons: buttons.map { BadgedButton(title: $0.0, symbolName: "envelope", count: $0.1) }),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
    }

    private func started(in effects: [ProgramEffect]) -> [ProcessRequest] {
        effects.compactMap { effect in
            switch effect {
            case .run(let request), .runInForeground(let request): return request
            default: return nil
            }
        }
    }

    private func ended(in effects: [ProgramEffect]) -> [Int] {
        effects.compactMap { effect in
            if case .endRun(let identifier) = effect { return identifier }
            return nil
        }
    }

    private func result(of request: ProcessRequest, output: String = "", at time: Double) -> ProcessResult {
        ProcessResult(
            identifier: request.identifier, command: request.command, termination: .exited(0),
            output: Array(output.utf8), startTime: time - 0.1, endTime: time)
    }

    private func watch(_ title: String, _ command: String, every seconds: Double? = nil) -> ButtonCommand {
        ButtonCommand(buttonTitle: title, command: command, intervalSeconds: seconds)
    }

    @Test func buttonsThatRemainKeepTheirCountsStaleMarksAndFocusWhateverTheNewBoardStartsThemAt() throws {
        var engine = BoardEngine(board: board([("Mail", 0), ("News", 0)]), startTime: 0)
        _ = engine.apply(CountUpdate(buttonTitle: "Mail", change: .set(7)), source: .counts, at: 1)
        _ = engine.update(.input(.key(.right)), at: 1)
        var stale = engine.board
        stale.toolbar.setStale("failed, exit 1", forButtonAt: 1)
        engine = BoardEngine(board: stale, startTime: 0)

        let effects = engine.reconfigure(
            board: board([("Jobs", 3), ("news", 5), ("Mail", 99)], title: "Post"), configuration: .init(), at: 2)
        #expect(effects.isEmpty)
        let toolbar = engine.board.toolbar
        #expect(toolbar.title == "Post")
        #expect(toolbar.buttons.map(\.title) == ["Jobs", "news", "Mail"], "the new board's buttons, in its order")
        #expect(toolbar.buttons.map(\.count) == [3, 0, 7], "a new button starts where the file says; the rest keep")
        #expect(engine.board.toolbar.staleReasons == [nil, "failed, exit 1", nil])
        #expect(toolbar.staleReasons.map { $0 != nil } == [false, true, false])
        #expect(toolbar.focusedIndex == 1, "the focus stays on News, matched by title whatever its case")
        #expect(engine.board.events.isEmpty, "reading the file again changes no count")
    }

    @Test func countsThatWaitedAreShownAndToldBeforeTheBoardChanges() {
        var paced = board([("Mail", 0), ("News", 0)])
        paced.countsIntervalSeconds = 10
        var engine = BoardEngine(board: paced, configuration: .init(writesEvents: true), startTime: 0)
        _ = engine.takeCountLines(Array("Mail=4\n".utf8), at: 0)
        _ = engine.takeCountLines(Array("News=2\n".utf8), at: 1)
        let effects = engine.reconfigure(
            board: board([("News", 0)]), configuration: .init(writesEvents: true), at: 2)
        let events = effects.compactMap { effect -> String? in
            if case .write(let line, sink: .events) = effect { return line }
            return nil
        }
        #expect(events.count == 1 && events[0].contains(#""button":"News","count":2,"#), "\(events)")
        #expect(engine.board.toolbar.buttons.map(\.count) == [2])
        #expect(engine.board.countsIntervalSeconds == 10, "the pace of live counts stays")
    }

    @Test func aWatchThatRemainsKeepsItsRunAndTurnAndANewOneRunsAtOnce() throws {
        var engine = BoardEngine(
            board: board([("Mail", 0), ("News", 0)]),
            configuration: .init(watches: [watch("Mail", "count-mail"), watch("News", "count-news")]), startTime: 0)
        let first = started(in: engine.update(.tick, at: 0))
        #expect(first.map(\.command) == ["count-mail", "count-news"])
        _ = engine.update(.processFinished(result(of: first[1], output: "2", at: 1)), at: 1)

        // Mail's watch is still running; News's changes its command; Jobs is new.
        let effects = engine.reconfigure(
            board: board([("Mail", 0), ("News", 0), ("Jobs", 0)]),
            configuration: .init(
                watches: [watch("Mail", "count-mail"), watch("News", "count-news --all"), watch("Jobs", "count-jobs")]),
            at: 5)
        #expect(ended(in: effects).isEmpty, "News's run had ended; Mail's goes on")
        #expect(started(in: effects).map(\.command) == ["count-news --all", "count-jobs"])
        #expect(engine.watches.watches[0].isRunning && engine.watches.watches[0].nextRunTime == 30)
        // The run that went on is still the engine's: its result sets Mail.
        _ = engine.update(.processFinished(result(of: first[0], output: "6", at: 6)), at: 6)
        #expect(engine.board.toolbar.buttons[0].count == 6)
        #expect(engine.board.toolbar.buttons[1].count == 2, "News keeps the count its old watch gave")
        #expect(started(in: engine.update(.tick, at: 7)).isEmpty, "each watch waits for its turn")
        #expect(started(in: engine.update(.tick, at: 30)).map(\.command) == ["count-mail"])
    }

    @Test func theCommandsOfAButtonThatIsGoneEndAndTheirResultsMeanNothing() throws {
        var engine = BoardEngine(
            board: board([("Mail", 0), ("News", 3)]),
            configuration: .init(
                watches: [watch("Mail", "count-mail"), watch("News", "count-news", every: 5)],
                pressCommands: [watch("News", "mark-read")], openCommands: [watch("News", "newsboat")]),
            startTime: 0)
        let watches = started(in: engine.update(.tick, at: 0))
        let pressed = started(in: engine.press(buttonAt: 1, source: .key, at: 1))
        #expect(pressed.map(\.command) == ["mark-read", "newsboat"])

        let effects = engine.reconfigure(
            board: board([("Mail", 0)]), configuration: .init(watches: [watch("Mail", "count-mail")]), at: 2)
        #expect(
            Set(ended(in: effects)) == Set([watches[1].identifier] + pressed.map(\.identifier)),
            "News's watch, press command and open command end; Mail's watch goes on")
        #expect(engine.hasRunningCommands)
        // Their results, when they come, change nothing and report nothing.
        for request in [watches[1]] + pressed {
            #expect(engine.update(.processFinished(result(of: request, output: "9", at: 3)), at: 3).isEmpty)
        }
        #expect(engine.board.notice == nil)
        #expect(engine.board.toolbar.buttons.map(\.count) == [0])
        _ = engine.update(.processFinished(result(of: watches[0], output: "1", at: 3)), at: 3)
        #expect(!engine.hasRunningCommands && engine.board.toolbar.buttons[0].count == 1)
    }

    @Test func anOpenCommandThatWasEndedHoldsTheTerminalUntilItsResultComes() throws {
        var engine = BoardEngine(
            board: board([("Mail", 0), ("News", 0)]),
            configuration: .init(openCommands: [watch("News", "newsboat"), watch("Mail", "mutt")]), startTime: 0)
        let open = try #require(started(in: engine.press(buttonAt: 1, source: .key, at: 1)).first)
        _ = engine.reconfigure(
            board: board([("Mail", 0)]), configuration: .init(openCommands: [watch("Mail", "mutt")]), at: 2)
        #expect(started(in: engine.press(buttonAt: 0, source: .key, at: 3)).isEmpty, "one at a time")
        _ = engine.update(.processFinished(result(of: open, at: 4)), at: 4)
        #expect(started(in: engine.press(buttonAt: 0, source: .key, at: 5)).map(\.command) == ["mutt"])
    }

    @Test func aPressThatRunsOnStillHoldsItsButtonsWatchAtItsNewPlace() throws {
        var engine = BoardEngine(
            board: board([("Mail", 0), ("News", 0)]),
            configuration: .init(
                watches: [watch("News", "count-news"), watch("Mail", "count-mail")],
                pressCommands: [watch("Mail", "mark-read")]),
            startTime: 0)
        let watches = started(in: engine.update(.tick, at: 0))
        for request in watches {
            _ = engine.update(.processFinished(result(of: request, output: "1", at: 0.5)), at: 0.5)
        }
        let press = try #require(started(in: engine.press(buttonAt: 0, source: .key, at: 1)).first)
        // News goes; Mail's watch is now the first.
        _ = engine.reconfigure(
            board: board([("Mail", 0)]),
            configuration: .init(watches: [watch("Mail", "count-mail")], pressCommands: [watch("Mail", "mark-read")]),
            at: 2)
        #expect(engine.watches.watches.map(\.pressesPending) == [1])
        #expect(started(in: engine.update(.tick, at: 40)).isEmpty, "held while the press's command runs")
        let after = started(in: engine.update(.processFinished(result(of: press, at: 41)), at: 41))
        #expect(after.map(\.command) == ["count-mail"], "refreshed once it ended")
    }

    @Test func theScriptGoesOnOnlyOnTheSameButtonsAndTheNotificationsFollowTheNewMode() {
        var demo = BoardEngine(board: Inbox.demo(startTime: 0, autoPlays: true), startTime: 0)
        _ = demo.reconfigure(board: Inbox.demo(startTime: 5, autoPlays: false), configuration: .init(), at: 1)
        #expect(demo.board.autoPlay.isRunning, "the same buttons: the script goes on")
        _ = demo.reconfigure(board: board([("Mail", 0)]), configuration: .init(), at: 2)
        #expect(!demo.board.autoPlay.isRunning)
        _ = demo.reconfigure(board: Inbox.demo(startTime: 5, autoPlays: true), configuration: .init(), at: 3)
        #expect(!demo.board.autoPlay.isRunning, "a reconfiguration never starts a script")

        var engine = BoardEngine(board: board([("Mail", 0)]), configuration: .init(notificationMode: .never))
        _ = engine.update(.input(.focus(isFocused: false)), at: 0)
        _ = engine.reconfigure(board: board([("Mail", 0)]), configuration: .init(notificationMode: .unfocused), at: 1)
        #expect(engine.gate.mode == .unfocused && !engine.gate.isFocused)
        #expect(engine.configuration.notificationMode == .unfocused)
        let rise = engine.apply(CountUpdate(buttonTitle: "Mail", change: .set(2)), source: .counts, at: 2)
        #expect(rise.contains(.notify(title: "Status", body: "Mail: 2 unread")))
    }
}
