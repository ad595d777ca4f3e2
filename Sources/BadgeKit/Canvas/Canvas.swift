/// A grid of character cells that views draw into and the terminal backend displays.
///
/// A canvas is plain data: drawing into it never touches a terminal, so a frame
/// can be compared line by line in a test. Writes outside the grid are clipped,
/// and a write that covers half of a wide glyph blanks its other half, so the grid
/// always describes something a terminal can show.
public struct Canvas: Sendable, Equatable {
    /// The width in columns.
    public let columns: Int
    /// The height in rows.
    public let rows: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should rest, if anywhere (for screen readers and magnifiers).
    public var cursor: (column: Int, row: Int)?
    /// The cell every untouched row is filled with.
    private(set) var fillCell: Cell
    /// Which rows were drawn into since the last clear; every other row is all ``fillCell``.
    ///
    /// Clearing and comparing skip untouched rows, so a mostly empty screen costs
    /// little to redraw however large it is.
    private var touchedRows: [Bool]

    /// Creates a canvas filled with blank cells.
    public init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        self.cells = Array(repeating: fill, count: self.columns * self.rows)
        self.fillCell = fill
        self.touchedRows = Array(repeating: false, count: self.rows)
    }

    /// Whether a row may differ from the fill: it was drawn into since the last clear.
    func isTouched(row: Int) -> Bool {
        touchedRows[row]
    }

    /// Whether two canvases show the same cells and cursor.
    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.cells == rhs.cells
            && lhs.cursor?.column == rhs.cursor?.column && lhs.cursor?.row == rhs.cursor?.row
    }

    /// Whether a position lies on the canvas.
    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && column < columns && row >= 0 && row < rows
    }

    /// The cell at a position, which must lie on the canvas.
    public subscript(column: Int, row: Int) -> Cell {
        cells[row * columns + column]
    }

    /// Blanks every cell and forgets the cursor.
    public mutating func clear(fill: Cell = .blank) {
        let everything = fill != fillCell
        fillCell = fill
        cells.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<rows where everything || touchedRows[row] {
                let base = row * columns
                for column in 0..<columns {
                    buffer[base + column] = fill
                }
                touchedRows[row] = false
            }
        }
        cursor = nil
    }

    /// Places one glyph, clipping it at the edges and repairing any wide glyph it cuts in half.
    ///
    /// - Parameters:
    ///   - glyph: The scalar to show.
    ///   - columnWidth: The columns it takes, 1 or 2; a wide glyph that would
    ///     cross the right edge is drawn as a blank.
    ///   - column: The column of its left edge.
    ///   - row: The row.
    ///   - style: Its colours and attributes.
    public mutating func put(
        _ glyph: Unicode.Scalar, columnWidth: Int, column: Int, row: Int, style: CellStyle
    ) {
        guard row >= 0, row < rows, column >= 0, column < columns, columnWidth > 0 else { return }
        touchedRows[row] = true
        let base = row * columns
        if columnWidth >= 2 && column + 1 >= columns {
            release(column: column, base: base)
            cells[base + column] = Cell(glyph: " ", columnWidth: 1, style: style)
            return
        }
        release(column: column, base: base)
        if columnWidth >= 2 {
            release(column: column + 1, base: base)
            cells[base + column] = Cell(glyph: glyph, columnWidth: 2, style: style)
            cells[base + column + 1] = Cell(glyph: " ", columnWidth: 0, style: style)
        } else {
            cells[base + column] = Cell(glyph: glyph, columnWidth: 1, style: style)
        }
    }

    /// Frees one cell before it is overwritten: the other half of a wide glyph it belongs to becomes a blank.
    private mutating func release(column: Int, base: Int) {
        let cell = cells[base + column]
        if cell.columnWidth == 2, column + 1 < columns {
            cells[base + column + 1] = Cell(glyph: " ", columnWidth: 1, style: cell.style)
        } else if cell.columnWidth == 0, column > 0 {
            cells[base + column - 1] = Cell(glyph: " ", columnWidth: 1, style: cells[base + column - 1].style)
        }
    }

    /// Writes text from a position, one scalar at a time, skipping what cannot be printed.
    ///
    /// Control characters and zero-width scalars are dropped, so no escape
    /// sequence can reach the terminal through text. Text past the right edge is clipped.
    ///
    /// - Returns: The column just after the text.
    @discardableResult
    public mutating func write(
        _ text: String, column: Int, row: Int, style: CellStyle, widths: ColumnWidth
    ) -> Int {
        var position = column
        for scalar in text.unicodeScalars {
            let width = widths.columns(of: scalar)
            guard width > 0 else { continue }
            put(scalar, columnWidth: width, column: position, row: row, style: style)
            position += width
        }
        return position
    }

    /// Gives a run of cells in one row a new style, keeping their glyphs.
    public mutating func restyle(columns range: Range<Int>, row: Int, style: CellStyle) {
        guard row >= 0, row < rows else { return }
        touchedRows[row] = true
        let clamped = range.clamped(to: 0..<columns)
        for column in clamped {
            cells[row * columns + column].style = style
        }
    }

    /// Fills a run of cells in one row with blanks of a style.
    public mutating func fill(columns range: Range<Int>, row: Int, style: CellStyle) {
        guard row >= 0, row < rows else { return }
        for column in range.clamped(to: 0..<columns) {
            put(" ", columnWidth: 1, column: column, row: row, style: style)
        }
    }
}

extension Canvas {
    /// Copies another canvas's cells and cursor into this one without allocating, when both are the same size.
    ///
    /// A canvas of another size is replaced whole.
    public mutating func replaceCells(with other: Canvas) {
        guard other.columns == columns, other.rows == rows else {
            self = other
            return
        }
        let everything = other.fillCell != fillCell
        cells.withUnsafeMutableBufferPointer { target in
            other.cells.withUnsafeBufferPointer { source in
                // Rows untouched on both sides are the same fill already.
                for row in 0..<rows where everything || touchedRows[row] || other.touchedRows[row] {
                    let base = row * columns
                    for column in 0..<columns {
                        target[base + column] = source[base + column]
                    }
                    touchedRows[row] = other.touchedRows[row]
                }
            }
        }
        fillCell = other.fillCell
        cursor = other.cursor
    }
}
