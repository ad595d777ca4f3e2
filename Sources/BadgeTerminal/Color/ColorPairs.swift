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
            return Self.directColorNumber(of: rgb)
        }
        if let known = indices[rgb] { return known }
        let index = Int32(ColorPalette.nearestIndex(to: rgb, depth: depth) ?? -1)
        indices[rgb] = index
        return index
    }

    /// The colour number a direct-colour terminfo entry reads as a colour: its red, green and blue packed as 0xRRGGBB.
    ///
    /// Such entries read small numbers as palette colours: below 8 in `xterm-direct`,
    /// below 16 in `xterm-direct16`, below 256 in `xterm-direct256`. A colour whose
    /// number falls there (red and green both 0: black and dark blues) gets green 1 of
    /// 255, which looks the same and is read as RGB by all of them.
    static func directColorNumber(of rgb: RGBColor) -> Int32 {
        let packed = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
        return packed < 0x100 ? packed | 0x100 : packed
    }

    /// The pair for a foreground and background (wraps `init_extended_pair`); 0 is the default pair, also
    /// the answer when ncurses refuses to define the pair, so the cell shows in the terminal's own colours.
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
        guard init_extended_pair(pair, foregroundIndex, backgroundIndex) != ERR else { return 0 }
        nextPair += 1
        pairs[key] = pair
        return pair
    }

    /// Whether pairs were reused since the last check, so earlier cells may show the wrong colours.
    var didRecycle = false
}
