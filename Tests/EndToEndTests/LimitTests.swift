import Testing

extension EndToEnd {
    @Suite("Badge limit") struct LimitTests {
        @Test("--limit 9: the 96 reads 9+, the 2 stays 2, the status keeps the real count")
        func limitNine() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay", "--limit", "9"])
            defer { terminal.close() }
            try terminal.waitForInbox(badges: ["2", "9+"])
            let screen = try terminal.waitUntilStill()
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "9+"], "\(screen)")
            #expect(
                screen.text(row: InboxLayout.badgeRow, columns: InboxLayout.notificationsBadge) == " 9+ ", "\(screen)")

            try terminal.sendKeys("Tab", "Tab")
            try terminal.waitUntil("the status to speak the full count") {
                $0[InboxLayout.statusRow].contains("Notifications: 96 unread")
            }
        }

        @Test("--limit 1: the 2 reads 1+ as well")
        func limitOne() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay", "--limit=1"])
            defer { terminal.close() }
            try terminal.waitForInbox(badges: ["1+", "1+"])
        }

        @Test("--limit 999999999999 with counts too wide for their room: each badge reads 99999+, never a cut number")
        func hugeCountsStayTrue() throws {
            let terminal = try TmuxTerminal(arguments: [
                "--limit", "999999999999", "--button", "A:bell:12345678", "--button", "B:cart:12345679",
                "--button", "C:star:12345680",
            ])
            defer { terminal.close() }
            let screen = try terminal.waitUntil("the three badges") {
                $0[InboxLayout.toolbarRow].contains("Badges") && $0.words(row: InboxLayout.badgeRow).count == 3
            }
            // Not "1234567 123456 12345680": 99999 is below every count, and fits the room between the buttons.
            #expect(screen.words(row: InboxLayout.badgeRow) == ["99999+", "99999+", "99999+"], "\(screen)")
            try terminal.sendKeys("Tab", "Tab")
            try terminal.waitUntil("the status to speak the full count") {
                $0[InboxLayout.statusRow].contains("C: 12345680 unread")
            }
        }
    }
}
