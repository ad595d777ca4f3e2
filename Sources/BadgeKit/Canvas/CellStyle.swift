/// How a cell is drawn: its colours and attributes.
public struct CellStyle: Sendable, Hashable {
    /// The colour of the glyph.
    public var foreground: TerminalColor
    /// The colour behind the glyph.
    public var background: TerminalColor
    /// Bold, dim, reverse video and the like.
    public var attributes: TextAttributes

    /// Creates a style; by default the terminal's own colours and no attributes.
    public init(
        foreground: TerminalColor = .default,
        background: TerminalColor = .default,
        attributes: TextAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours and no attributes.
    public static let plain = CellStyle()
}
