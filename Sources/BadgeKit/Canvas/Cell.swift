/// One character cell of a ``Canvas``: a glyph, how many columns it takes, and its style.
///
/// A glyph two columns wide occupies its own cell and a continuation cell to its
/// right, whose `columnWidth` is 0 and whose glyph is ignored.
///
/// A cell is two 64-bit words, 16 bytes with no padding, so a frame compares,
/// clears and copies its cells two words at a time: the glyph, width and
/// attributes in one, the two colours in the other.
public struct Cell: Sendable, Hashable {
    /// The glyph's scalar value (bits 0–20), its column width (bits 24–31) and its attributes (bits 32–39).
    private var head: UInt64
    /// The foreground (bits 0–31) and background (bits 32–63) colours, each packed by ``pack(_:)``.
    private var colors: UInt64

    /// Creates a cell.
    public init(glyph: Unicode.Scalar, columnWidth: UInt8 = 1, style: CellStyle = .plain) {
        head = UInt64(glyph.value) | UInt64(columnWidth) << 24 | UInt64(style.attributes.rawValue) << 32
        colors = UInt64(Self.pack(style.foreground)) | UInt64(Self.pack(style.background)) << 32
    }

    /// The glyph, one Unicode scalar.
    public var glyph: Unicode.Scalar {
        get { Unicode.Scalar(UInt32(truncatingIfNeeded: head & 0x1F_FFFF)) ?? " " }
        set { head = head & ~0x1F_FFFF | UInt64(newValue.value) }
    }

    /// The columns the glyph takes: 1 or 2, or 0 for the right half of a wide glyph.
    public var columnWidth: UInt8 {
        get { UInt8(truncatingIfNeeded: head >> 24) }
        set { head = head & ~(0xFF << 24) | UInt64(newValue) << 24 }
    }

    /// The colours and attributes.
    public var style: CellStyle {
        get {
            CellStyle(
                foreground: Self.unpack(UInt32(truncatingIfNeeded: colors)),
                background: Self.unpack(UInt32(truncatingIfNeeded: colors >> 32)),
                attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: head >> 32)))
        }
        set {
            head = head & ~(0xFF << 32) | UInt64(newValue.attributes.rawValue) << 32
            colors = UInt64(Self.pack(newValue.foreground)) | UInt64(Self.pack(newValue.background)) << 32
        }
    }

    /// A colour in 32 bits: 0 for the terminal's default, else bit 24 set and the red, green and blue bytes.
    private static func pack(_ color: TerminalColor) -> UInt32 {
        switch color {
        case .default: return 0
        case .rgb(let rgb): return 1 << 24 | UInt32(rgb.red) << 16 | UInt32(rgb.green) << 8 | UInt32(rgb.blue)
        }
    }

    /// The colour ``pack(_:)`` made.
    private static func unpack(_ packed: UInt32) -> TerminalColor {
        guard packed & 1 << 24 != 0 else { return .default }
        return .rgb(
            RGBColor(
                red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
                blue: UInt8(truncatingIfNeeded: packed)))
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell(glyph: " ")

    /// Whether this cell is the right half of a wide glyph.
    public var isContinuation: Bool { columnWidth == 0 }
}
