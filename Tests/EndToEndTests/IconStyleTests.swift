import Testing

extension EndToEnd {
    @Suite("Icon styles and locale") struct IconStyleTests {
        /// Checks the toolbar drawn with one-column icons: the three buttons right-aligned like the
        /// emoji ones (ending at column 77), the title, and the badges 2 and 96 above them.
        private func expectToolbar(
            _ screen: Screen, buttons: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(
                screen.columns(of: buttons, row: InboxLayout.toolbarRow) == 59...77, "\(screen)",
                sourceLocation: sourceLocation)
            #expect(
                screen.text(row: InboxLayout.toolbarRow, columns: 0...58) == "  Inbox"
                    + String(repeating: " ", count: 52),
                "only the title left of the buttons\n\(screen)", sourceLocation: sourceLocation)
            #expect(
                screen.words(row: InboxLayout.badgeRow) == ["2", "96"], "\(screen)", sourceLocation: sourceLocation)
            #expect(
                screen.columns(of: "96", row: InboxLayout.badgeRow)?.upperBound == 77, "\(screen)",
                sourceLocation: sourceLocation)
            #expect(
                screen[InboxLayout.statusRow].hasPrefix(" Messages: 2 unread "), "\(screen)",
                sourceLocation: sourceLocation)
        }

        @Test(
            "--icons ascii and --icons unicode draw their glyph sets",
            arguments: [("ascii", "[ \" ]  [ $ ]  [ ! ]"), ("unicode", "[ ❝ ]  [ ¤ ]  [ ♪ ]")])
        func iconStyle(_ style: String, _ buttons: String) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay", "--icons", style])
            defer { terminal.close() }
            try terminal.waitUntil("the \(style) toolbar") {
                $0[InboxLayout.toolbarRow].contains(buttons) && $0.words(row: InboxLayout.badgeRow) == ["2", "96"]
            }
            expectToolbar(try terminal.waitUntilStill(), buttons: buttons)
        }

        @Test("LANG and LC_ALL unset: ASCII icons by default, and the buttons are not blank")
        func noLocale() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], unsetting: ["LANG", "LC_ALL", "LC_CTYPE"])
            defer { terminal.close() }
            try terminal.waitUntil("a toolbar") {
                $0[InboxLayout.toolbarRow].contains("Inbox") && $0[InboxLayout.statusRow].contains("q quit")
            }
            let screen = try terminal.waitUntilStill()
            expectToolbar(screen, buttons: "[ \" ]  [ $ ]  [ ! ]")
            #expect(!screen.contains("[exit"), "\(screen)")
            // The separators in their ASCII form: the C locale cannot show `·` (it vanished, leaving two spaces).
            #expect(screen[InboxLayout.statusRow].hasSuffix(" ? help | q quit"), "\(screen)")
        }
    }
}
