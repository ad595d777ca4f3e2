import BadgeKit
import CNCursesW

/// Turns cell colours into ncurses colour pairs, creating each pair the first time it is needed.
///
/// Pairs go through the extended-pair API (`init_extended_pair`), since
/// `COLOR_PAIR()` keeps only 8 bits and a fade can use more than 255 pairs.
struct ColorPairs {
    /// The depth colours are matched at.
    let depth: ColorDepth
    private var pairs: [Int64: Int32] = [:]
    private var indices: [RGBColor: Int32] = [:]
    private var nextPair: Int32 = 1
    private let pairLimit: Int32

    init(depth: ColorDepth) {
        self.depth = depth
        pairLimit = depth == .monochrome ? 0 : Int32(min(cnc_color_pairs(), 65_535))
    }

    /// The palette index for a colour, or -1 for the terminal's default.
    private mutating func index(of color: TerminalColor) -> Int32 {
        guard case .rgb(let rgb) = color else { return -1 }
        if depth == .direct {
            // A direct-colour terminfo entry reads numbers below 8 as ANSI colours: nudge near-black up.
            let packed = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
            return max(packed, 8)
        }
        if let known = indices[rgb] { return known }
        let index = Int32(ColorPalette.nearestIndex(to: rgb, depth: depth) ?? -1)
        indices[rgb] = index
        return index
    }

    /// The pair for a foreground and background (wraps `init_extended_pair`); 0 is the default pair.
    mutating func pair(foreground: TerminalColor, background: TerminalColor) -> Int32 {
        guard depth != .monochrome else { return 0 }
        let foregroundIndex = index(of: foreground)
        let backgroundIndex = index(of: background)
        if foregroundIndex < 0 && backgroundIndex < 0 { return 0 }
        let key = Int64(foregroundIndex + 1) << 32 | Int64(backgroundIndex + 1)
        if let known = pairs[key] { return known }
        if nextPair >= pairLimit {
            // Out of pairs: start over. Cells drawn earlier keep their old pair
            // numbers, so the caller repaints everything after this.
            pairs.removeAll(keepingCapacity: true)
            nextPair = 1
            didRecycle = true
        }
        let pair = nextPair
        nextPair += 1
        _ = init_extended_pair(pair, foregroundIndex, backgroundIndex)
        pairs[key] = pair
        return pair
    }

    /// Whether pairs were reused since the last check, so earlier cells may show the wrong colours.
    var didRecycle = false
}
