import Testing

@testable import BadgeKit

@Suite struct BadgeBoardInputTests {
    let appearance = ToolbarAppearance(widths: .estimate)

    func drawn(_ inbox: BadgeBoard, at time: Double = 0) -> ToolbarLayout? {
        var canvas = Canvas(columns: 80, rows: 24)
        return inbox.render(into: &canvas, at: time, appearance: appearance)
    }

    @Test func digitKeysClearTheirButtons() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.handle(.character("3"), at: 1, layout: nil) == nil)
        #expect(inbox.toolbar.buttons.map(\.count) == [2, 0, 0])
        _ = inbox.handle(.character("1"), at: 2, layout: nil)
        #expect(inbox.toolbar.buttons.map(\.count) == [0, 0, 0])
        // Keys past the last button do nothing.
        _ = inbox.handle(.character("4"), at: 3, layout: nil)
        _ = inbox.handle(.character("0"), at: 3, layout: nil)
    }

    @Test func focusMovesAndWrapsAndEnterPresses() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.toolbar.focusedIndex == 0)
        _ = inbox.handle(.key(.tab), at: 0, layout: nil)
        #expect(inbox.toolbar.focusedIndex == 1)
        _ = inbox.handle(.key(.right), at: 0, layout: nil)
        #expect(inbox.toolbar.focusedIndex == 2)
        _ = inbox.handle(.key(.tab), at: 0, layout: nil)
        #expect(inbox.toolbar.focusedIndex == 0)
        _ = inbox.handle(.key(.backTab), at: 0, layout: nil)
        #expect(inbox.toolbar.focusedIndex == 2)
        #expect(inbox.statusText == "Notifications: 96 unread")
        _ = inbox.handle(.key(.enter), at: 1, layout: nil)
        #expect(inbox.toolbar.buttons[2].count == 0)
        #expect(inbox.statusText == "Notifications: none unread")
        _ = inbox.handle(.key(.left), at: 1, layout: nil)
        _ = inbox.handle(.character(" "), at: 2, layout: nil)
        #expect(inbox.toolbar.buttons.map(\.count) == [2, 0, 0])
    }

    @Test func quitKeys() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.handle(.character("q"), at: 0, layout: nil) == .quit)
        #expect(inbox.handle(.key(.escape), at: 0, layout: nil) == .quit)
        #expect(inbox.handle(.key(.interrupt), at: 0, layout: nil) == .quit)
        #expect(inbox.handle(.key(.redraw), at: 0, layout: nil) == .redraw)
        #expect(inbox.handle(.key(.suspend), at: 0, layout: nil) == .suspend)
    }

    @Test func altQQuitsAsEscThenQArrivesUnderGNUScreen() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.handle(.key(.alt("q")), at: 0, layout: nil) == .quit)
        #expect(inbox.handle(.key(.alt("Q")), at: 0, layout: nil) == .quit)
        // Alt with another key does nothing, not even what the key alone does.
        #expect(inbox.handle(.key(.alt("1")), at: 0, layout: nil) == nil)
        #expect(inbox.handle(.key(.alt("?")), at: 0, layout: nil) == nil)
        #expect(inbox.toolbar.buttons.map(\.count) == [2, 0, 96])
        #expect(!inbox.isShowingHelp)
    }

    @Test func aClickAnywhereOnAButtonClearsIt() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        let layout = drawn(inbox)
        #expect(layout != nil)
        // The badge of Notifications, right of its bracket.
        _ = inbox.handle(.mouse(MouseEvent(column: 78, row: 1, action: .leftPress)), at: 1, layout: layout)
        #expect(inbox.toolbar.buttons.map(\.count) == [2, 0, 0])
        // The bracket of Messages, as a click in one report.
        _ = inbox.handle(.mouse(MouseEvent(column: 56, row: 2, action: .leftClick)), at: 1, layout: layout)
        #expect(inbox.toolbar.buttons.map(\.count) == [0, 0, 0])
        #expect(inbox.toolbar.focusedIndex == 0)
    }

    @Test func releasesOtherButtonsAndMissesDoNothing() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        let layout = drawn(inbox)
        _ = inbox.handle(.mouse(MouseEvent(column: 59, row: 2, action: .leftRelease)), at: 1, layout: layout)
        _ = inbox.handle(.mouse(MouseEvent(column: 59, row: 2, action: .other)), at: 1, layout: layout)
        _ = inbox.handle(.mouse(MouseEvent(column: 62, row: 2, action: .leftPress)), at: 1, layout: layout)
        _ = inbox.handle(.mouse(MouseEvent(column: 9999, row: -4, action: .leftPress)), at: 1, layout: layout)
        _ = inbox.handle(.mouse(MouseEvent(column: 59, row: 2, action: .leftPress)), at: 1, layout: nil)
        #expect(inbox.toolbar.buttons.map(\.count) == [2, 0, 96])
    }

    @Test func idleMeansNoWakeUp() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.nextWakeTime(after: 5, framesPerSecond: 60) == nil)
        _ = inbox.handle(.character("3"), at: 5, layout: nil)
        // While the badge pops out, frames come at the frame rate; once settled, sleep again.
        #expect(inbox.nextWakeTime(after: 5.01, framesPerSecond: 60)! == 5.01 + 1.0 / 60)
        inbox.advance(to: 7)
        #expect(inbox.nextWakeTime(after: 7, framesPerSecond: 60) == nil)
    }

    @Test func autoPlayWakesForItsNextStep() {
        let inbox = Inbox.demo(startTime: 0)
        #expect(inbox.nextWakeTime(after: 0, framesPerSecond: 60) == 1.3)
    }
}

@Suite struct StatusTextTests {
    @Test func theStatusSpeaksTheRealCount() {
        #expect(
            SpokenText.describe(BadgedButton(title: "Notifications", symbolName: "bell", count: 142))
                == "Notifications: 142 unread")
        #expect(
            SpokenText.describe(BadgedButton(title: "Notifications", symbolName: "bell", count: 0))
                == "Notifications: none unread")
        #expect(SpokenText.describe(BadgedButton(title: "Cart", symbolName: "cart", count: 1)) == "Cart: 1 unread")
        #expect(
            SpokenText.describe(BadgedButton(title: "Bell", symbolName: "bell", count: Int.max))
                == "Bell: 9223372036854775807 unread")
    }
}
