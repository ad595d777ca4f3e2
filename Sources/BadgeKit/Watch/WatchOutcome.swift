/// What a finished run of a watch means for the board: counts to set, stale marks to change, a problem to tell.
///
/// ``WatchSchedule/finish(watchAt:with:at:buttonTitles:)`` makes it; ``BadgeBoard/apply(_:at:)`` applies it.
public struct WatchOutcome: Sendable, Equatable {
    /// A button's stale mark as a run decides it.
    public struct StaleMark: Sendable, Equatable {
        /// The button.
        public var buttonIndex: Int
        /// Why its count may be out of date, or `nil` when it is up to date.
        public var reason: String?
    }

    /// The counts a good reading sets, in order; none after a problem.
    public var updates: [CountUpdate] = []
    /// The stale marks of the buttons the watch feeds or fed.
    public var staleMarks: [StaleMark] = []
    /// The problem in words for the status line, when it is new with this run.
    public var report: String?
    /// Whether this was the watch's first good reading, which tells the counts as they are rather than news
    /// (so it notifies no one).
    public var isFirstReading = false
}
