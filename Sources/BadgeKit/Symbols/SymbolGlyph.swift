/// The glyphs that stand for one SF Symbols name in each ``IconStyle``.
///
/// Every glyph is a single Unicode scalar: no variation selectors, skin tones or
/// joiners, whose widths terminals disagree on.
public struct SymbolGlyph: Sendable, Hashable {
    /// The symbol name, as SF Symbols spells it (`bell`, `cart`, `bubble.left`).
    public var name: String
    /// The colour emoji.
    public var emoji: Unicode.Scalar
    /// The text symbol.
    public var unicode: Unicode.Scalar
    /// The ASCII character.
    public var ascii: Unicode.Scalar

    /// Creates an entry of the symbol table.
    public init(name: String, emoji: Unicode.Scalar, unicode: Unicode.Scalar, ascii: Unicode.Scalar) {
        self.name = name
        self.emoji = emoji
        self.unicode = unicode
        self.ascii = ascii
    }

    /// The glyph for an icon style.
    public func glyph(for style: IconStyle) -> Unicode.Scalar {
        switch style {
        case .emoji: emoji
        case .unicode: unicode
        case .ascii: ascii
        }
    }
}
