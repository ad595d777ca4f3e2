import Glibc
import Testing

extension EndToEnd {
    @Suite("Auto-play") struct AutoPlayTests {
        @Test("Auto-play raises the bell to 98 after ~1.3 s, then the first key stops it for good")
        func autoPlayThenStop() throws {
            let terminal = try TmuxTerminal(arguments: [], term: "xterm-256color")
            defer { terminal.close() }

            let first = try terminal.waitUntil("the first Inbox screen") {
                $0[InboxLayout.toolbarRow].contains("Inbox") && !$0.words(row: InboxLayout.badgeRow).isEmpty
            }
            #expect(first.words(row: InboxLayout.badgeRow) == ["2", "96"], "starts at 96\n\(first)")
            #expect(first[InboxLayout.statusRow].contains("auto-play"), "\(first)")

            try terminal.waitUntil("the bell badge to read 98", timeout: .seconds(3)) {
                $0.words(row: InboxLayout.badgeRow).last == "98"
            }
            let elapsed = ContinuousClock.now - terminal.launchedAt
            // The first step is due 1.3 s after the program's start, which came after launchedAt.
            #expect(elapsed >= .milliseconds(1200), "98 showed \(elapsed) after launch; the first step is due at 1.3 s")

            // Next step: the cart gets its first badge (2.6 s).
            try terminal.waitUntil("the cart badge 1", timeout: .seconds(3)) {
                $0.words(row: InboxLayout.badgeRow) == ["2", "1", "98"]
            }

            try terminal.sendKeys("Tab")
            try terminal.waitUntil("'auto-play' to leave the status line") {
                !$0[InboxLayout.statusRow].contains("auto-play")
            }
            let stopped = try terminal.waitUntilStill()
            let badges = stopped.words(row: InboxLayout.badgeRow)
            #expect(badges == ["2", "1", "98"] || badges == ["3", "1", "98"], "\(stopped)")

            // The one legitimate sleep: proving that nothing happens for more than two steps.
            usleep(3_000_000)
            let later = try terminal.capture()
            #expect(later == stopped, "counts changed after auto-play stopped\nbefore:\n\(stopped)\nafter:\n\(later)")
            #expect(!later[InboxLayout.statusRow].contains("auto-play"), "\(later)")
        }

        @Test("A click also stops auto-play (and clears the clicked button)")
        func clickStopsAutoPlay() throws {
            let terminal = try TmuxTerminal(arguments: [], term: "xterm-256color")
            defer { terminal.close() }
            let first = try terminal.waitUntil("the first Inbox screen") {
                $0[InboxLayout.toolbarRow].contains("Inbox") && $0[InboxLayout.statusRow].contains("auto-play")
            }
            let column = try terminal.iconColumn(of: "🔔", screen: first)
            try terminal.clickSGR(column: column, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("the click to clear the bell and stop auto-play") {
                !$0[InboxLayout.statusRow].contains("auto-play")
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            let stopped = try terminal.waitUntilStill()
            // Any step that came before the click may show (cart 1, messages 3), but not the bell.
            #expect(!stopped.words(row: InboxLayout.badgeRow).contains { $0.hasPrefix("9") }, "\(stopped)")
            usleep(1_500_000)
            #expect(try terminal.capture() == stopped, "a step came after the click")
        }
    }
}
