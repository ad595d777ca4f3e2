/// A problem the board reported, kept for a front end that tells every one, such as line mode on standard error.
///
/// The status line shows only the latest notice; a board with ``BadgeBoard/keepsReports`` on also keeps each
/// report in order, for ``BadgeBoard/takeReports()``. Bad lines of live counts are told one by one up to
/// ``BadgeBoard/badLinesToldPerBatch`` a batch, and the rest of the batch only counted, so a flood of bad lines
/// costs a bounded number of messages.
public enum BoardReport: Sendable, Equatable {
    /// A notice, as the status line shows it: a watch that failed, a source that stopped.
    case notice(String)
    /// A bad line of live counts (not a count, naming no button, or too long) and what was wrong with it.
    case badLine(String)
    /// More bad lines in one batch than are told one by one: how many more.
    case moreBadLines(Int)
}
