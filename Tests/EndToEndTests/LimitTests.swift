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
    }
}
