/// How a badge and its icon look at one instant: the sample of a ``BadgeMotion``.
public struct BadgeFrame: Sendable, Equatable {
    /// The characters inside the badge, without its padding; `nil` when no badge shows.
    public var text: String?
    /// Whether the badge is too small for its text and shows a dot instead.
    public var isDot: Bool
    /// The badge's width in columns, padding included.
    public var columns: Int
    /// How opaque the badge is, 0 to 1: colours ramp from the background to the badge colour.
    public var opacity: Double
    /// How opaque the text is, 0 to 1, on top of the badge's own opacity (numbers cross-fade under Reduce Motion).
    public var textOpacity: Double
    /// How many rows the icon is lifted.
    public var iconLift: Int

    /// Creates a frame.
    public init(
        text: String?, isDot: Bool = false, columns: Int, opacity: Double = 1, textOpacity: Double = 1,
        iconLift: Int = 0
    ) {
        self.text = text
        self.isDot = isDot
        self.columns = columns
        self.opacity = opacity
        self.textOpacity = textOpacity
        self.iconLift = iconLift
    }
}
