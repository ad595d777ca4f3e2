import Testing

@testable import BadgeKit

@Suite struct CanvasTests {
    let widths = ColumnWidth.estimate
    let red = CellStyle(background: .rgb(.systemRed))

    @Test func aCellKeepsEveryPartOfItsGlyphWidthAndStyle() {
        let style = CellStyle(
            foreground: .rgb(RGBColor(red: 255, green: 1, blue: 0)),
            background: .rgb(RGBColor(red: 0, green: 0, blue: 0)),
            attributes: [.bold, .underline])
        var cell = Cell(glyph: "\u{1F514}", columnWidth: 2, style: style)
        #expect(cell.glyph == "\u{1F514}" && cell.columnWidth == 2 && cell.style == style)
        cell.style = .plain
        #expect(cell.glyph == "\u{1F514}" && cell.columnWidth == 2 && cell.style == .plain)
        cell.glyph = "\u{10FFFF}"
        cell.columnWidth = 0
        #expect(cell.glyph == "\u{10FFFF}" && cell.isContinuation && cell.style == .plain)
        // Black on the default background is not the default: the two colours never pack alike.
        let black = Cell(glyph: " ", style: CellStyle(foreground: .rgb(RGBColor(red: 0, green: 0, blue: 0))))
        #expect(black != .blank && black.style.foreground != .default && black.style.background == .default)
        #expect(
            Cell(glyph: "a", style: CellStyle(attributes: .dim))
                != Cell(glyph: "a", style: CellStyle(attributes: .bold)))
    }

    @Test func writesTextAndClipsAtTheEdge() {
        var canvas = Canvas(columns: 6, rows: 2)
        let end = canvas.write("Inbox!!", column: 1, row: 0, style: .plain, widths: widths)
        #expect(end == 8)
        #expect(canvas.lines == [" Inbox", "      "])
        canvas.write("ab", column: -1, row: 1, style: .plain, widths: widths)
        #expect(canvas.lines[1] == "b     ")
    }

    @Test func aWideGlyphTakesTwoCells() {
        var canvas = Canvas(columns: 6, rows: 1)
        canvas.write("[🔔]", column: 0, row: 0, style: .plain, widths: widths)
        #expect(canvas.lines == ["[🔔]  "])
        #expect(canvas[1, 0].columnWidth == 2)
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[3, 0].glyph == "]")
    }

    @Test func coveringHalfAWideGlyphBlanksTheOtherHalf() {
        var canvas = Canvas(columns: 4, rows: 1)
        canvas.write("🔔🔔", column: 0, row: 0, style: .plain, widths: widths)
        canvas.put("x", columnWidth: 1, column: 1, row: 0, style: red)
        #expect(canvas.lines == [" x🔔"])
        #expect(canvas[0, 0] == Cell.blank)
        canvas.put("y", columnWidth: 1, column: 2, row: 0, style: .plain)
        #expect(canvas.lines == [" xy "])
        #expect(!canvas.cells.contains { $0.isContinuation })
    }

    @Test func aWideGlyphAtTheRightEdgeBecomesABlank() {
        var canvas = Canvas(columns: 3, rows: 1)
        canvas.write("ab🔔", column: 0, row: 0, style: .plain, widths: widths)
        #expect(canvas.lines == ["ab "])
        #expect(!canvas.cells.contains { $0.isContinuation })
    }

    @Test func controlCharactersNeverReachTheCanvas() {
        var canvas = Canvas(columns: 12, rows: 1)
        canvas.write("a\u{1B}[31mb\u{07}\u{9B}c\n", column: 0, row: 0, style: .plain, widths: widths)
        #expect(canvas.trimmedLines == ["a[31mbc"])
        #expect(!canvas.cells.contains { $0.glyph.value < 0x20 || (0x7F..<0xA0).contains($0.glyph.value) })
    }

    @Test func differencesAreRunsOfChangedCells() {
        var before = Canvas(columns: 10, rows: 3)
        before.write("hello", column: 0, row: 1, style: .plain, widths: widths)
        var after = before
        #expect(after.changedRuns(from: before).isEmpty)
        after.write("J", column: 0, row: 1, style: .plain, widths: widths)
        after.write("xy", column: 7, row: 2, style: red, widths: widths)
        #expect(
            after.changedRuns(from: before) == [
                CellRun(row: 1, columns: 0..<1), CellRun(row: 2, columns: 7..<9),
            ])
        // Without an earlier frame, or with another size, everything is new.
        #expect(after.changedRuns(from: nil).count == 3)
        #expect(after.changedRuns(from: Canvas(columns: 9, rows: 3)).count == 3)
    }

    @Test func aChangedRunKeepsWideGlyphsWhole() {
        var before = Canvas(columns: 6, rows: 1)
        before.write("a🔔b", column: 0, row: 0, style: .plain, widths: widths)
        var after = before
        after.write("🛒", column: 1, row: 0, style: .plain, widths: widths)
        let runs = after.changedRuns(from: before)
        #expect(runs == [CellRun(row: 0, columns: 1..<3)])
        // A change of style on the right half alone still starts on the left half.
        var restyled = before
        restyled.restyle(columns: 2..<3, row: 0, style: red)
        #expect(restyled.changedRuns(from: before).first?.columns.lowerBound == 1)
    }

    @Test func replacingCellsCopiesContentsAndCursor() {
        var target = Canvas(columns: 4, rows: 1)
        var source = Canvas(columns: 4, rows: 1)
        source.write("abcd", column: 0, row: 0, style: red, widths: widths)
        source.cursor = (2, 0)
        target.replaceCells(with: source)
        #expect(target == source)
        let other = Canvas(columns: 2, rows: 2)
        target.replaceCells(with: other)
        #expect(target == other)
    }

    @Test func styleMapNamesEachStyleByALetter() {
        var canvas = Canvas(columns: 5, rows: 1)
        canvas.write("ab", column: 0, row: 0, style: red, widths: widths)
        canvas.write("c", column: 3, row: 0, style: CellStyle(attributes: .bold), widths: widths)
        let map = canvas.styleMap
        #expect(map.rows == ["aa.b."])
        #expect(map.legend["a"] == red)
        #expect(map.legend["b"] == CellStyle(attributes: .bold))
    }

    @Test func estimatedWidthsMatchTheTerminalForTheIcons() {
        for glyph: Unicode.Scalar in ["💬", "🛒", "🔔", "📨", "⭐", "✅"] {
            #expect(widths.columns(of: glyph) == 2, "\(glyph)")
        }
        for glyph: Unicode.Scalar in ["a", "♪", "✉", "⚙", "★", "•", "─"] {
            #expect(widths.columns(of: glyph) == 1, "\(glyph)")
        }
        #expect(widths.columns(of: "\u{301}" as Unicode.Scalar) == 0)
        #expect(widths.columns(of: "\u{1B}" as Unicode.Scalar) == -1)
        #expect(widths.columns(of: "a\u{1B}b") == 2)
        #expect(widths.columns(of: "Inbox 🔔") == 8)
    }
}

