/// The one table that maps symbol names to glyphs.
public enum SymbolTable {
    /// Every known symbol, in the order `docs/status-board.md` and error messages list them.
    public static let all: [SymbolGlyph] = [
        SymbolGlyph(name: "bubble.left", emoji: "\u{1F4AC}", unicode: "\u{275D}", ascii: "\""),
        SymbolGlyph(name: "cart", emoji: "\u{1F6D2}", unicode: "\u{00A4}", ascii: "$"),
        SymbolGlyph(name: "bell", emoji: "\u{1F514}", unicode: "\u{266A}", ascii: "!"),
        SymbolGlyph(name: "envelope", emoji: "\u{1F4E8}", unicode: "\u{2709}", ascii: "@"),
        SymbolGlyph(name: "star", emoji: "\u{2B50}", unicode: "\u{2605}", ascii: "*"),
        SymbolGlyph(name: "gear", emoji: "\u{1F527}", unicode: "\u{2699}", ascii: "%"),
        SymbolGlyph(name: "heart", emoji: "\u{1F496}", unicode: "\u{2665}", ascii: "&"),
        SymbolGlyph(name: "house", emoji: "\u{1F3E0}", unicode: "\u{2302}", ascii: "^"),
        SymbolGlyph(name: "hammer", emoji: "\u{1F528}", unicode: "\u{2692}", ascii: "T"),
        SymbolGlyph(name: "newspaper", emoji: "\u{1F4F0}", unicode: "\u{2261}", ascii: "="),
        SymbolGlyph(name: "person", emoji: "\u{1F464}", unicode: "\u{263A}", ascii: "P"),
        SymbolGlyph(name: "flag", emoji: "\u{1F6A9}", unicode: "\u{2691}", ascii: "F"),
        SymbolGlyph(name: "phone", emoji: "\u{1F4DE}", unicode: "\u{260E}", ascii: "#"),
        SymbolGlyph(name: "tray", emoji: "\u{1F4E5}", unicode: "\u{2293}", ascii: "_"),
        SymbolGlyph(name: "checkmark", emoji: "\u{2705}", unicode: "\u{2713}", ascii: "v"),
        SymbolGlyph(name: "doc", emoji: "\u{1F4C4}", unicode: "\u{00B6}", ascii: "D"),
    ]

    /// The entry for a symbol name, or for a glyph of the user's own; `nil` for anything else.
    ///
    /// A glyph of one's own is one character that is not a letter, a digit, a blank or a control (a Nerd Font
    /// or Font Awesome icon, `✉`, `📬`), or `U+` and its hexadecimal code (`U+F0E0`): it is shown as
    /// it is in the emoji and Unicode styles, and as `o` in the ASCII style unless it is ASCII itself.
    public static func symbol(named name: String) -> SymbolGlyph? {
        if let known = all.first(where: { $0.name == name }) { return known }
        guard let scalar = literalGlyph(name) else { return nil }
        return SymbolGlyph(name: name, emoji: scalar, unicode: scalar, ascii: scalar.isASCII ? scalar : "o")
    }

    /// The glyph a name of one character or `U+XXXX` stands for, or `nil` when it is neither.
    static func literalGlyph(_ name: String) -> Unicode.Scalar? {
        var scalar: Unicode.Scalar?
        if name.hasPrefix("U+") || name.hasPrefix("u+"), (5...8).contains(name.count),
            let value = UInt32(name.dropFirst(2), radix: 16)
        {
            scalar = Unicode.Scalar(value)
        } else if name.unicodeScalars.count == 1 {
            scalar = name.unicodeScalars.first
        }
        guard let scalar else { return nil }
        let properties = scalar.properties
        let isLetterOrDigit = properties.isAlphabetic || properties.numericType != nil
        guard !isLetterOrDigit, !properties.isWhitespace, properties.generalCategory != .control,
            properties.generalCategory != .format, properties.generalCategory != .unassigned,
            properties.generalCategory != .surrogate, scalar != ":"
        else { return nil }
        return scalar
    }

    /// The glyph for a symbol name in an icon style; `?` for a name the table lacks.
    public static func glyph(named name: String, style: IconStyle) -> Unicode.Scalar {
        symbol(named: name)?.glyph(for: style) ?? "?"
    }
}
