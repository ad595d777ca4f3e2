import Testing

/// All end-to-end suites nest in this one so that `.serialized` runs every test of the
/// target one after the other: they share a 2-core machine and depend on timing.
@Suite(.serialized) struct EndToEnd {}

/// Where the Inbox demo draws at 80×24 (rows and columns 0-based).
enum InboxLayout {
    /// The badges, on the row above the buttons.
    static let badgeRow = 1
    /// The title and the bracketed buttons.
    static let toolbarRow = 2
    /// The focus line under the focused button.
    static let focusRow = 3
    /// The status line at 80×24.
    static let statusRow = 23

    /// Screen columns of the buttons' bodies on the toolbar row, e.g. `[ 💬 ]`.
    static let messagesButton = 56...61
    static let cartButton = 64...69
    static let notificationsButton = 72...77

    /// Screen columns of the badges on the badge row: on the button's top-right corner,
    /// round(70 %) of the badge inside the trailing edge, so both end one column past it.
    static let messagesBadge = 60...62
    static let notificationsBadge = 75...78

    /// The focus line under a button.
    static let focusLine = "──────"

    /// The line that says what to do.
    static let hint = "Click an icon or press 1-3 to clear its badge."
    /// The row of ``hint`` at 80×24.
    static let hintRow = 13

    /// The badge row's words after each auto-play step: every 1.3 s notifications +2, cart +1,
    /// messages +1, from Messages 2, Cart 0, Notifications 96 (past 99 a badge reads 99+).
    static func autoPlayBadges(steps: Int) -> [[String]] {
        var counts = [2, 0, 96]
        let script = [(2, 2), (1, 1), (0, 1)]
        var states: [[String]] = []
        for step in 0...steps {
            if step > 0 {
                let (index, amount) = script[(step - 1) % script.count]
                counts[index] += amount
            }
            states.append(counts.filter { $0 > 0 }.map { $0 > 99 ? "99+" : String($0) })
        }
        return states
    }
}

extension Screen {
    /// What is wrong with this screen as the whole Inbox at 80×24, auto-playing, focus on Messages,
    /// after at most `steps` auto-play steps: one line per problem, none when every row is right.
    func autoPlayInboxProblems(steps: Int = 12) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
            if !condition { problems.append(problem()) }
        }
        check(lines.count == 24, "\(lines.count) rows, not 24")
        let badges = words(row: InboxLayout.badgeRow)
        check(
            InboxLayout.autoPlayBadges(steps: steps).contains(badges),
            "badges \(badges) are none of auto-play's states")
        check(text(row: InboxLayout.badgeRow, columns: 0...55).allSatisfy { $0 == " " }, "the badge row's left part")
        check(
            text(row: InboxLayout.toolbarRow, columns: 0...79)
                == "  Inbox" + String(repeating: " ", count: 49) + "[ 💬 ]  [ 🛒 ]  [ 🔔 ]  ",
            "the toolbar row")
        check(
            text(row: InboxLayout.focusRow, columns: 0...79)
                == String(repeating: " ", count: 56) + InboxLayout.focusLine + String(repeating: " ", count: 18),
            "the focus line under Messages")
        check(columns(of: InboxLayout.hint, row: InboxLayout.hintRow)?.lowerBound == 17, "the hint's place")
        check(trimmed(row: InboxLayout.hintRow) == InboxLayout.hint, "the hint row")
        for row in [0] + Array(4...22) where row != InboxLayout.hintRow {
            check(trimmed(row: row) == "", "row \(row) is not blank")
        }
        let status = self[InboxLayout.statusRow]
        check(status.hasPrefix(" Messages: "), "the status line's start")
        check(status.hasSuffix("auto-play \u{00B7} ? help \u{00B7} q quit"), "the status line's end (auto-playing)")
        // The Messages badge agrees with the status line.
        if let match = status.firstMatch(of: /Messages: (\d+) unread/), let count = Int(match.1) {
            check(
                text(row: InboxLayout.badgeRow, columns: InboxLayout.messagesBadge) == " \(count) ",
                "the Messages badge is not the status line's \(count)")
        } else {
            problems.append("no Messages count in the status line")
        }
        return problems
    }
}

extension TmuxTerminal {
    /// Waits for the first full Inbox screen at 80×24 with the demo's starting counts.
    @discardableResult
    func waitForInbox(
        badges: [String] = ["2", "96"], status: String = "Messages: 2 unread",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Screen {
        try waitUntil("the Inbox toolbar with badges \(badges) and status '\(status)'", sourceLocation: sourceLocation)
        {
            $0[InboxLayout.toolbarRow].contains("Inbox") && $0.words(row: InboxLayout.badgeRow) == badges
                && $0[InboxLayout.statusRow].contains(status)
        }
    }

    /// The 1-based column of the right half of a button's icon: screen column 59 (1-based 60) for Messages.
    func iconColumn(of icon: String, screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        guard let columns = screen.columns(of: icon, row: InboxLayout.toolbarRow) else {
            throw EndToEndFailure("\(sourceLocation): no \(icon) on the toolbar row\n\(screen)")
        }
        return columns.upperBound + 1
    }
}
