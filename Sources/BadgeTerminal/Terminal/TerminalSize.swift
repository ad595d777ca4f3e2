/// A terminal's size in character cells.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// The width in columns.
    public var columns: Int
    /// The height in rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// How many cells the screen has.
    public var cells: Int { columns * rows }

    /// The size as `80×24`.
    public var description: String { "\(columns)\u{00D7}\(rows)" }

    /// The most cells a screen may have before the program says it is too large instead of drawing it.
    ///
    /// Each cell costs memory in ncurses (three copies of the screen) and in the
    /// canvases, so this caps what the largest window can take; 1000×1000 fits.
    public static let cellCeiling = 1 << 20

    /// The most columns or rows on either side, for the same reason.
    public static let sideCeiling = 16_384

    /// Whether the size is within the ceilings, so the program can draw it.
    public var isDrawable: Bool {
        columns >= 1 && rows >= 1 && columns <= Self.sideCeiling && rows <= Self.sideCeiling
            && cells <= Self.cellCeiling
    }

    /// The size cut down to the ceilings, keeping the width where it can: what is drawn of a screen too large.
    public var clampedToCeiling: TerminalSize {
        let width = min(max(columns, 1), Self.sideCeiling)
        let height = min(max(rows, 1), Self.sideCeiling, Self.cellCeiling / width)
        return TerminalSize(columns: width, rows: max(height, 1))
    }
}
