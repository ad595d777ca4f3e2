import Testing

@testable import BadgeKit

/// The engine fed values at instants, read back as effects: no terminal, no child, no clock.
@Suite struct BoardEngineTests {
    private func board(_ titles: [String] = ["Mail", "News"]) -> BadgeBoard {
        BadgeBoard(
            toolbar: BadgeToolbar(
                title: "Status", buttons: titles.map { BadgedButton(title: $0, symbolName: "envelope", count: 0) }),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
    }

    private func engine(_ configuration: BoardEngine.Configuration) -> BoardEngine {
        BoardEngine(board: board(), configuration: configuration, startTime: 0)
    }

    private func runs(in effects: [ProgramEffect]) -> [ProcessRequest] {
        effects.compactMap { effect in
            if case .run(let request) = effect { return request }
            return nil
        }
    }

    private func events(in effects: [ProgramEffect]) -> [String] {
        effects.compactMap { effect in
            if case .write(let line, sink: .events) = effect { return line }
            return nil
        }
    }

    private func result(
        of request: ProcessRequest, output: String = "", termination: ProcessResult.Termination = .exited(0),
        errorLine: String? = nil, at time: Double
    ) -> ProcessResult {
        ProcessResult(
            identifier: request.identifier, command: request.command, termination: termination,
            output: Array(output.utf8), firstErrorLine: errorLine, startTime: time - 0.1, endTime: time)
    }

    @Test func aWatchRunsAtTheStartWithItsButtonsTitleAndItsResultChangesTheCount() throws {
        var engine = engine(
            .init(watches: [ButtonCommand(buttonTitle: "mail", command: "count")], writesEvents: true))
        let started = runs(in: engine.update(.tick, at: 0))
        let request = try #require(started.first)
        #expect(started.count == 1)
        #expect(request.command == "count")
        #expect(request.environment == ["BADGEBAR_BUTTON": "Mail"], "the button's own title, as the board has it")
        #expect(request.timeLimitSeconds == 30)

        let effects = engine.update(.processFinished(result(of: request, output: "7\n", at: 3)), at: 3)
        #expect(engine.board.toolbar.buttons[0].count == 7)
        #expect(events(in: effects).count == 1)
        #expect(events(in: effects).first?.contains(#""event":"change","button":"Mail","count":7,"#) == true)
        #expect(events(in: effects).first?.contains(#""source":"watch""#) == true)
        #expect(engine.watches.hasFinishedEveryWatchOnce)
    }

    @Test func aFailingWatchMarksItsButtonStaleWithWhatItWroteToStandardError() throws {
        var engine = engine(.init(watches: [ButtonCommand(buttonTitle: "Mail", command: "ls /nowhere")]))
        let request = try #require(runs(in: engine.update(.tick, at: 0)).first)
        _ = engine.update(
            .processFinished(result(of: request, termination: .exited(2), errorLine: "ls: no such folder", at: 1)),
            at: 1)
        #expect(engine.board.toolbar.staleReasons[0] == "failed, exit 2 (ls: no such folder)")
        #expect(engine.board.toolbar.staleReasons.map { $0 != nil } == [true, false])
        #expect(engine.board.notice?.text == "Mail: 'ls /nowhere' failed, exit 2 (ls: no such folder)")
        #expect(engine.watches.hasFinishedEveryWatchOnce, "a single reading waits for failures too")
        #expect(engine.board.toolbar.buttons[0].count == 0, "the count stays")
    }

    @Test func aPressRunsItsCommandsHoldsTheWatchesAndRefreshesThemAfter() throws {
        var engine = engine(
            .init(
                watches: [ButtonCommand(buttonTitle: "Mail", command: "count")],
                pressCommands: [ButtonCommand(buttonTitle: "Mail", command: "mark-read")]))
        let watch = try #require(runs(in: engine.update(.tick, at: 0)).first)
        _ = engine.update(.processFinished(result(of: watch, output: "4", at: 0.5)), at: 0.5)

        let pressed = runs(in: engine.press(buttonAt: 0, source: .key, at: 1))
        let press = try #require(pressed.first)
        #expect(pressed.count == 1, "the watch waits for the press's command")
        #expect(press.environment == ["BADGEBAR_BUTTON": "Mail", "BADGEBAR_COUNT": "4"])
        #expect(press.outputLimitBytes == 0)
        #expect(runs(in: engine.press(buttonAt: 0, source: .key, at: 1.2)).isEmpty, "one run at a time")
        #expect(runs(in: engine.update(.tick, at: 40)).isEmpty, "held past its turn")

        let after = runs(in: engine.update(.processFinished(result(of: press, at: 41)), at: 41))
        #expect(after.map(\.command) == ["count"], "refreshed once the press's command ended")
    }

    @Test func sigusr1RunsEveryWatchAtOnceOrRightAfterItsRun() throws {
        var engine = engine(
            .init(watches: [
                ButtonCommand(buttonTitle: "Mail", command: "a"), ButtonCommand(buttonTitle: "News", command: "b"),
            ]))
        let first = runs(in: engine.update(.tick, at: 0))
        #expect(first.count == 2)
        #expect(runs(in: engine.refreshWatches(at: 1)).isEmpty, "both still run")
        let again = runs(in: engine.update(.processFinished(result(of: first[0], output: "1", at: 2)), at: 2))
        #expect(again.map(\.command) == ["a"], "right after its run")
    }

    @Test func theFirstReadingNotifiesNoOneAndARiseAfterDoes() throws {
        var engine = engine(
            .init(watches: [ButtonCommand(buttonTitle: "Mail", command: "count")], notificationMode: .always))
        let first = try #require(runs(in: engine.update(.tick, at: 0)).first)
        let told = engine.update(.processFinished(result(of: first, output: "3", at: 1)), at: 1)
        #expect(!told.contains { if case .notify = $0 { return true } else { return false } })
        let second = try #require(runs(in: engine.refreshWatches(at: 2)).first)
        let rise = engine.update(.processFinished(result(of: second, output: "5", at: 3)), at: 3)
        #expect(rise.contains(.notify(title: "Status", body: "Mail: 5 unread")))
    }

    @Test func theTitleCarriesTheTotalOnceATurnAndOnlyWhenItChanges() {
        var engine = engine(.init(setsWindowTitle: true))
        #expect(engine.update(.tick, at: 0) == [.setWindowTitle("Status")])
        #expect(engine.update(.tick, at: 1) == [])
        #expect(engine.apply(CountUpdate(buttonTitle: "News", change: .set(3)), source: .counts, at: 2) == [])
        #expect(engine.update(.tick, at: 2) == [.setWindowTitle("(3) Status")])
    }

    @Test func keysGiveTheirEffectsAfterWhatThePressStarted() {
        var engine = engine(.init(openCommands: [ButtonCommand(buttonTitle: "Mail", command: "mutt")]))
        let effects = engine.update(.input(.character("1")), at: 1)
        guard case .runInForeground(let request) = effects.first else {
            Issue.record("the open command runs with the terminal: \(effects)")
            return
        }
        #expect(request.command == "mutt")
        #expect(engine.update(.input(.character("q")), at: 2) == [.quit])
    }
}

@Test func theConfigurationsDefaultIntervalIsTheSchedules() {
    #expect(BoardEngine.Configuration().watchIntervalSeconds == WatchSchedule.defaultIntervalSeconds)
}

@Test func aSymbolNameTheTableLacksIsSaidAtTheStartNotDrawnSilently() {
    let board = BadgeBoard(
        toolbar: BadgeToolbar(
            title: "Status",
            buttons: [
                BadgedButton(title: "Launch", symbolName: "rocket", count: 1),
                BadgedButton(title: "Mail", symbolName: "envelope", count: 0),
            ]),
        autoPlay: AutoPlay(startTime: 0, isRunning: false))
    let engine = BoardEngine(board: board, startTime: 2)
    let notice = engine.board.notice?.text ?? ""
    #expect(notice.hasPrefix("Launch: no symbol is named 'rocket', so its icon shows as ?; the names are bubble.left"))
    let quiet = BoardEngine(
        board: BadgeBoard(
            toolbar: BadgeToolbar(title: "S", buttons: [BadgedButton(title: "Mail", symbolName: "envelope", count: 0)]),
            autoPlay: AutoPlay(startTime: 0, isRunning: false)))
    #expect(quiet.board.notice == nil, "a known name says nothing")
}
