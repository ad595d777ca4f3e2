import Glibc
import Testing

extension EndToEnd {
    @Suite("Resizing") struct ResizeTests {
        @Test("Shrinking says 'too small', 1×1 does not crash, growing back shows the toolbar and keys still work")
        func shrinkAndGrow() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            try terminal.resize(columns: 20, rows: 4)
            let small = try terminal.waitUntil("a 'Too small' message at 20×4") {
                $0.lines.count == 4 && $0.contains("Too small")
            }
            #expect(!small.contains("Inbox") && !small.contains("💬"), "no toolbar at 20×4\n\(small)")

            try terminal.resize(columns: 32, rows: 5)
            try terminal.waitUntil("the full message at 32×5, one column short") {
                $0.lines.count == 5 && $0.contains("Terminal too small: need 33×5")
            }

            try terminal.resize(columns: 1, rows: 1)
            // The top-left cell was blank at 32×5; something there means the program redrew at 1×1.
            try terminal.waitUntil("a redraw at 1×1") {
                $0.lines.count == 1 && !$0.trimmed(row: 0).isEmpty
            }
            try terminal.resize(columns: 2, rows: 1)
            try terminal.resize(columns: 1, rows: 2)
            try terminal.resize(columns: 1, rows: 1)
            let state = TmuxTerminal.processState(pid)
            #expect(state != nil && state != "Z", "still running at 1×1 (state \(state.map(String.init) ?? "gone"))")

            try terminal.resize(columns: 80, rows: 24)
            let back = try terminal.waitForInbox()
            #expect(
                back.text(row: InboxLayout.toolbarRow, columns: InboxLayout.notificationsButton) == "[ 🔔 ]", "\(back)")
            #expect(!back.contains("[exit"), "\(back)")
            #expect(try terminal.programPID() == pid, "the same process")

            try terminal.sendKeys("3")
            try terminal.waitUntil("key 3 to clear the 96 after the resizes") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
            }
        }

        @Test("Widening moves the buttons to the right edge; the badges follow their buttons")
        func widen() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.resize(columns: 100, rows: 24)
            let screen = try terminal.waitUntil("the toolbar at 100 columns") {
                $0.columns(of: "[ 🔔 ]", row: InboxLayout.toolbarRow) == 92...97
                    && $0.words(row: InboxLayout.badgeRow) == ["2", "96"]
            }
            // The same offsets from the right edge as at 80 columns.
            #expect(screen.columns(of: "[ 💬 ]", row: InboxLayout.toolbarRow) == 76...81, "\(screen)")
            #expect(screen.columns(of: "96", row: InboxLayout.badgeRow) == 96...97, "\(screen)")
            #expect(screen.text(row: InboxLayout.badgeRow, columns: 80...82) == " 2 ", "\(screen)")

            // Hit testing uses the new layout: the bell's right half is now screen column 95 (1-based 96).
            try terminal.clickSGR(column: 96, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("a click on the moved bell to clear Notifications") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
        }
    }
}
