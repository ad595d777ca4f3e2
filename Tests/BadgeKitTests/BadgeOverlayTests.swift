import Testing

@testable import BadgeKit

/// A change of every badge of a toolbar at once, to walk frame by frame.
struct OverlayScenario: CustomTestStringConvertible, Sendable {
    /// What the change is.
    let name: String
    /// The counts before and after, one per button of ``buttons``.
    let before: [Int]
    let after: [Int]

    /// Buttons of every kind: a count, a dot, a word, a count at its limit, and a huge count.
    static let buttons = [
        BadgedButton(title: "Mail", symbolName: "envelope", count: 0),
        BadgedButton(title: "News", symbolName: "newspaper", count: 0, style: .dot),
        BadgedButton(title: "Beta", symbolName: "star", count: 0, badgeColor: .systemYellow, style: .text("new")),
        BadgedButton(title: "Bell", symbolName: "bell", count: 0),
        BadgedButton(title: "Big", symbolName: "cart", count: 0, limit: 999_999_999_999, badgeColor: .systemBlue),
    ]

    static let all = [
        OverlayScenario(name: "pop-in", before: [0, 0, 0, 0, 0], after: [5, 1, 1, 98, 12_345_678]),
        OverlayScenario(name: "pop-out", before: [5, 1, 1, 98, 12_345_678], after: [0, 0, 0, 0, 0]),
        OverlayScenario(name: "roll up", before: [9, 1, 1, 98, 12_345_678], after: [10, 2, 2, 100, 12_345_680]),
        OverlayScenario(name: "roll down", before: [10, 2, 2, 100, 12_345_680], after: [9, 1, 1, 97, 99]),
        OverlayScenario(name: "bounce at the limit", before: [96, 1, 1, 150, 5], after: [98, 3, 3, 151, 6]),
    ]

    var testDescription: String { name }
}

@Suite struct BadgeOverlayTests {
    /// Walks a scenario at 240 frames a second and checks, in every frame, that every badge's cells show
    /// exactly what the badge alone draws (nothing else drew over them) and that no two badges share a cell.
    func walk(
        _ scenario: OverlayScenario, corner: BadgeCorner, style: IconStyle, reduceMotion: Bool, columns: Int,
        rows: Int, focus: Int
    ) -> Int {
        let appearance = ToolbarAppearance(widths: .estimate, iconStyle: style)
        var buttons = OverlayScenario.buttons
        for index in buttons.indices {
            buttons[index].count = scenario.before[index]
        }
        var toolbar = BadgeToolbar(title: "Overlay", buttons: buttons, reduceMotion: reduceMotion)
        toolbar.badgeCorner = corner
        toolbar.focus(buttonAt: focus)
        for index in buttons.indices {
            toolbar.setCount(scenario.after[index], forButtonAt: index, at: 0)
        }
        let inbox = BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false))
        let plainLayout = toolbar.layout(screenColumns: columns, row: BadgeBoard.buttonRow, appearance: appearance)
        var failures = 0
        var step = -2
        var canvas = Canvas(columns: columns, rows: rows)
        repeat {
            let time = Double(step) / 240
            guard let layout = inbox.render(into: &canvas, at: time, appearance: appearance) else {
                Issue.record("\(columns)×\(rows) too small")
                return 1
            }
            var owner: [Int: Int] = [:]
            for index in toolbar.buttons.indices {
                guard let span = layout.buttons[index].badge else { continue }
                var frame = toolbar.badgeFrame(forButtonAt: index, at: time, widths: appearance.widths)
                toolbar.fit(&frame, forButtonAt: index, layout: plainLayout, widths: appearance.widths)
                // The badge drawn alone, on a one-row canvas of its own.
                var alone = Canvas(columns: columns, rows: 1)
                var spanAlone = span
                spanAlone.row = 0
                toolbar.drawBadge(
                    frame, color: toolbar.buttons[index].badgeColor, span: spanAlone, into: &alone,
                    appearance: appearance)
                for column in span.column..<span.endColumn {
                    if let other = owner.updateValue(index, forKey: column) {
                        Issue.record("badges \(other) and \(index) share column \(column) at \(time) s")
                        failures += 1
                    }
                    if canvas[column, span.row] != alone[column, 0] {
                        Issue.record(
                            "badge \(index) covered at column \(column) at \(time) s:\n\(canvas.lines.joined(separator: "\n"))"
                        )
                        failures += 1
                    }
                }
                // A badge's text is the count, the count's limit form, or a shorter limit form below the count.
                if let text = frame.text, BadgeMotion.isNumeric(text), !frame.isDot,
                    !inbox.toolbar.isAnimating(at: time)
                {
                    let button = toolbar.buttons[index]
                    if text.hasSuffix("+"), let shown = Int(text.dropLast()) {
                        #expect(shown < button.count, "\(text) for \(button.count)")
                    } else {
                        #expect(text == button.badgeText, "\(text) for \(button.count)")
                    }
                }
            }
            if failures > 3 { return failures }
            step += 1
        } while inbox.toolbar.isAnimating(at: Double(step - 1) / 240)
        return failures
    }

    @Test(arguments: OverlayScenario.all, BadgeCorner.allCases)
    func noFrameOfAnyAnimationDrawsOverABadge(_ scenario: OverlayScenario, corner: BadgeCorner) {
        for style in IconStyle.allCases {
            for reduceMotion in [false, true] {
                // The narrowest screen that holds the toolbar, and a wide one; the smallest height and a tall one.
                let layout = BadgeToolbar(title: "Overlay", buttons: OverlayScenario.buttons).layout(
                    screenColumns: 0, row: 2, appearance: ToolbarAppearance(widths: .estimate, iconStyle: style))
                // The focus on the last button in one, on the first in the other.
                for (columns, rows, focus) in [(layout.requiredColumns, BadgeBoard.minimumRows, 4), (80, 24, 0)] {
                    let failures = walk(
                        scenario, corner: corner, style: style, reduceMotion: reduceMotion, columns: columns,
                        rows: rows, focus: focus)
                    #expect(
                        failures == 0, "\(style), reduce motion \(reduceMotion), \(columns)×\(rows), focus on \(focus)")
                }
            }
        }
    }
}
