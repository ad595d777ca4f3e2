import Testing

extension EndToEnd {
    @Suite("Real terminal") struct RealTerminalTests {
        /// At least this share of a badge's pixels is its red; the digits take the rest.
        static let badgeRedShare = 0.3
        /// At most this share of a cleared badge's cells may still be red (none, bar a stray pixel).
        static let clearedRedShare = 0.005

        @Test("A real click by xdotool on Notifications in xterm under Xvfb clears its red badge, read from the pixels")
        func clickClearsBadgeInXTerm() throws {
            let display = try VirtualDisplay()
            defer { display.close() }
            let xterm = try XTermWindow(display: display, arguments: ["--no-autoplay"])
            defer { xterm.close() }
            let row = InboxLayout.badgeRow
            let notifications = InboxLayout.notificationsBadge
            let messages = InboxLayout.messagesBadge
            // Left of every badge on the badge row: never red, so redness is not the whole row's.
            let blank = 0...(messages.lowerBound - 1)

            let before = try xterm.waitForScreenshot("the Notifications badge drawn red in its cells") {
                xterm.redShare(in: $0, row: row, columns: notifications) >= Self.badgeRedShare
            }
            #expect(xterm.redShare(in: before, row: row, columns: messages) >= Self.badgeRedShare, "Messages' badge")
            #expect(xterm.redShare(in: before, row: row, columns: blank) == 0, "no red left of the badges")

            // The bell: the first cell of the two-cell emoji, two cells inside the button's "[".
            try xterm.click(column: InboxLayout.notificationsButton.lowerBound + 2, row: InboxLayout.toolbarRow)
            let after = try xterm.waitForScreenshot("no red left in the Notifications badge's cells") {
                xterm.redShare(in: $0, row: row, columns: notifications) <= Self.clearedRedShare
            }
            #expect(
                xterm.redShare(in: after, row: row, columns: messages) >= Self.badgeRedShare,
                "the click cleared Notifications only")

            try xterm.press("q")
            #expect(xterm.waitForExit(), "q typed into the window ends the program and with it xterm")
        }
    }
}
