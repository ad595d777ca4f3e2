/// The text attributes a cell can carry, such as bold or reverse video.
public struct TextAttributes: OptionSet, Sendable, Hashable {
    /// The attributes as bits.
    public let rawValue: UInt8

    /// Creates attributes from bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Heavier text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Fainter text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
}
