/// Finds the nearest colour a terminal of some depth can show.
public enum ColorPalette {
    /// The sixteen ANSI colours as xterm shows them.
    public static let ansi: [RGBColor] = [
        RGBColor(hex: 0x000000), RGBColor(hex: 0xCD0000), RGBColor(hex: 0x00CD00), RGBColor(hex: 0xCDCD00),
        RGBColor(hex: 0x0000EE), RGBColor(hex: 0xCD00CD), RGBColor(hex: 0x00CDCD), RGBColor(hex: 0xE5E5E5),
        RGBColor(hex: 0x7F7F7F), RGBColor(hex: 0xFF0000), RGBColor(hex: 0x00FF00), RGBColor(hex: 0xFFFF00),
        RGBColor(hex: 0x5C5CFF), RGBColor(hex: 0xFF00FF), RGBColor(hex: 0x00FFFF), RGBColor(hex: 0xFFFFFF),
    ]

    /// The levels of each channel in the 256-colour palette's 6×6×6 cube.
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The colour a palette index shows in xterm's 256-colour palette.
    public static func color(atIndex index: Int) -> RGBColor {
        switch index {
        case 0..<16:
            return ansi[index]
        case 16..<232:
            let cube = index - 16
            return RGBColor(
                red: UInt8(cubeLevels[cube / 36]), green: UInt8(cubeLevels[(cube / 6) % 6]),
                blue: UInt8(cubeLevels[cube % 6]))
        default:
            let level = UInt8(8 + 10 * (min(max(index, 232), 255) - 232))
            return RGBColor(red: level, green: level, blue: level)
        }
    }

    /// How different two colours look, by the "redmean" weighted distance (squared).
    public static func distance(_ first: RGBColor, _ second: RGBColor) -> Int {
        let meanRed = (Int(first.red) + Int(second.red)) / 2
        let red = Int(first.red) - Int(second.red)
        let green = Int(first.green) - Int(second.green)
        let blue = Int(first.blue) - Int(second.blue)
        return (((512 + meanRed) * red * red) >> 8) + 4 * green * green + (((767 - meanRed) * blue * blue) >> 8)
    }

    /// The palette index nearest a colour at a depth: 0–7, 0–15 or 16–255 (the cube and grey ramp).
    ///
    /// At 256 colours the sixteen ANSI entries are skipped, since terminals theme
    /// them freely; at `direct` depth, and in monochrome, there is no index and the result is `nil`.
    public static func nearestIndex(to color: RGBColor, depth: ColorDepth) -> Int? {
        switch depth {
        case .monochrome, .direct:
            return nil
        case .ansi8:
            return nearest(to: color, in: 0..<8)
        case .ansi16:
            return nearest(to: color, in: 0..<16)
        case .indexed256:
            let cube = 16 + 36 * nearestLevel(color.red) + 6 * nearestLevel(color.green) + nearestLevel(color.blue)
            let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
            let grey = 232 + min(max((average - 3) / 10, 0), 23)
            return distance(color, Self.color(atIndex: grey)) < distance(color, Self.color(atIndex: cube)) ? grey : cube
        }
    }

    private static func nearest(to color: RGBColor, in indices: Range<Int>) -> Int {
        var best = indices.lowerBound
        var bestDistance = Int.max
        for index in indices {
            let candidate = distance(color, ansi[index])
            if candidate < bestDistance {
                best = index
                bestDistance = candidate
            }
        }
        return best
    }

    private static func nearestLevel(_ channel: UInt8) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated()
        where abs(level - Int(channel)) < abs(cubeLevels[best] - Int(channel)) {
            best = index
        }
        return best
    }
}
