/// How many colours a terminal can show, from none to 24-bit.
public enum ColorDepth: String, Sendable, CaseIterable, Comparable {
    /// No colour: badges are drawn in reverse video.
    case monochrome
    /// The eight ANSI colours.
    case ansi8
    /// The sixteen ANSI colours, bright ones included.
    case ansi16
    /// The xterm 256-colour palette: the ANSI colours, a 6×6×6 cube and a grey ramp.
    case indexed256
    /// Any 24-bit colour.
    case direct

    /// Whether fades can ramp through colours; with fewer colours they go from dim to normal.
    public var rampsColors: Bool { self >= .indexed256 }

    /// Whether one depth shows fewer colours than another.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
