/// One character cell of a ``Canvas``: a glyph, how many columns it takes, and its style.
///
/// A glyph two columns wide occupies its own cell and a continuation cell to its
/// right, whose `columnWidth` is 0 and whose glyph is ignored.
public struct Cell: Sendable, Hashable {
    /// The glyph, one Unicode scalar.
    public var glyph: Unicode.Scalar
    /// The columns the glyph takes: 1 or 2, or 0 for the right half of a wide glyph.
    public var columnWidth: UInt8
    /// The colours and attributes.
    public var style: CellStyle

    /// Creates a cell.
    public init(glyph: Unicode.Scalar, columnWidth: UInt8 = 1, style: CellStyle = .plain) {
        self.glyph = glyph
        self.columnWidth = columnWidth
        self.style = style
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(glyph: " ")

    /// Whether this cell is the right half of a wide glyph.
    public var isContinuation: Bool { columnWidth == 0 }
}
