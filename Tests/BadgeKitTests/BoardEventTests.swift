import Testing

@testable import BadgeKit

@Suite struct BoardEventTests {
    @Test func aPressByKeyOrClickIsRecordedWithTheCountBeforeAndAfter() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        _ = inbox.handle(.character("1"), at: 1, layout: nil)
        var canvas = Canvas(columns: 80, rows: 24)
        let layout = inbox.render(into: &canvas, at: 1, appearance: ToolbarAppearance(widths: .estimate))
        let bell = layout!.buttons[2].icon
        _ = inbox.handle(
            .mouse(MouseEvent(column: bell.column, row: bell.row, action: .leftPress)), at: 2, layout: layout)
        _ = inbox.handle(.key(.enter), at: 3, layout: layout)
        #expect(
            inbox.takeEvents() == [
                BoardEvent(
                    kind: .press, buttonIndex: 0, buttonTitle: "Messages", count: 0, previousCount: 2, source: .key,
                    time: 1),
                BoardEvent(
                    kind: .press, buttonIndex: 2, buttonTitle: "Notifications", count: 0, previousCount: 96,
                    source: .click, time: 2),
                BoardEvent(
                    kind: .press, buttonIndex: 2, buttonTitle: "Notifications", count: 0, previousCount: 0,
                    source: .key, time: 3),
            ])
        #expect(inbox.takeEvents() == [], "taking them empties the list")
    }

    @Test func changesFromLiveCountsAndAutoPlayAreRecordedWhenTheCountChanges() throws {
        var inbox = Inbox.demo(startTime: 0, autoPlays: true)
        inbox.advance(to: 1.3)
        let cart = try #require(try CountUpdate.parse("Cart=4"))
        inbox.apply(cart, at: 1.5)
        inbox.apply(cart, at: 1.6)
        #expect(
            inbox.takeEvents() == [
                BoardEvent(
                    kind: .change, buttonIndex: 2, buttonTitle: "Notifications", count: 98, previousCount: 96,
                    source: .autoplay, time: 1.3),
                BoardEvent(
                    kind: .change, buttonIndex: 1, buttonTitle: "Cart", count: 4, previousCount: 0, source: .counts,
                    time: 1.5),
            ])
    }

    @Test func onlyTheNewestEventsAreKeptWhenNobodyTakesThem() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        for step in 0..<(BadgeBoard.eventLimit + 10) {
            inbox.press(buttonAt: 0, at: Double(step))
        }
        #expect(inbox.events.count == BadgeBoard.eventLimit)
        #expect(inbox.events.first?.time == 10)
    }

    @Test func aJSONLineHasItsKeysInOrderAndEscapesTheTitle() {
        let press = BoardEvent(
            kind: .press, buttonIndex: 0, buttonTitle: "Mail", count: 0, previousCount: 5, source: .click, time: 3)
        #expect(
            press.jsonLine(unixTime: 1_796_064_384.512)
                == #"{"time":1796064384.512,"event":"press","button":"Mail","count":0,"previous":5,"source":"click"}"#)
        let odd = BoardEvent(
            kind: .change, buttonIndex: 1, buttonTitle: "a\"b\\c\u{1}d\tē", count: 7, previousCount: 6,
            source: .watch, time: 0)
        #expect(
            odd.jsonLine(unixTime: 2.5)
                == #"{"time":2.500,"event":"change","button":"a\"b\\c\u0001d\tē","count":7,"previous":6,"source":"watch"}"#
        )
    }

    @Test func millisecondsAreRoundedAndPadded() {
        #expect(JSONText.milliseconds(1.0004) == "1.000")
        #expect(JSONText.milliseconds(1.0005) == "1.001")
        #expect(JSONText.milliseconds(0.05) == "0.050")
        #expect(JSONText.milliseconds(-0.25) == "-0.250")
        #expect(JSONText.milliseconds(.nan) == "0.000")
    }
}

@Suite struct WindowTitleTextTests {
    @Test func theTotalOfTheCountBadgesGoesFirst() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.windowTitle == "(98) Inbox")
        inbox.toolbar.setCount(3, forButtonAt: 1, at: 0)
        #expect(inbox.windowTitle == "(101) Inbox")
        for index in 0..<3 { inbox.press(buttonAt: index, at: 1) }
        #expect(inbox.windowTitle == "Inbox")
    }

    @Test func dotsAndWordsAreNotCountedAndTheTotalSaturates() throws {
        let board = BadgeBoard(
            toolbar: BadgeToolbar(
                title: "Status",
                buttons: [
                    try ButtonSpecification.parse("News:newspaper:dot"),
                    try ButtonSpecification.parse("Beta:star:text=new"),
                    try ButtonSpecification.parse("Mail:envelope:\(Int.max)"),
                    try ButtonSpecification.parse("Jobs:gear:5"),
                ]), autoPlay: AutoPlay(startTime: 0, isRunning: false))
        #expect(board.badgeTotal == Int.max)
        #expect(board.windowTitle == "(\(Int.max)) Status")
    }
}

@Suite struct NotificationGateTests {
    private func rise(_ button: Int = 0, from old: Int = 1, to new: Int = 2) -> BoardEvent {
        BoardEvent(
            kind: .change, buttonIndex: button, buttonTitle: "Mail", count: new, previousCount: old, source: .watch,
            time: 0)
    }

    /// Which of some events, each at its time, the gate lets through, in order.
    private func admitted(_ gate: inout NotificationGate, _ events: [(BoardEvent, Double)]) -> [Bool] {
        events.map { gate.admits($0.0, at: $0.1) }
    }

    @Test func neverIsNever() {
        var gate = NotificationGate(mode: .never)
        #expect(admitted(&gate, [(rise(), 0)]) == [false])
        #expect(!gate.needsFocusReports)
    }

    @Test func alwaysNotifiesOfRisesOnlyAtMostOncePerButtonInAWhile() {
        var gate = NotificationGate(mode: .always)
        var press = rise()
        press.kind = .press
        let results = admitted(
            &gate,
            [
                (rise(), 10),  // yes
                (rise(), 14.9),  // rate-limited
                (rise(1), 11),  // another button has its own limit
                (rise(), 15),  // yes again
                (rise(from: 5, to: 2), 100),  // a fall is no news
                (press, 200),  // a press is the user's own doing
            ])
        #expect(results == [true, false, true, true, false, false])
    }

    @Test func unfocusedNotifiesOnlyWhileTheWindowHasNoFocus() {
        var gate = NotificationGate(mode: .unfocused)
        #expect(gate.needsFocusReports)
        #expect(admitted(&gate, [(rise(), 0)]) == [false], "focused until told otherwise")
        gate.focusChanged(isFocused: false)
        #expect(admitted(&gate, [(rise(), 1)]) == [true])
        gate.focusChanged(isFocused: true)
        #expect(admitted(&gate, [(rise(1), 2)]) == [false])
    }
}
