import Testing

@testable import BadgeKit

/// Golden frames of the stale mark: a `?` in the free cell beside a badge whose watch fails.
@Suite struct StaleMarkTests {
    private func toolbar(_ counts: [Int], stale: [Int], corner: BadgeCorner = .topTrailing) -> BadgeToolbar {
        var toolbar = BadgeToolbar(
            title: "Status",
            buttons: counts.enumerated().map { index, count in
                BadgedButton(title: "B\(index)", symbolName: "envelope", count: count)
            })
        toolbar.badgeCorner = corner
        for index in stale { toolbar.setStale("failed", forButtonAt: index) }
        return toolbar
    }

    @Test func theMarkSitsBesideTheBadgeTowardTheIcon() {
        let expected = [
            "|                           ? 5      42  |",
            "|  Status                [ 📨 ]  [ 📨 ]  |",
            "|...........................abbb....bbbb.|",
            "|..aaaaaa................................|",
            "a: default on default bold",
            "b: #FFFFFF on #FF3B30",
        ]
        #expect(toolbarSnapshot(toolbar([5, 42], stale: [0]), at: 10) == expected.joined(separator: "\n"))
    }

    @Test func withoutABadgeTheMarkStandsWhereTheBadgeWouldBe() {
        let expected = [
            "|                           ?        42  |",
            "|  Status                [ 📨 ]  [ 📨 ]  |",
            "|...........................a.......bbbb.|",
            "|..aaaaaa................................|",
            "a: default on default bold",
            "b: #FFFFFF on #FF3B30",
        ]
        #expect(toolbarSnapshot(toolbar([0, 42], stale: [0]), at: 10) == expected.joined(separator: "\n"))
    }

    @Test func aBadgeOnALeadingCornerHasItsMarkAfterIt() {
        let expected = [
            "|                        5 ?     42      |",
            "|  Status                [ 📨 ]  [ 📨 ]  |",
            "|.......................aaab....aaaa.....|",
            "|..bbbbbb................................|",
            "a: #FFFFFF on #FF3B30",
            "b: default on default bold",
        ]
        #expect(
            toolbarSnapshot(toolbar([5, 42], stale: [0], corner: .topLeading), at: 10)
                == expected.joined(separator: "\n"))
    }

    @Test func theMarkTakesOnlyABlankCellAndGoesOutsideWhenTheInnerOneIsTaken() {
        let stale = toolbar([5, 42], stale: [0])
        let appearance = ToolbarAppearance(widths: .estimate)
        let layout = stale.layout(screenColumns: 40, row: 2, appearance: appearance)
        let span = layout.badgeSpan(forButtonAt: 0, columns: 3)
        let taken = Cell(glyph: "X")
        var canvas = Canvas(columns: 40, rows: 4)
        canvas.put("X", columnWidth: 1, column: span.column - 1, row: span.row, style: .plain)
        stale.drawStaleMark(forButtonAt: 0, layout: layout, into: &canvas)
        #expect(canvas[span.column - 1, span.row] == taken, "the inner cell is left as it was")
        #expect(canvas[span.endColumn, span.row].glyph == "?", "the mark goes on the outer side")
        // With both sides taken there is no mark: the status line alone says it.
        var full = Canvas(columns: 40, rows: 4)
        for column in [span.column - 1, span.endColumn] {
            full.put("X", columnWidth: 1, column: column, row: span.row, style: .plain)
        }
        let before = full
        stale.drawStaleMark(forButtonAt: 0, layout: layout, into: &full)
        #expect(full == before)
    }

    @Test func aBadgeWithItsNumberCutToTheLimitFormKeepsItWithTheMark() {
        var canvas = Canvas(columns: 40, rows: 4)
        toolbar([5, 12_345], stale: [1]).render(
            into: &canvas, row: 2, at: 10, appearance: ToolbarAppearance(widths: .estimate), showsFocus: false)
        #expect(canvas.line(at: 1) == "                             5   ? 99+  ")
    }

    @Test func theBoardSaysWhyInTheStatusLineWhileTheButtonHasTheFocus() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        inbox.toolbar.setStale("failed, exit 1", forButtonAt: 0)
        var canvas = Canvas(columns: 80, rows: 24)
        inbox.render(into: &canvas, at: 10, appearance: ToolbarAppearance(widths: .estimate))
        #expect(canvas.line(at: 23).hasPrefix(" Messages: 2 unread (stale: failed, exit 1) "), "\(canvas.line(at: 23))")
        #expect(canvas.line(at: 1).contains("? 2 "), "\(canvas.line(at: 1))")
        inbox.toolbar.setStale(nil, forButtonAt: 0)
        #expect(inbox.toolbar.staleReasons.map { $0 != nil } == [false, false, false])
        #expect(inbox.statusText == "Messages: 2 unread")
    }
}
