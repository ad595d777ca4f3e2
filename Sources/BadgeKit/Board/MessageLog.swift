/// What a view that writes messages as a log (line mode, `--once`, `--stream`) says of the board's reports, bounded.
///
/// Every notice is told. Bad lines are told one by one up to
/// ``BadgeBoard/badLinesToldPerBatch`` a turn of the run loop; the rest are
/// counted and told as one line when the turn ends, so a flood of bad lines
/// costs a bounded number of messages.
package struct MessageLog: Sendable {
    /// How many bad lines have been told since the turn began.
    private var badLinesTold = 0
    /// How many more bad lines came in this turn than are told one by one.
    private var badLinesHeldBack = 0

    /// Creates a log with nothing told.
    package init() {}

    /// The message for a report, or `nil` when it is only counted.
    package mutating func message(for report: BoardReport) -> String? {
        switch report {
        case .notice(let text):
            return "badgebar: \(text)"
        case .badLine(let text):
            guard badLinesTold < BadgeBoard.badLinesToldPerBatch else {
                badLinesHeldBack += 1
                return nil
            }
            badLinesTold += 1
            return "badgebar: \(text)"
        case .moreBadLines(let count):
            badLinesHeldBack += count
            return nil
        }
    }

    /// Ends a turn: the message for the bad lines it held back, if any.
    package mutating func endTurn() -> String? {
        defer {
            badLinesTold = 0
            badLinesHeldBack = 0
        }
        return badLinesHeldBack > 0 ? Self.moreBadLinesNotice(badLinesHeldBack) : nil
    }

    /// The notice for bad lines that were not told one by one.
    package static func moreBadLinesNotice(_ count: Int) -> String {
        "badgebar: … and \(count) more bad line\(count == 1 ? "" : "s")"
    }
}
