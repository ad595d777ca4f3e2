import Testing

extension EndToEnd {
    @Suite("Keyboard") struct KeyboardTests {
        @Test("Key 3 clears Notifications: the 96 goes, the 2 stays, focus and status follow")
        func digitClearsNotifications() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()

            try terminal.sendKeys("3")
            let screen = try terminal.waitUntil("the 96 badge to go") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            #expect(screen.text(row: InboxLayout.badgeRow, columns: InboxLayout.messagesBadge) == " 2 ", "\(screen)")
            let settled = try terminal.waitUntilStill()
            #expect(settled.words(row: InboxLayout.badgeRow) == ["2"], "\(settled)")
            #expect(
                settled.text(row: InboxLayout.focusRow, columns: InboxLayout.notificationsButton)
                    == InboxLayout.focusLine,
                "pressing 3 focuses Notifications\n\(settled)")
            #expect(settled.trimmed(row: InboxLayout.focusRow) == InboxLayout.focusLine, "\(settled)")
            #expect(
                settled.text(row: InboxLayout.toolbarRow, columns: InboxLayout.notificationsButton) == "[ 🔔 ]",
                "\(settled)")
        }

        @Test("Keys 1 and 2: 1 clears Messages; 2 on the empty cart changes no badge")
        func digitsOneAndTwo() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()

            try terminal.sendKeys("1")
            try terminal.waitUntil("the 2 badge to go") {
                $0.words(row: InboxLayout.badgeRow) == ["96"]
                    && $0[InboxLayout.statusRow].contains("Messages: none unread")
            }
            try terminal.sendKeys("2")
            try terminal.waitUntil("the focus on the cart") {
                $0[InboxLayout.statusRow].contains("Cart: none unread")
                    && $0.text(row: InboxLayout.focusRow, columns: InboxLayout.cartButton) == InboxLayout.focusLine
            }
            let settled = try terminal.waitUntilStill()
            #expect(settled.words(row: InboxLayout.badgeRow) == ["96"], "\(settled)")
            #expect(
                settled.text(row: InboxLayout.badgeRow, columns: InboxLayout.notificationsBadge) == " 96 ", "\(settled)"
            )
        }

        @Test("Tab, Right, Shift-Tab and Left move the focus line and the status; Enter clears the focused button")
        func focusAndEnter() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()

            func expectFocus(on button: ClosedRange<Int>, status: String, key: String) throws {
                let screen = try terminal.waitUntil("focus on columns \(button) and '\(status)' after \(key)") {
                    $0.text(row: InboxLayout.focusRow, columns: button) == InboxLayout.focusLine
                        && $0[InboxLayout.statusRow].hasPrefix(" " + status + " ")
                }
                #expect(
                    screen.trimmed(row: InboxLayout.focusRow) == InboxLayout.focusLine,
                    "one focus line only after \(key)\n\(screen)")
            }

            try terminal.sendKeys("Tab")
            try expectFocus(on: InboxLayout.cartButton, status: "Cart: none unread", key: "Tab")
            try terminal.sendKeys("Tab")
            try expectFocus(on: InboxLayout.notificationsButton, status: "Notifications: 96 unread", key: "Tab")
            try terminal.sendKeys("Tab")
            try expectFocus(on: InboxLayout.messagesButton, status: "Messages: 2 unread", key: "Tab (wraps)")
            try terminal.sendKeys("BTab")
            try expectFocus(
                on: InboxLayout.notificationsButton, status: "Notifications: 96 unread", key: "Shift-Tab (wraps)")
            try terminal.sendKeys("Left")
            try expectFocus(on: InboxLayout.cartButton, status: "Cart: none unread", key: "Left")
            try terminal.sendKeys("Right")
            try expectFocus(on: InboxLayout.notificationsButton, status: "Notifications: 96 unread", key: "Right")
            #expect(try terminal.capture().words(row: InboxLayout.badgeRow) == ["2", "96"], "moving clears nothing")

            try terminal.sendKeys("Enter")
            let screen = try terminal.waitUntil("Enter to clear Notifications") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            #expect(
                screen.text(row: InboxLayout.focusRow, columns: InboxLayout.notificationsButton)
                    == InboxLayout.focusLine,
                "\(screen)")

            try terminal.sendKeys("Left", "Left", "Space")
            try terminal.waitUntil("Space to clear the focused Messages") {
                $0.words(row: InboxLayout.badgeRow).isEmpty
                    && $0[InboxLayout.statusRow].contains("Messages: none unread")
            }
        }

        @Test("r turns Reduce Motion on and off in the status line")
        func reduceMotionToggle() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            let first = try terminal.waitForInbox()
            #expect(!first[InboxLayout.statusRow].contains("reduce motion"), "\(first)")

            try terminal.sendKeys("r")
            try terminal.waitUntil("'reduce motion' in the status line") {
                $0[InboxLayout.statusRow].contains("reduce motion")
            }
            try terminal.sendKeys("r")
            let screen = try terminal.waitUntil("'reduce motion' to leave the status line") {
                !$0[InboxLayout.statusRow].contains("reduce motion")
            }
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "96"], "r clears nothing\n\(screen)")
        }
    }
}
