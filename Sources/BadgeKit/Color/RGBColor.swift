/// A colour in the sRGB space, eight bits per channel.
///
/// Badge colours are kept as exact sRGB values; the terminal backend shows
/// each as the nearest colour the terminal offers (see ``ColorDepth``).
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    /// The red channel, 0 to 255.
    public var red: UInt8
    /// The green channel, 0 to 255.
    public var green: UInt8
    /// The blue channel, 0 to 255.
    public var blue: UInt8

    /// Creates a colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Creates a colour from a 24-bit value such as `0xFF3B30`.
    public init(hex: UInt32) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF),
            green: UInt8((hex >> 8) & 0xFF),
            blue: UInt8(hex & 0xFF))
    }

    /// The colour as `#RRGGBB`.
    public var description: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0x0F)])
        }
        return text
    }

    /// A colour from a SwiftUI name (`blue`) or a hex triple (`#007AFF`), or `nil`.
    public init?(specification: String) {
        if let named = RGBColor(named: specification) {
            self = named
            return
        }
        let digits = specification.hasPrefix("#") ? specification.dropFirst() : Substring(specification)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(hex: value)
    }
}

extension RGBColor {
    /// Black, `#000000`.
    public static let black = RGBColor(hex: 0x000000)
    /// White, `#FFFFFF`.
    public static let white = RGBColor(hex: 0xFFFFFF)
    /// SwiftUI's `.red` in light mode, `#FF3B30`.
    public static let systemRed = RGBColor(hex: 0xFF3B30)
    /// SwiftUI's `.orange`, `#FF9500`.
    public static let systemOrange = RGBColor(hex: 0xFF9500)
    /// SwiftUI's `.yellow`, `#FFCC00`.
    public static let systemYellow = RGBColor(hex: 0xFFCC00)
    /// SwiftUI's `.green`, `#34C759`.
    public static let systemGreen = RGBColor(hex: 0x34C759)
    /// SwiftUI's `.mint`, `#00C7BE`.
    public static let systemMint = RGBColor(hex: 0x00C7BE)
    /// SwiftUI's `.teal`, `#30B0C7`.
    public static let systemTeal = RGBColor(hex: 0x30B0C7)
    /// SwiftUI's `.cyan`, `#32ADE6`.
    public static let systemCyan = RGBColor(hex: 0x32ADE6)
    /// SwiftUI's `.blue`, `#007AFF`.
    public static let systemBlue = RGBColor(hex: 0x007AFF)
    /// SwiftUI's `.indigo`, `#5856D6`.
    public static let systemIndigo = RGBColor(hex: 0x5856D6)
    /// SwiftUI's `.purple`, `#AF52DE`.
    public static let systemPurple = RGBColor(hex: 0xAF52DE)
    /// SwiftUI's `.pink`, `#FF2D55`.
    public static let systemPink = RGBColor(hex: 0xFF2D55)
    /// SwiftUI's `.brown`, `#A2845E`.
    public static let systemBrown = RGBColor(hex: 0xA2845E)
    /// SwiftUI's `.gray`, `#8E8E93`.
    public static let systemGray = RGBColor(hex: 0x8E8E93)

    /// The colours a badge may be given by name, as SwiftUI names them.
    public static let named: [(name: String, color: RGBColor)] = [
        ("red", .red), ("orange", .orange), ("yellow", .yellow), ("green", .green), ("mint", .mint),
        ("teal", .teal), ("cyan", .cyan), ("blue", .blue), ("indigo", .indigo), ("purple", .purple),
        ("pink", .pink), ("brown", .brown), ("gray", .gray), ("black", .black), ("white", .white),
    ]

    /// The colour with a SwiftUI name such as `red` or `yellow`, or `nil`.
    public init?(named name: String) {
        let lowered = name.lowercased()
        guard let entry = Self.named.first(where: { $0.name == lowered }) else { return nil }
        self = entry.color
    }

    /// Red, as SwiftUI's `.red`: ``systemRed``, the original badge's colour.
    public static let red = systemRed
    /// Orange, as SwiftUI's `.orange`: ``systemOrange``.
    public static let orange = systemOrange
    /// Yellow, as SwiftUI's `.yellow`: ``systemYellow``, with black text on it.
    public static let yellow = systemYellow
    /// Green, as SwiftUI's `.green`: ``systemGreen``.
    public static let green = systemGreen
    /// Mint, as SwiftUI's `.mint`: ``systemMint``.
    public static let mint = systemMint
    /// Teal, as SwiftUI's `.teal`: ``systemTeal``.
    public static let teal = systemTeal
    /// Cyan, as SwiftUI's `.cyan`: ``systemCyan``.
    public static let cyan = systemCyan
    /// Blue, as SwiftUI's `.blue`: ``systemBlue``.
    public static let blue = systemBlue
    /// Indigo, as SwiftUI's `.indigo`: ``systemIndigo``.
    public static let indigo = systemIndigo
    /// Purple, as SwiftUI's `.purple`: ``systemPurple``.
    public static let purple = systemPurple
    /// Pink, as SwiftUI's `.pink`: ``systemPink``.
    public static let pink = systemPink
    /// Brown, as SwiftUI's `.brown`: ``systemBrown``.
    public static let brown = systemBrown
    /// Gray, as SwiftUI's `.gray`: ``systemGray``.
    public static let gray = systemGray
}
