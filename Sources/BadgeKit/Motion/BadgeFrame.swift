/// How a badge and its button look at one instant: the sample of a ``BadgeMotion``.
package struct BadgeFrame: Sendable, Equatable {
    /// The characters inside the badge, without its padding; `nil` when no badge shows.
    package var text: String?
    /// Whether the badge is too small for its text and shows a dot instead.
    package var isDot: Bool
    /// The badge's width in columns, padding included.
    package var columns: Int
    /// How opaque the badge is, 0 to 1: colours ramp from the background to the badge colour.
    package var opacity: Double
    /// How opaque the text is, 0 to 1, on top of the badge's own opacity (numbers cross-fade under Reduce Motion).
    package var textOpacity: Double
    /// How many columns each bracket of the button has moved toward its icon: 1 squeezed, −1 stretched, 0 at rest.
    ///
    /// This is the bounce: the brackets close in on the icon and spring back out,
    /// on the button's own row, so nothing is ever drawn over the badge.
    package var bracketInset: Int
    /// Whether the badge is emphasized: the still cue that stands in for the bounce under Reduce Motion.
    package var isEmphasized: Bool

    /// Creates a frame.
    package init(
        text: String?, isDot: Bool = false, columns: Int, opacity: Double = 1, textOpacity: Double = 1,
        bracketInset: Int = 0, isEmphasized: Bool = false
    ) {
        self.text = text
        self.isDot = isDot
        self.columns = columns
        self.opacity = opacity
        self.textOpacity = textOpacity
        self.bracketInset = bracketInset
        self.isEmphasized = isEmphasized
    }

    /// The steps a fade is seen in: finer differences in opacity do not change a colour a terminal shows.
    package static let opacitySteps = 32.0

    /// Whether two frames would draw the same cells: same text, width, brackets and emphasis, and opacities in the same step.
    package func looksTheSame(as other: BadgeFrame) -> Bool {
        text == other.text && isDot == other.isDot && columns == other.columns
            && bracketInset == other.bracketInset && isEmphasized == other.isEmphasized
            && (opacity * Self.opacitySteps).rounded() == (other.opacity * Self.opacitySteps).rounded()
            && (textOpacity * Self.opacitySteps).rounded() == (other.textOpacity * Self.opacitySteps).rounded()
    }
}
