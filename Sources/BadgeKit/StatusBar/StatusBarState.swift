/// What a stream of status lines knows beyond the toolbar: which counts rose lately, and which mouse buttons do
/// something on each button.
///
/// `--once` knows nothing of the kind and renders with the empty state. Why a
/// count may be out of date is the toolbar's (``BadgeToolbar/staleReasons``): the
/// Waybar tooltip says it as the status line does, `Mail: 5 unread (stale: failed, exit 1)`.
public struct StatusBarState: Sendable, Equatable {
    /// The indices of the buttons whose count went up recently; the caller decides how long that lasts.
    ///
    /// An i3bar block of such a button is `urgent`, and Waybar's `class` has `rising`.
    public var risingButtons: Set<Int>

    /// The mouse buttons a click does something with, by button index (``BoardEngine/actingMouseButtons(forButtonAt:)``);
    /// a button not in it has the left one alone.
    ///
    /// polybar's form makes a click area for each (`%{A2:…:}` for the middle one).
    public var actingMouseButtons: [Int: [MouseButton]]

    /// Creates a state; by default nothing is rising and only the left mouse button acts.
    public init(risingButtons: Set<Int> = [], actingMouseButtons: [Int: [MouseButton]] = [:]) {
        self.risingButtons = risingButtons
        self.actingMouseButtons = actingMouseButtons
    }

    /// The mouse buttons a click on the button at an index does something with.
    public func mouseButtons(forButtonAt index: Int) -> [MouseButton] {
        actingMouseButtons[index] ?? [.left]
    }
}
