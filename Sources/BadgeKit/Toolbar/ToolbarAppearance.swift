/// What a toolbar needs to know about the terminal to draw itself.
public struct ToolbarAppearance: Sendable {
    /// How wide each glyph is, as the terminal measures it.
    public var widths: ColumnWidth
    /// Which glyphs stand for the symbols.
    public var iconStyle: IconStyle
    /// How many colours the terminal shows, which decides how fades are drawn.
    public var colorDepth: ColorDepth
    /// The colour assumed behind the toolbar, which fades start from.
    public var backgroundColor: RGBColor

    /// Creates an appearance.
    public init(
        widths: ColumnWidth, iconStyle: IconStyle = .emoji, colorDepth: ColorDepth = .indexed256,
        backgroundColor: RGBColor = .black
    ) {
        self.colorDepth = colorDepth
        self.widths = widths
        self.iconStyle = iconStyle
        self.backgroundColor = backgroundColor
    }

    /// The glyph that stands for a symbol name, with its width; unknown names show `?`.
    func icon(for symbolName: String) -> (glyph: Unicode.Scalar, columns: Int) {
        var glyph = SymbolTable.glyph(named: symbolName, style: iconStyle)
        var columns = widths.columns(of: glyph)
        if columns < 1 {
            // The terminal cannot show this glyph (no Unicode locale): fall back to ASCII.
            glyph = SymbolTable.glyph(named: symbolName, style: .ascii)
            columns = 1
        }
        return (glyph, columns)
    }

    /// A one-column Unicode glyph, or its ASCII stand-in under the ASCII icon style or where the terminal lacks it.
    func glyph(_ preferred: Unicode.Scalar, orASCII fallback: Unicode.Scalar) -> Unicode.Scalar {
        iconStyle == .ascii ? fallback : widths.glyph(preferred, orElse: fallback)
    }

    /// The glyph a badge shrinks to as it pops in or out.
    var dotGlyph: Unicode.Scalar { glyph("\u{2022}", orASCII: "*") }

    /// The glyph of a dot badge: a filled circle, or `*` without Unicode.
    var badgeDotGlyph: Unicode.Scalar { glyph("\u{25CF}", orASCII: "*") }

    /// The glyph that underlines the focused button.
    var focusGlyph: Unicode.Scalar { glyph("\u{2500}", orASCII: "-") }
}
