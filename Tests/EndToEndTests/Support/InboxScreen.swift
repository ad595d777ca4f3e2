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
