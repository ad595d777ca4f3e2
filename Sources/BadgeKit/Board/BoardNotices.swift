/// What the board tells: the notice the status line shows for a while, and, for a front end that tells every one,
/// each report in order.
///
/// The status line shows only the latest notice. With ``keepsReports`` on, each notice and each bad line of
/// live counts is also kept as a ``BoardReport`` until ``takeReports()``; bad lines past
/// ``BadgeBoard/badLinesToldPerBatch`` in one batch are only counted.
struct BoardNotices: Sendable {
    /// The notice the status line shows, until its expiry.
    var latest: BadgeBoard.Notice?
    /// Whether every report is kept for ``takeReports()`` as well as shown.
    var keepsReports = false
    /// The reports not yet taken, oldest first.
    var reports = Backlog<BoardReport>(limit: Self.reportLimit)

    /// How long a notice stays in the status line, in seconds.
    static let noticeSeconds = 4.0
    /// The most reports kept for ``takeReports()``.
    static let reportLimit = 256

    /// Tells a problem: shown in the status line, and kept as a notice with ``keepsReports``.
    mutating func tell(_ message: String, at time: Double) {
        show(message, at: time)
        keep(.notice(latest?.text ?? ""))
    }

    /// Tells a bad line of live counts on its own: shown in the status line, and kept as a bad line with
    /// ``keepsReports``.
    mutating func tellBadLine(_ message: String, at time: Double) {
        show(message, at: time)
        keep(.badLine(latest?.text ?? ""))
    }

    /// Tells the bad lines of one batch: the first in the status line, with how many there were when there were
    /// several; each message given, and how many more there were, as reports.
    ///
    /// - Parameters:
    ///   - messages: What was wrong with each of the first lines, at most ``BadgeBoard/badLinesToldPerBatch``.
    ///   - count: How many bad lines there were in all.
    ///   - time: When they arrived.
    mutating func tellBadLines(_ messages: [String], count: Int, at time: Double) {
        guard let first = messages.first else { return }
        show(count == 1 ? first : Self.badLinesNotice(first: first, count: count), at: time)
        for message in messages {
            keep(.badLine(Sanitizer.printable(message)))
        }
        if count > messages.count {
            keep(.moreBadLines(count - messages.count))
        }
    }

    /// The status line's notice for several bad lines in one batch: how many, and the first.
    static func badLinesNotice(first: String, count: Int) -> String {
        "\(count) bad lines; the first: \(first)"
    }

    /// Shows a message in the status line for ``noticeSeconds``, made printable.
    mutating func show(_ message: String, at time: Double) {
        latest = BadgeBoard.Notice(text: Sanitizer.printable(message), expiryTime: time + Self.noticeSeconds)
    }

    /// Keeps a report for ``takeReports()`` when ``keepsReports`` is on, dropping the oldest past ``reportLimit``;
    /// bad lines past it are counted in one ``BoardReport/moreBadLines(_:)`` at the end instead, so none goes
    /// untold.
    mutating func keep(_ report: BoardReport) {
        guard keepsReports else { return }
        let badLines: Int? =
            switch report {
            case .badLine: 1
            case .moreBadLines(let count): count
            case .notice: nil
            }
        if let badLines, reports.elements.count >= Self.reportLimit - 1 {
            if case .moreBadLines(let count) = reports.elements.last {
                reports.replaceLast(with: .moreBadLines(count + badLines))
            } else {
                reports.append(.moreBadLines(badLines))
            }
            return
        }
        reports.append(report)
    }

    /// The reports since the last call, oldest first; the list is emptied.
    mutating func takeReports() -> [BoardReport] {
        reports.take()
    }

    /// Lets the notice go once its time is up.
    mutating func expire(at time: Double) {
        if let latest, latest.expiryTime <= time {
            self.latest = nil
        }
    }
}
