import Glibc
import Testing

extension EndToEnd {
    @Suite("Resizing") struct ResizeTests {
        @Test(
            "Shrinking says 'Too small: need 33×5' at every size it fits, 1×1 does not crash, growing back shows the toolbar and keys still work"
        )
        func shrinkAndGrow() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            try terminal.resize(columns: 20, rows: 4)
            let small = try terminal.waitUntil("the whole message at 20×4") {
                $0.lines.count == 4 && $0.contains("Too small: need 33×5")
            }
            #expect(!small.contains("Inbox") && !small.contains("💬"), "no toolbar at 20×4\n\(small)")

            try terminal.resize(columns: 32, rows: 5)
            try terminal.waitUntil("the same message at 32×5, one column short") {
                $0.lines.count == 5 && $0.contains("Too small: need 33×5")
            }
            try terminal.resize(columns: 6, rows: 4)
            try terminal.waitUntil("the message wrapped by words at 6×4") {
                $0.lines.count == 4 && $0.words(row: 0) == ["Too"] && $0.words(row: 1) == ["small:"]
                    && $0.words(row: 2) == ["need"] && $0.words(row: 3) == ["33×5"]
            }

            // At 6×3 the sentence does not fit whole: the needed size, which reads, rather than a sentence cut short.
            try terminal.resize(columns: 6, rows: 3)
            try terminal.waitUntil("the needed size at 6×3") {
                $0.lines.count == 3 && $0.words(row: 0) == ["Need"] && $0.words(row: 1) == ["33×5"]
            }

            // Too narrow for any form: the screen is cleared rather than showing part of one.
            try terminal.resize(columns: 1, rows: 1)
            try terminal.resize(columns: 2, rows: 1)
            try terminal.resize(columns: 1, rows: 2)
            try terminal.resize(columns: 1, rows: 1)
            // Growing to 4×1 after those shows "33×5": the program redrew after the tiny sizes.
            try terminal.resize(columns: 4, rows: 1)
            try terminal.waitUntil("'33×5' at 4×1") { $0.lines.count == 1 && $0.trimmed(row: 0) == "33×5" }
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
