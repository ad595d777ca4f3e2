/// A run of changed cells in one row, found by comparing two canvases.
package struct CellRun: Sendable, Equatable {
    /// The row.
    package var row: Int
    /// The columns that changed, left to right.
    package var columns: Range<Int>
}

extension Canvas {
    /// The runs of cells that differ from an earlier canvas of the same size; everything if the sizes differ.
    ///
    /// A run never starts on the right half of a wide glyph, so the backend can
    /// redraw it by writing whole glyphs.
    package func changedRuns(from previous: Canvas?) -> [CellRun] {
        var runs: [CellRun] = []
        forEachChangedRun(from: previous) { runs.append($0) }
        return runs
    }

    /// Calls a function for each run of cells that differ from an earlier canvas, without building an array.
    package func forEachChangedRun(from previous: Canvas?, _ body: (CellRun) -> Void) {
        guard let previous, previous.columns == columns, previous.rows == rows else {
            for row in 0..<rows where columns > 0 {
                body(CellRun(row: row, columns: 0..<columns))
            }
            return
        }
        let sameFill = fillCell == previous.fillCell
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for row in 0..<rows where isTouched(row: row) || previous.isTouched(row: row) || !sameFill {
                    let base = row * columns
                    var column = 0
                    while column < columns {
                        if now[base + column] == before[base + column] {
                            column += 1
                            continue
                        }
                        var start = column
                        if now[base + start].columnWidth == 0 || before[base + start].columnWidth == 0 {
                            start = max(start - 1, 0)
                        }
                        var end = column + 1
                        while end < columns && now[base + end] != before[base + end] {
                            end += 1
                        }
                        // Keep a wide glyph whole at the end of the run.
                        if end < columns && now[base + end].columnWidth == 0 {
                            end += 1
                        }
                        body(CellRun(row: row, columns: start..<end))
                        column = end
                    }
                }
            }
        }
    }
}
