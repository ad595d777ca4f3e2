/// What a finished run of a watch means for the board: counts to set, stale marks to change, a problem to tell.
///
/// ``WatchSchedule/finish(watchAt:with:at:buttonTitles:)`` makes it; ``BadgeBoard/apply(_:at:)`` applies it.
package struct WatchOutcome: Sendable, Equatable {
    /// A button's stale mark as a run decides it.
    package struct StaleMark: Sendable, Equatable {
        /// The button.
        package var buttonIndex: Int
        /// Why its count may be out of date, or `nil` when it is up to date.
        package var reason: String?
    }

    /// The counts a good reading sets, in order; none after a problem.
    package var updates: [CountUpdate] = []
    /// The stale marks of the buttons the watch feeds or fed.
    package var staleMarks: [StaleMark] = []
    /// The problem in words for the status line, when it is new with this run.
    package var problem: String?
    /// Whether this was the watch's first good reading, which tells the counts as they are rather than news
    /// (so it notifies no one).
    package var isFirstReading = false
}
