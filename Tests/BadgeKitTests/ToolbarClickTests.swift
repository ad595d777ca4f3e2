import Testing

@testable import BadgeKit

/// A click presses the button it lands on, with no hit test in the program that draws the toolbar.
@Suite struct ToolbarClickTests {
    let appearance = ToolbarAppearance(widths: .estimate)

    func toolbar() -> BadgeToolbar {
        BadgeToolbar(
            title: "Mail",
            buttons: [
                BadgedButton(title: "Inbox", symbolName: "envelope", count: 4),
                BadgedButton(title: "Builds", symbolName: "hammer", count: 2, badgeColor: .green),
            ])
    }

    @Test func aClickOnAButtonOrItsBadgePressesIt() {
        var bar = toolbar()
        let layout = bar.layout(screenColumns: 40, row: 2, appearance: appearance)
        let second = layout.buttons[1].body
        let click = InputEvent.mouse(MouseEvent(column: second.column + 1, row: 2, action: .leftPress))
        #expect(bar.pressButton(clickedBy: click, toolbarRow: 2, screenColumns: 40, appearance: appearance, at: 1) == 1)
        #expect(bar.buttons.map(\.count) == [4, 0])
        // The badge's row, just above the button.
        let first = layout.buttons[0].body
        let onBadge = InputEvent.mouse(MouseEvent(column: first.endColumn - 1, row: 1, action: .leftClick))
        #expect(
            bar.pressButton(clickedBy: onBadge, toolbarRow: 2, screenColumns: 40, appearance: appearance, at: 2) == 0)
        #expect(bar.buttons.map(\.count) == [0, 0])
    }

    @Test func releasesOtherButtonsKeysAndEmptyCellsPressNothing() {
        var bar = toolbar()
        let layout = bar.layout(screenColumns: 40, row: 2, appearance: appearance)
        let column = layout.buttons[0].body.column + 1
        for event in [
            InputEvent.mouse(MouseEvent(column: column, row: 2, action: .leftRelease)),
            .mouse(MouseEvent(column: column, row: 2, action: .other)),
            .mouse(MouseEvent(column: 0, row: 2, action: .leftPress)),
            .mouse(MouseEvent(column: column, row: 10, action: .leftPress)),
            .character("1"),
        ] {
            #expect(
                bar.pressButton(clickedBy: event, toolbarRow: 2, screenColumns: 40, appearance: appearance, at: 1)
                    == nil)
        }
        #expect(bar.buttons.map(\.count) == [4, 2])
    }

    @Test func theTotalAndTheWindowTitleBelongToTheToolbar() {
        var bar = toolbar()
        #expect(bar.badgeTotal == 6)
        #expect(bar.windowTitle == "(6) Mail")
        bar.setCount(0, forButtonAt: 0, at: 0)
        bar.setCount(0, forButtonAt: 1, at: 0)
        #expect(bar.windowTitle == "Mail")
    }
}
