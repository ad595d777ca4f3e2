import Testing

@testable import BadgeKit

@Suite struct ToolbarLayoutTests {
    /// Messages, Cart and Notifications as emoji: each icon two columns wide.
    func inboxLayout(columns: Int) -> ToolbarLayout {
        ToolbarLayout(screenColumns: columns, row: 2, titleColumns: 5, iconColumns: [2, 2, 2])
    }

    @Test func buttonsSitAgainstTheRightEdgeWithTheTitleOnTheLeft() {
        let layout = inboxLayout(columns: 80)
        #expect(layout.fits)
        #expect(layout.title == .init(column: 2, row: 2, columns: 5))
        #expect(layout.buttons.map(\.body.column) == [56, 64, 72])
        #expect(layout.buttons.map(\.body.columns) == [6, 6, 6])
        #expect(layout.buttons.map(\.icon.column) == [58, 66, 74])
        #expect(layout.buttons.last!.body.endColumn == 78)
    }

    @Test(arguments: [33, 40, 120, 200])
    func layoutFollowsTheWidth(columns: Int) {
        let layout = inboxLayout(columns: columns)
        #expect(layout.fits)
        #expect(layout.buttons.last!.body.endColumn == columns - 2)
        #expect(layout.title.endColumn + 2 <= layout.buttons[0].body.column)
    }

    @Test func tooNarrowAScreenDoesNotFit() {
        #expect(inboxLayout(columns: 33).requiredColumns == 33)
        #expect(!inboxLayout(columns: 32).fits)
        #expect(!inboxLayout(columns: 1).fits)
        // A one-column icon set needs less room.
        #expect(ToolbarLayout(screenColumns: 30, row: 2, titleColumns: 5, iconColumns: [1, 1, 1]).fits)
    }

    @Test func aBadgeStraddlesTheTrailingCornerOnTheRowAbove() {
        let layout = inboxLayout(columns: 80)
        // " 2 ": 70 % of 3 columns (2) inside the button, the rest beyond the bracket.
        #expect(layout.badgeSpan(forButtonAt: 0, columns: 3) == .init(column: 60, row: 1, columns: 3))
        // " 96 ": 3 of 4 inside.
        #expect(layout.badgeSpan(forButtonAt: 2, columns: 4) == .init(column: 75, row: 1, columns: 4))
        // " 99+ ": 4 of 5 inside (3.5 rounds up).
        #expect(layout.badgeSpan(forButtonAt: 2, columns: 5) == .init(column: 74, row: 1, columns: 5))
    }

    @Test func aBadgeAtTheScreenEdgeShiftsInward() {
        let layout = ToolbarLayout(screenColumns: 40, row: 2, titleColumns: 5, iconColumns: [2, 2, 2])
        let wide = layout.badgeSpan(forButtonAt: 2, columns: 12)
        #expect(wide.endColumn == 40)
        #expect(wide.column == 28)
    }

    @Test func hitTestingFindsTheButtonUnderACell() {
        var layout = inboxLayout(columns: 80)
        layout.buttons[2].badge = layout.badgeSpan(forButtonAt: 2, columns: 4)
        // Brackets and icons, on the button row.
        #expect(layout.buttonIndex(atColumn: 56, row: 2) == 0)
        #expect(layout.buttonIndex(atColumn: 59, row: 2) == 0)
        #expect(layout.buttonIndex(atColumn: 61, row: 2) == 0)
        #expect(layout.buttonIndex(atColumn: 66, row: 2) == 1)
        #expect(layout.buttonIndex(atColumn: 77, row: 2) == 2)
        // The badge, including the cell past the closing bracket.
        #expect(layout.buttonIndex(atColumn: 78, row: 1) == 2)
        // The row above a button, so a click just above it still reaches it.
        #expect(layout.buttonIndex(atColumn: 64, row: 1) == 1)
        // Gaps, the title, other rows.
        #expect(layout.buttonIndex(atColumn: 62, row: 2) == nil)
        #expect(layout.buttonIndex(atColumn: 63, row: 2) == nil)
        #expect(layout.buttonIndex(atColumn: 3, row: 2) == nil)
        #expect(layout.buttonIndex(atColumn: 59, row: 3) == nil)
        #expect(layout.buttonIndex(atColumn: 59, row: 0) == nil)
        #expect(layout.buttonIndex(atColumn: -1, row: -1) == nil)
        #expect(layout.buttonIndex(atColumn: 10_000, row: 2) == nil)
    }

    @Test(arguments: [40, 80, 132])
    func everyCellOfEveryButtonHitsItsButton(columns: Int) {
        let layout = inboxLayout(columns: columns)
        for (index, frame) in layout.buttons.enumerated() {
            for column in frame.body.column..<frame.body.endColumn {
                #expect(layout.buttonIndex(atColumn: column, row: frame.body.row) == index)
            }
        }
    }
}