@Suite struct CanvasReuseTests {
    /// A small deterministic generator, so the test is the same on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func clearingReusingAndDiffingOnlyTouchedRowsMatchesAFullComparison() {
        var generator = Generator(state: 42)
        let red = CellStyle(background: .rgb(.systemRed))
        var shown = Canvas(columns: 30, rows: 12)
        var frame = Canvas(columns: 30, rows: 12)
        for _ in 0..<300 {
            frame.clear()
            for _ in 0..<generator.next(5) {
                let text = ["ab", "🔔x", "    ", "99+"][generator.next(4)]
                frame.write(
                    text, column: generator.next(32) - 1, row: generator.next(12),
                    style: generator.next(2) == 0 ? .plain : red, widths: .estimate)
            }
            // The runs found must cover exactly the cells that differ.
            var differing = Set<Int>()
            for index in frame.cells.indices where frame.cells[index] != shown.cells[index] {
                differing.insert(index)
            }
            var covered = Set<Int>()
            for run in frame.changedRuns(from: shown) {
                for column in run.columns {
                    covered.insert(run.row * 30 + column)
                }
            }
            #expect(differing.isSubset(of: covered))
            #expect(
                covered.allSatisfy { index in
                    differing.contains(index) || differing.contains(index + 1) || differing.contains(index - 1)
                })
            shown.replaceCells(with: frame)
            #expect(shown == frame)
        }
        // A fresh canvas and a cleared one are the same.
        frame.clear()
        #expect(frame == Canvas(columns: 30, rows: 12))
    }
}
