import Synchronization

/// The palette indices ``ColorPalette/nearestIndex(to:depth:)`` has found, by the size of the palette searched and
/// the colour: a colour's nearest entry never changes.
private let nearestIndices = Mutex<[UInt32: Int]>([:])

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

    /// Every palette entry in OKLab, computed once: the sixteen ANSI colours, the cube and the grey ramp.
    static let paletteInOKLab: [OKLabColor] = (0..<256).map { OKLabColor(color(atIndex: $0)) }

    /// How different two colours look: the squared distance between them in OKLab.
    public static func distance(_ first: RGBColor, _ second: RGBColor) -> Double {
        OKLabColor(first).squaredDistance(to: OKLabColor(second))
    }

    /// The palette index nearest a colour in OKLab at a depth: 0–7, 0–15 or 16–255 (the cube and grey ramp).
    ///
    /// At 256 colours the sixteen ANSI entries are skipped, since terminals theme
    /// them freely; at 8 and 16 colours they are all there is, measured as xterm shows
    /// them (``ansi``). At `direct` depth, and in monochrome, there is no index and the result is `nil`.
    public static func nearestIndex(to color: RGBColor, depth: ColorDepth) -> Int? {
        let indices: Range<Int>
        switch depth {
        case .monochrome, .direct:
            return nil
        case .ansi8:
            indices = 0..<8
        case .ansi16:
            indices = 0..<16
        case .indexed256:
            indices = 16..<256
        }
        // Each frame asks again for the few colours on the screen: the answer is remembered, not searched for.
        let key = UInt32(indices.count) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        if let known = nearestIndices.withLock({ $0[key] }) {
            return known
        }
        let index = nearest(to: color, in: indices)
        nearestIndices.withLock { known in
            if known.count >= nearestIndicesLimit {
                known.removeAll(keepingCapacity: true)
            }
            known[key] = index
        }
        return index
    }

    /// The most nearest indices remembered; past it they are forgotten and found again as they are asked for.
    static let nearestIndicesLimit = 4096

    private static func nearest(to color: RGBColor, in indices: Range<Int>) -> Int {
        let target = OKLabColor(color)
        var best = indices.lowerBound
        var bestDistance = Double.infinity
        for index in indices {
            let candidate = target.squaredDistance(to: paletteInOKLab[index])
            if candidate < bestDistance {
                best = index
                bestDistance = candidate
            }
        }
        return best
    }
}
