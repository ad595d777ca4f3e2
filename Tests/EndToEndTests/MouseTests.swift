import Testing

extension EndToEnd {
    @Suite("Mouse") struct MouseTests {
        @Test("SGR click on the Messages icon under xterm-256color clears Messages only")
        func sgrClickOnIcon() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            let first = try terminal.waitForInbox()
            let column = try terminal.iconColumn(of: "💬", screen: first)
            #expect(column == 60, "the icon's right half is screen column 59, 1-based 60\n\(first)")

            // A click on empty space first: it must change nothing (checked once the second click shows).
            try terminal.clickSGR(column: 10, row: 12)
            try terminal.clickSGR(column: column, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("the click to clear Messages") {
                $0.words(row: InboxLayout.badgeRow) == ["96"]
                    && $0[InboxLayout.statusRow].contains("Messages: none unread")
            }
            let settled = try terminal.waitUntilStill()
            #expect(settled.words(row: InboxLayout.badgeRow) == ["96"], "only Messages cleared\n\(settled)")
            #expect(
                settled.text(row: InboxLayout.badgeRow, columns: InboxLayout.notificationsBadge) == " 96 ",
                "\(settled)")
            #expect(!settled.contains("[exit"), "the mouse report must not read as keys\n\(settled)")
        }

        @Test("X10 click on the Messages icon under tmux-256color clears Messages only")
        func x10ClickOnIcon() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "tmux-256color")
            defer { terminal.close() }
            let first = try terminal.waitForInbox()
            let column = try terminal.iconColumn(of: "💬", screen: first)

            try terminal.clickX10(column: 10, row: 12)
            try terminal.clickX10(column: column, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("the X10 click to clear Messages") {
                $0.words(row: InboxLayout.badgeRow) == ["96"]
                    && $0[InboxLayout.statusRow].contains("Messages: none unread")
            }
            let settled = try terminal.waitUntilStill()
            #expect(settled.words(row: InboxLayout.badgeRow) == ["96"], "only Messages cleared\n\(settled)")
            #expect(!settled.contains("[exit"), "\(settled)")
        }

        @Test("A click on the 96 badge itself, on the row above the buttons, clears Notifications")
        func clickOnBadge() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            let first = try terminal.waitForInbox()
            guard let digits = first.columns(of: "96", row: InboxLayout.badgeRow) else {
                Issue.record("no 96 on the badge row\n\(first)")
                return
            }
            // The badge's last cell (its right padding) lies outside the button's body.
            let paddingColumn = InboxLayout.notificationsBadge.upperBound
            #expect(digits.upperBound + 1 == paddingColumn, "\(first)")
            #expect(!InboxLayout.notificationsButton.contains(paddingColumn))

            try terminal.clickSGR(column: paddingColumn + 1, row: InboxLayout.badgeRow + 1)
            try terminal.waitUntil("the click on the badge to clear Notifications") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
        }

        @Test("Press and release arriving in separate reads (SGR) still clear the button")
        func pressThenReleaseSeparately() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            let first = try terminal.waitForInbox()
            let column = try terminal.iconColumn(of: "🔔", screen: first)
            let row = InboxLayout.toolbarRow + 1
            try terminal.sendLiteral("\u{1B}[<0;\(column);\(row)M")
            try terminal.waitUntil("the press to clear Notifications") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            try terminal.sendLiteral("\u{1B}[<0;\(column);\(row)m")
            try terminal.sendKeys("Left")
            let screen = try terminal.waitUntil("Left to reach the cart after the release") {
                $0[InboxLayout.statusRow].contains("Cart: none unread")
            }
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2"], "the release changed nothing\n\(screen)")
        }

        @Test("Clicks on the brackets and on the badge row above a button clear it")
        func clickOnBracketAndAbove() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()

            // The "[" of Notifications (screen column 72 → 1-based 73).
            try terminal.clickSGR(
                column: InboxLayout.notificationsButton.lowerBound + 1, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("the click on the bracket to clear Notifications") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            // Above the "[" of Messages, left of its badge (screen column 56, row 1).
            try terminal.clickSGR(column: InboxLayout.messagesButton.lowerBound + 1, row: InboxLayout.badgeRow + 1)
            try terminal.waitUntil("the click above Messages to clear it") {
                $0.words(row: InboxLayout.badgeRow).isEmpty
                    && $0[InboxLayout.statusRow].contains("Messages: none unread")
            }
        }
    }
}
