import Testing

@testable import BadgeKit

/// Every look a toolbar takes, from an instant until nothing moves, sampled at 240 frames a second.
///
/// Each distinct frame is written once, with the millisecond it first shows: the badge row, the
/// button row and the focus row, then their styles as letters; what each letter means follows
/// the last frame, the same letters throughout.
func distinctFrames(
    _ toolbar: BadgeToolbar, columns: Int, from start: Double,
    appearance: ToolbarAppearance = ToolbarAppearance(widths: .estimate)
) -> String {
    var letters: [CellStyle: Character] = [.plain: "."]
    var legend: [String] = []
    func letter(for style: CellStyle) -> Character {
        if let known = letters[style] { return known }
        let letter = Array("abcdefghijklmnopqrstuvwxyz")[letters.count - 1]
        letters[style] = letter
        legend.append("\(letter): \(describe(style))")
        return letter
    }
    var shots: [String] = []
    var last: [String] = []
    var step = 0
    while true {
        let time = start + Double(step) / 240
        var canvas = Canvas(columns: columns, rows: 4)
        toolbar.render(into: &canvas, row: 2, at: time, appearance: appearance)
        let rows = 1..<4
        let shot =
            rows.map { "|" + canvas.line(at: $0) + "|" }
            + rows.map { row in "|" + String((0..<columns).map { letter(for: canvas[$0, row].style) }) + "|" }
        if shot != last {
            shots.append("at \(Int(((time - start) * 1000).rounded())) ms\n" + shot.joined(separator: "\n"))
            last = shot
        }
        if !toolbar.isAnimating(at: time) {
            return (shots + legend).joined(separator: "\n")
        }
        step += 1
    }
}

@Suite struct BounceTests {
    /// One focused bell whose count goes up by one at time 0.
    func bell(from count: Int) -> BadgeToolbar {
        var toolbar = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "Bell", symbolName: "bell", count: count)])
        toolbar.addToCount(1, forButtonAt: 0, at: 0)
        return toolbar
    }

    @Test func everyFrameOfTheBounceUnderAOneDigitBadge() {
        #expect(
            distinctFrames(bell(from: 1), columns: 16, from: 0) == """
                at 0 ms
                |             1  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |............aaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                at 8 ms
                |             1  |
                |  T      [🔔]   |
                |        ──────  |
                |............aaa.|
                |..b......c..c...|
                |........bbbbbb..|
                at 75 ms
                |             2  |
                |  T      [🔔]   |
                |        ──────  |
                |............aaa.|
                |..b......c..c...|
                |........bbbbbb..|
                at 167 ms
                |             2  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |............aaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                at 238 ms
                |             2  |
                |  T    [  🔔  ] |
                |        ──────  |
                |............aaa.|
                |..b....c......c.|
                |........bbbbbb..|
                at 317 ms
                |             2  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |............aaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                c: default on default bold reverse
                """)
    }

    @Test func everyFrameOfTheBounceUnderATwoDigitBadge() {
        #expect(
            distinctFrames(bell(from: 95), columns: 16, from: 0) == """
                at 0 ms
                |            95  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |...........aaaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                at 8 ms
                |            95  |
                |  T      [🔔]   |
                |        ──────  |
                |...........aaaa.|
                |..b......c..c...|
                |........bbbbbb..|
                at 75 ms
                |            96  |
                |  T      [🔔]   |
                |        ──────  |
                |...........aaaa.|
                |..b......c..c...|
                |........bbbbbb..|
                at 167 ms
                |            96  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |...........aaaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                at 238 ms
                |            96  |
                |  T    [  🔔  ] |
                |        ──────  |
                |...........aaaa.|
                |..b....c......c.|
                |........bbbbbb..|
                at 317 ms
                |            96  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |...........aaaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                c: default on default bold reverse
                """)
    }

    @Test func everyFrameOfTheBounceUnderAThreeCharacterBadge() {
        #expect(
            distinctFrames(bell(from: 150), columns: 16, from: 0) == """
                at 0 ms
                |           99+  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |..........aaaaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                at 8 ms
                |           99+  |
                |  T      [🔔]   |
                |        ──────  |
                |..........aaaaa.|
                |..b......c..c...|
                |........bbbbbb..|
                at 167 ms
                |           99+  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |..........aaaaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                at 238 ms
                |           99+  |
                |  T    [  🔔  ] |
                |        ──────  |
                |..........aaaaa.|
                |..b....c......c.|
                |........bbbbbb..|
                at 317 ms
                |           99+  |
                |  T     [ 🔔 ]  |
                |        ──────  |
                |..........aaaaa.|
                |..b.....c....c..|
                |........bbbbbb..|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                c: default on default bold reverse
                """)
    }

    /// The button row of a one-button toolbar at every 240th of a second through a bounce.
    func buttonRows(style: IconStyle, corner: BadgeCorner) -> [String] {
        var toolbar = BadgeToolbar(title: "T", buttons: [BadgedButton(title: "Bell", symbolName: "bell", count: 7)])
        toolbar.badgeCorner = corner
        toolbar.addToCount(1, forButtonAt: 0, at: 0)
        let appearance = ToolbarAppearance(widths: .estimate, iconStyle: style)
        return (0...120).map { step in
            var canvas = Canvas(columns: 16, rows: 5)
            toolbar.render(into: &canvas, row: 2, at: Double(step) / 240, appearance: appearance)
            return canvas.line(at: 2)
        }
    }

    @Test(arguments: IconStyle.allCases, BadgeCorner.allCases)
    func theBounceShowsThreeLooksAndEndsExactlyAtRest(style: IconStyle, corner: BadgeCorner) {
        let rows = buttonRows(style: style, corner: corner)
        let rest = rows.first!
        #expect(rows.last == rest)
        #expect(Set(rows).count == 3, "\(Set(rows))")
        // The icon never moves: only the brackets do, one column in, then one column out.
        let iconColumn = rest.unicodeScalars.firstIndex { !" T[]".unicodeScalars.contains($0) }!
        for row in rows {
            #expect(row.unicodeScalars.firstIndex { !" T[]".unicodeScalars.contains($0) } == iconColumn, "\(row)")
        }
        #expect(rows.contains { $0.contains("[\u{1F514}]") || $0.contains("[\u{266A}]") || $0.contains("[!]") })
        #expect(rows.contains { $0.contains("[  ") && $0.contains("  ]") })
    }
}
