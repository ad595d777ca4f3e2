/// What a stream of status lines knows beyond the toolbar: which counts rose lately and why counts may be out of date.
///
/// `--once` knows neither and renders with the empty state.
public struct StatusBarState: Sendable, Equatable {
    /// The indices of the buttons whose count went up recently; the caller decides how long that lasts.
    ///
    /// An i3bar block of such a button is `urgent`, and Waybar's `class` has `rising`.
    public var risingButtons: Set<Int>
    /// Why each button's count may be out of date, in the buttons' order, as ``BadgeBoard/staleReasons`` gives it.
    ///
    /// The Waybar tooltip says it as the status line does, `Mail: 5 unread (stale: failed, exit 1)`.
    /// Whether a button shows the stale mark is the toolbar's ``BadgeToolbar/staleMarks``; a
    /// stale button with no reason here reads `(stale)`.
    public var staleReasons: [String?]

    /// Creates a state; by default nothing is rising and no reason is known.
    public init(risingButtons: Set<Int> = [], staleReasons: [String?] = []) {
        self.risingButtons = risingButtons
        self.staleReasons = staleReasons
    }
}
