/// What a stream of status lines knows beyond the toolbar: which counts rose lately.
///
/// `--once` knows nothing of the kind and renders with the empty state. Why a
/// count may be out of date is the toolbar's (``BadgeToolbar/staleReasons``): the
/// Waybar tooltip says it as the status line does, `Mail: 5 unread (stale: failed, exit 1)`.
public struct StatusBarState: Sendable, Equatable {
    /// The indices of the buttons whose count went up recently; the caller decides how long that lasts.
    ///
    /// An i3bar block of such a button is `urgent`, and Waybar's `class` has `rising`.
    public var risingButtons: Set<Int>

    /// Creates a state; by default nothing is rising.
    public init(risingButtons: Set<Int> = []) {
        self.risingButtons = risingButtons
    }
}
