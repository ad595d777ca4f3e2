import Testing

@testable import BadgeKit

@Suite struct WatchScheduleTests {
    private func board(_ titles: [String] = ["Mail", "News"]) -> BadgeBoard {
        BadgeBoard(
            toolbar: BadgeToolbar(
                title: "Status", buttons: titles.map { BadgedButton(title: $0, symbolName: "envelope", count: 0) }),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
    }

    private func schedule(interval: Double = 2, watches: [(String, Int)] = [("true", 0)]) -> WatchSchedule {
        WatchSchedule(
            watches: watches.map { (ButtonCommand(buttonTitle: "Mail", command: $0.0), $0.1) },
            intervalSeconds: interval, startTime: 10)
    }

    /// Finishes a run and applies its outcome to the board, as the engine does; returns whether it was the first reading.
    @discardableResult
    private func finish(
        _ watches: inout WatchSchedule, _ index: Int, _ reading: Result<[CountUpdate], WatchProblem>,
        _ model: inout BadgeBoard, at time: Double
    ) -> Bool {
        let outcome = watches.finish(
            watchAt: index, with: reading, at: time, buttonTitles: model.toolbar.buttons.map(\.title))
        model.apply(outcome, at: time)
        return outcome.isFirstReading
    }

    private func count(_ value: Int, for title: String = "Mail") -> Result<[CountUpdate], WatchProblem> {
        .success([CountUpdate(buttonTitle: title, change: .set(value))])
    }

    @Test func everyWatchRunsFirstAtTheStartThenOnItsInterval() {
        var watches = WatchSchedule(
            watches: [
                (ButtonCommand(buttonTitle: "Mail", command: "a"), 0),
                (ButtonCommand(buttonTitle: "News", command: "b", intervalSeconds: 5), 1),
            ], intervalSeconds: 2, startTime: 10)
        #expect(watches.nextRunTime(after: 9) == 10)
        #expect(watches.takeDue(at: 9.9) == [])
        #expect(watches.takeDue(at: 10) == [0, 1])
        #expect(watches.nextRunTime(after: 10) == nil, "both run: nothing to start until a result")
        var model = board()
        finish(&watches, 0, count(1), &model, at: 10.5)
        finish(&watches, 1, count(1, for: "News"), &model, at: 10.5)
        #expect(watches.nextRunTime(after: 10.5) == 12)
        #expect(watches.takeDue(at: 12) == [0])
        #expect(watches.takeDue(at: 15) == [1])
        #expect(watches.watches.map(\.timeLimitSeconds) == [2, 5])
    }

    @Test func aRunStillGoingAtItsNextTurnIsNotStartedTwiceAndSkipsTheTurn() {
        var watches = schedule()
        var model = board()
        #expect(watches.takeDue(at: 10) == [0])
        #expect(watches.takeDue(at: 12) == [], "still running at its next turn")
        #expect(watches.takeDue(at: 13.9) == [])
        finish(&watches, 0, count(1), &model, at: 14.5)
        #expect(watches.nextRunTime(after: 14.5) == 16, "the turns it missed are skipped")
        #expect(watches.takeDue(at: 15) == [])
        #expect(watches.takeDue(at: 16) == [0])
    }

    @Test func theTimeLimitIsTheIntervalAtMostAMinute() {
        #expect(schedule(interval: 0.5).watches[0].timeLimitSeconds == 0.5)
        #expect(schedule(interval: 300).watches[0].timeLimitSeconds == 60)
    }

    @Test func aRefreshRunsAtOnceOrRightAfterTheRunInProgress() {
        var watches = schedule(interval: 30)
        var model = board()
        _ = watches.takeDue(at: 10)
        finish(&watches, 0, count(1), &model, at: 11)
        watches.refreshAll()
        #expect(watches.nextRunTime(after: 12) == 12)
        #expect(watches.takeDue(at: 12) == [0])
        watches.refreshAll()
        #expect(watches.takeDue(at: 13) == [], "once at a time")
        finish(&watches, 0, count(2), &model, at: 14)
        #expect(watches.takeDue(at: 14) == [0], "the refresh asked for meanwhile")
        #expect(watches.watches[0].nextRunTime == 44)
    }

    @Test func aPressHoldsTheWatchUntilItsCommandsEndThenRefreshesIt() {
        var watches = schedule(interval: 2)
        var model = board()
        _ = watches.takeDue(at: 10)
        finish(&watches, 0, count(1), &model, at: 10.5)
        let first = watches.holdForPress(ofButtonAt: 0)
        let second = watches.holdForPress(ofButtonAt: 0)
        #expect(first == [0] && second == [0])
        #expect(watches.watchIndices(forButtonAt: 1) == [])
        #expect(watches.takeDue(at: 12) == [], "never before the press's commands have ended")
        #expect(watches.nextRunTime(after: 12) == nil)
        watches.release(heldWatches: first)
        #expect(watches.takeDue(at: 12.5) == [], "one command still runs")
        watches.release(heldWatches: second)
        #expect(watches.takeDue(at: 12.6) == [0])
    }

    @Test func aPressWithoutCommandsRefreshesItsButtonsWatches() {
        var watches = schedule(interval: 30)
        var model = board()
        _ = watches.takeDue(at: 10)
        finish(&watches, 0, count(1), &model, at: 10.5)
        watches.refresh(watchesOfButtonAt: 1)
        #expect(watches.takeDue(at: 11) == [], "News has no watch")
        watches.refresh(watchesOfButtonAt: 0)
        #expect(watches.takeDue(at: 11) == [0])
    }

    @Test func aGoodReadingSetsCountsAndIsRecordedAsAWatchChange() {
        var watches = schedule()
        var model = board()
        _ = watches.takeDue(at: 10)
        #expect(finish(&watches, 0, count(5), &model, at: 10.5) == true, "the first reading")
        #expect(model.toolbar.buttons[0].count == 5)
        #expect(
            model.takeEvents() == [
                BoardEvent(
                    kind: .change, buttonIndex: 0, buttonTitle: "Mail", count: 5, previousCount: 0, source: .watch,
                    time: 10.5)
            ])
        _ = watches.takeDue(at: 12)
        #expect(finish(&watches, 0, count(5), &model, at: 12.5) == false)
        #expect(model.takeEvents() == [], "no change, no event")
    }

