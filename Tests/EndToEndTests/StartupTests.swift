import Testing

extension EndToEnd {
    @Suite("Startup screen") struct StartupTests {
        @Test("At 80×24 the toolbar, badges, focus line, hint and status are where they belong")
        func layoutAt80x24() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()
            let screen = try terminal.waitUntilStill()
            #expect(screen.lines.count == 24, "\(screen)")

            #expect(screen.trimmed(row: 0) == "", "row 0 is blank\n\(screen)")

            // Badges: " 2 " over Messages, " 96 " over Notifications, nothing over the cart.
            let badges = InboxLayout.badgeRow
            #expect(screen.words(row: badges) == ["2", "96"], "\(screen)")
            #expect(screen.text(row: badges, columns: InboxLayout.messagesBadge) == " 2 ", "\(screen)")
            #expect(screen.text(row: badges, columns: InboxLayout.notificationsBadge) == " 96 ", "\(screen)")
            let betweenBadges =
                (InboxLayout.messagesBadge.upperBound + 1)...(InboxLayout.notificationsBadge.lowerBound - 1)
            #expect(
                screen.text(row: badges, columns: betweenBadges).allSatisfy { $0 == " " },
                "no badge over the cart\n\(screen)")

            // Each badge sits on the top-right of its button.
            #expect(InboxLayout.messagesBadge.overlaps(InboxLayout.messagesButton))
            #expect(InboxLayout.notificationsBadge.overlaps(InboxLayout.notificationsButton))

            // Title and buttons.
            let toolbar = InboxLayout.toolbarRow
            #expect(screen.text(row: toolbar, columns: 0...6) == "  Inbox", "\(screen)")
            #expect(screen.text(row: toolbar, columns: InboxLayout.messagesButton) == "[ 💬 ]", "\(screen)")
            #expect(screen.text(row: toolbar, columns: InboxLayout.cartButton) == "[ 🛒 ]", "\(screen)")
            #expect(screen.text(row: toolbar, columns: InboxLayout.notificationsButton) == "[ 🔔 ]", "\(screen)")
            #expect(
                screen.words(row: toolbar) == ["Inbox", "[", "💬", "]", "[", "🛒", "]", "[", "🔔", "]"],
                "title and three buttons only\n\(screen)")

            // The focus line is under Messages and nowhere else.
            #expect(
                screen.text(row: InboxLayout.focusRow, columns: InboxLayout.messagesButton) == InboxLayout.focusLine)
            #expect(screen.trimmed(row: InboxLayout.focusRow) == InboxLayout.focusLine, "\(screen)")

            // The hint, somewhere in the middle, and the status line.
            let hintRows = (4...22).filter { screen.trimmed(row: $0) == InboxLayout.hint }
            #expect(hintRows.count == 1, "the hint line once between rows 4 and 22\n\(screen)")
            let status = screen[InboxLayout.statusRow]
            #expect(status.hasPrefix(" Messages: 2 unread "), "\(screen)")
            // The right part's wording changes (it read "Tab move · q quit", now "? help · q quit").
            #expect(status.hasSuffix(" q quit"), "\(screen)")
            #expect(!status.contains("auto-play"), "--no-autoplay\n\(screen)")

            // Full screen, mouse reporting on while it runs.
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
            // The cursor, shown, at the start of the status line's "Messages: 2 unread" (it rested on a bracket).
            #expect(try terminal.display("#{cursor_flag} #{cursor_x},#{cursor_y}") == "1 1,23")
        }

        @Test("Badges have a 256-colour background; the cart, with no badge, has none")
        func badgeColours() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.waitUntilStill()
            let styled = try terminal.captureWithEscapes()
            let raw = styled.rawLines.prefix(4).joined(separator: "\n").debugDescription

            let isIndexedBackground = { (cell: StyledCell) -> Bool in
                guard let background = cell.background, background.hasPrefix("48;5;") else { return false }
                return Int(background.dropFirst(5)) != nil
            }
            for column in InboxLayout.notificationsBadge {
                let cell = styled.cell(row: InboxLayout.badgeRow, column: column)
                #expect(isIndexedBackground(cell), "96 badge cell at column \(column): \(cell)\n\(raw)")
            }
            for column in InboxLayout.messagesBadge {
                let cell = styled.cell(row: InboxLayout.badgeRow, column: column)
                #expect(isIndexedBackground(cell), "2 badge cell at column \(column): \(cell)\n\(raw)")
            }
            for column in (InboxLayout.messagesBadge.upperBound + 1)...(InboxLayout.notificationsBadge.lowerBound - 1) {
                let cell = styled.cell(row: InboxLayout.badgeRow, column: column)
                #expect(cell.background == nil, "over the cart, column \(column): \(cell)\n\(raw)")
            }
            for column in InboxLayout.cartButton {
                let cell = styled.cell(row: InboxLayout.toolbarRow, column: column)
                #expect(cell.background == nil, "cart button, column \(column): \(cell)\n\(raw)")
            }
        }
    }
}
