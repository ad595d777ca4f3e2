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

extension ColorDepth {
    /// The best depth a terminal offers, from what terminfo and the environment say.
    ///
    /// The terminfo `RGB` capability alone means direct colour: such an entry reads
    /// every colour number as 24-bit RGB (`xterm-direct` sends 203 as `#0000CB`), so
    /// palette indices would come out as shades of blue. A terminfo entry of 2²⁴ colours
    /// without it is taken as direct only with `COLORTERM=truecolor` or `24bit`.
    ///
    /// - Parameters:
    ///   - colorCount: The number of colours terminfo reports (`COLORS`).
    ///   - terminfoHasRGB: Whether terminfo has the `RGB` capability.
    ///   - colorTermVariable: The value of COLORTERM, if set.
    public static func detect(colorCount: Int, terminfoHasRGB: Bool, colorTermVariable: String?) -> ColorDepth {
        if terminfoHasRGB && colorCount >= 8 {
            return .direct
        }
        let wantsDirect = ["truecolor", "24bit"].contains(colorTermVariable?.lowercased() ?? "")
        if wantsDirect && colorCount >= 1 << 24 {
            return .direct
        }
        switch colorCount {
        case 256...: return .indexed256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .monochrome
        }
    }
}
