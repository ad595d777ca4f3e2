import Glibc
import Testing

extension EndToEnd {
    @Suite("Resize storm") struct ResizeStormTests {
        /// The badge row's words after each auto-play step: every 1.3 s notifications +2, cart +1,
        /// messages +1, from Messages 2, Cart 0, Notifications 96 (past 99 a badge reads 99+).
        private static func autoPlayBadges(steps: Int) -> [[String]] {
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

        @Test("200 resizes while animating, down to 1×1 and back: still running, and a correct 80×24 screen")
        func resizeStorm() throws {
            let terminal = try TmuxTerminal(arguments: [], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            let sizes = [
                (1, 1), (2, 80), (24, 10), (80, 4), (40, 12), (33, 5), (32, 5), (120, 40), (79, 24), (80, 23), (3, 2),
                (200, 3), (81, 25), (7, 7),
            ]
            // One tmux call per resize, from the first screen on: the storm lasts past the first auto-play
            // step (1.3 s), so the program is animating in the middle of it.
            var resizes = 0
            var index = 0
            while resizes < 200 || ContinuousClock.now < terminal.launchedAt + .milliseconds(1600) {
                let (columns, rows) = sizes[index % sizes.count]
                try terminal.resize(columns: columns, rows: rows)
                resizes += 1
                index += 1
                if resizes >= 1000 { break }
            }
            #expect(TmuxTerminal.isRunning(pid), "still running after \(resizes) resizes")
            try terminal.resize(columns: 80, rows: 24)

            try terminal.waitUntil("the toolbar back at 80×24") {
                $0.lines.count == 24 && $0[InboxLayout.toolbarRow].contains("Inbox")
                    && $0[InboxLayout.statusRow].contains("q quit")
            }
            let screen = try terminal.waitUntilStill(timeout: .seconds(8))
            #expect(TmuxTerminal.isRunning(pid) && !screen.contains("[exit"), "\(screen)")
            #expect(try terminal.programPID() == pid, "the same process")

            // The whole screen, row by row.
            #expect(screen.lines.count == 24, "\(screen)")
            let badges = screen.words(row: InboxLayout.badgeRow)
            let states = Self.autoPlayBadges(steps: 12)
            #expect(states.contains(badges), "badges \(badges) are one of auto-play's states\n\(screen)")
            #expect(screen.text(row: InboxLayout.badgeRow, columns: 0...55).allSatisfy { $0 == " " }, "\(screen)")
            #expect(
                screen.text(row: InboxLayout.toolbarRow, columns: 0...79)
                    == "  Inbox" + String(repeating: " ", count: 49) + "[ 💬 ]  [ 🛒 ]  [ 🔔 ]  ",
                "\(screen)")
            #expect(
                screen.text(row: InboxLayout.focusRow, columns: 0...79)
                    == String(repeating: " ", count: 56) + InboxLayout.focusLine + String(repeating: " ", count: 18),
                "\(screen)")
            let hintRow = 13
            #expect(screen.columns(of: InboxLayout.hint, row: hintRow)?.lowerBound == 17, "\(screen)")
            #expect(screen.trimmed(row: hintRow) == InboxLayout.hint, "\(screen)")
            for row in [0] + Array(4...22) where row != hintRow {
                #expect(screen.trimmed(row: row) == "", "row \(row) blank\n\(screen)")
            }
            let status = screen[InboxLayout.statusRow]
            #expect(status.hasPrefix(" Messages: "), "\(screen)")
            #expect(status.hasSuffix("auto-play \u{00B7} ? help \u{00B7} q quit"), "still auto-playing\n\(screen)")
            // The Messages badge agrees with the status line.
            if let match = status.firstMatch(of: /Messages: (\d+) unread/), let count = Int(match.1) {
                #expect(
                    screen.text(row: InboxLayout.badgeRow, columns: InboxLayout.messagesBadge) == " \(count) ",
                    "\(screen)")
            } else {
                Issue.record("no Messages count in the status line\n\(screen)")
            }
        }
    }
}