    @Test func aFailureKeepsTheCountMarksItStaleSaysWhyOnceAndASuccessClearsIt() {
        var watches = WatchSchedule(
            watches: [(ButtonCommand(buttonTitle: "Mail", command: "notmuch count"), 0)], intervalSeconds: 2,
            startTime: 10)
        var model = board()
        _ = watches.takeDue(at: 10)
        finish(&watches, 0, count(5), &model, at: 10.5)
        _ = watches.takeDue(at: 12)
        finish(&watches, 0, .failure(.failed("exit 1")), &model, at: 12.5)
        #expect(model.toolbar.buttons[0].count == 5, "the last good count stays")
        #expect(model.toolbar.staleReasons.map { $0 != nil } == [true, false])
        #expect(model.toolbar.staleReasons == ["failed, exit 1", nil])
        #expect(model.statusText == "Mail: 'notmuch count' failed, exit 1")
        model.advance(to: 20)
        #expect(model.statusText == "Mail: 5 unread (stale: failed, exit 1)")
        _ = watches.takeDue(at: 20)
        finish(&watches, 0, .failure(.failed("exit 1")), &model, at: 20.5)
        #expect(model.notice == nil, "the same problem again is not said again")
        _ = watches.takeDue(at: 22)
        finish(&watches, 0, .failure(.timedOut(seconds: 2)), &model, at: 22.5)
        #expect(model.statusText == "Mail: 'notmuch count' timed out after 2s")
        _ = watches.takeDue(at: 24)
        finish(&watches, 0, count(6), &model, at: 24.5)
        #expect(model.toolbar.staleReasons.map { $0 != nil } == [false, false])
        #expect(model.toolbar.staleReasons == [nil, nil])
        #expect(model.toolbar.buttons[0].count == 6)
    }

    @Test func aReadingThatNamesAnUnknownButtonIsAProblemAndTakenNotAtAll() {
        var watches = schedule()
        var model = board()
        _ = watches.takeDue(at: 10)
        let reading: Result<[CountUpdate], WatchProblem> = .success([
            CountUpdate(buttonTitle: "Mail", change: .set(3)), CountUpdate(buttonTitle: "Nobody", change: .set(1)),
        ])
        finish(&watches, 0, reading, &model, at: 10.5)
        #expect(model.toolbar.buttons[0].count == 0)
        #expect(watches.watches[0].problem == .unknownButton("Nobody"))
        #expect(model.toolbar.staleReasons.map { $0 != nil } == [true, false])
    }

    @Test func aWatchThatFeedsSeveralButtonsMarksThemAllWhenItFails() {
        var watches = schedule()
        var model = board()
        _ = watches.takeDue(at: 10)
        let reading: Result<[CountUpdate], WatchProblem> = .success([
            CountUpdate(buttonTitle: "Mail", change: .set(3)), CountUpdate(buttonTitle: "news", change: .set(4)),
        ])
        finish(&watches, 0, reading, &model, at: 10.5)
        #expect(model.toolbar.buttons.map(\.count) == [3, 4])
        #expect(watches.watchIndices(forButtonAt: 1) == [0])
        _ = watches.takeDue(at: 12)
        finish(&watches, 0, .failure(.failed("exit 2")), &model, at: 12.5)
        #expect(model.toolbar.staleReasons.map { $0 != nil } == [true, true])
        _ = watches.takeDue(at: 14)
        finish(&watches, 0, count(1), &model, at: 14.5)
        #expect(
            model.toolbar.staleReasons.map { $0 != nil } == [false, false], "News is no longer fed, so no longer stale")
        #expect(watches.watchIndices(forButtonAt: 1) == [])
    }
}
