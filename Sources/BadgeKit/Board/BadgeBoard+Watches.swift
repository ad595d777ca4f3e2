extension BadgeBoard {
    /// Applies what a watch's run means: its counts (recorded with the source `watch`), its stale marks and its
    /// problem in the status line.
    package mutating func apply(_ outcome: WatchOutcome, at time: Double) {
        for update in outcome.updates {
            apply(update, at: time, source: .watch)
        }
        for mark in outcome.staleMarks {
            toolbar.setStale(mark.reason, forButtonAt: mark.buttonIndex)
        }
        if let report = outcome.report {
            self.report(report, at: time)
        }
    }
}
