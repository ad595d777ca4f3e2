/// A colour a cell asks for: the terminal's own default, or an exact sRGB colour.
///
/// The backend shows an `rgb` colour as the nearest one the terminal can display.
public enum TerminalColor: Sendable, Hashable {
    /// The terminal's default foreground or background.
    case `default`
    /// An exact colour, shown as the nearest the terminal offers.
    case rgb(RGBColor)
}
