/// A press or a change of count on a board, as it happened: what `--events-to` writes and line mode shows.
///
/// The board records one for every press (with the count before and after the
/// button's action) and for every change of count from elsewhere; the program
/// takes them after each event with ``BadgeBoard/takeEvents()``.
public struct BoardEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A button was pressed (its count is the count after its action).
        case press
        /// A count changed other than by a press.
        case change
    }

    /// Where it came from.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// A key: a number, Enter or Space.
        case key
        /// A click of the mouse, or of a status bar's block.
        case click
        /// A line sent to the control socket (`--control`, `--press`).
        case control
        /// A watch's command.
        case watch
        /// A line of live counts (`--counts-from`).
        case counts
        /// The demo's auto-play script.
        case autoplay
    }

    /// What happened.
    public var kind: Kind
    /// The button's index on the toolbar.
    public var buttonIndex: Int
    /// The button's title.
    public var buttonTitle: String
    /// The count after it.
    public var count: Int
    /// The count before it.
    public var previousCount: Int
    /// Where it came from.
    public var source: Source
    /// When, in seconds on the board's clock.
    public var time: Double

    /// Creates an event.
    public init(
        kind: Kind, buttonIndex: Int, buttonTitle: String, count: Int, previousCount: Int, source: Source, time: Double
    ) {
        self.kind = kind
        self.buttonIndex = buttonIndex
        self.buttonTitle = buttonTitle
        self.count = count
        self.previousCount = previousCount
        self.source = source
        self.time = time
    }

    /// Whether the count went up.
    public var isIncrease: Bool { count > previousCount }
}
