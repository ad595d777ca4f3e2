/// Which set of glyphs stands for symbols: colour emoji, plain Unicode symbols, or ASCII.
public enum IconStyle: String, Sendable, CaseIterable {
    /// Colour emoji such as 🔔, two columns wide in most terminals.
    case emoji
    /// Text symbols such as ♪ and ✉, one column wide.
    case unicode
    /// ASCII characters only, for terminals and locales without Unicode.
    case ascii
}
