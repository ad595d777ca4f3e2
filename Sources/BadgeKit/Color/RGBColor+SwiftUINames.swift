extension RGBColor {
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
