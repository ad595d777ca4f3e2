import Testing

extension EndToEnd {
    @Suite("Help overlay and redraw") struct HelpAndRedrawTests {
        /// The rows of a help box: from the row with its top corner to the row with its bottom one.
        private func helpBox(in screen: Screen) -> ClosedRange<Int>? {
            guard let top = screen.lines.firstIndex(where: { $0.contains("╭") }),
                let bottom = screen.lines.lastIndex(where: { $0.contains("╰") }), bottom > top
            else { return nil }
            return top...bottom
        }

        @Test("? shows a help box with the keys; ? hides it; Escape hides it without quitting; Escape again quits 0")
        func helpOverlay() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let before = try terminal.waitUntilStill()

            func showHelp() throws -> Screen {
                try terminal.sendKeys("?")
                return try terminal.waitUntil("the help box") {
                    $0.contains("Keys") && $0.contains("Ctrl-Z") && $0.contains("Quit") && helpBox(in: $0) != nil
                }
            }

            let help = try showHelp()
            if let box = helpBox(in: help) {
                let inside = (box.lowerBound + 1)...(box.upperBound - 1)
                for row in inside {
                    let line = help.trimmed(row: row)
                    #expect(line.hasPrefix("│") && line.hasSuffix("│"), "row \(row) framed by the box\n\(help)")
                }
                for text in ["Keys", "Ctrl-Z", "Quit", "Ctrl-L"] {
                    #expect(
                        inside.contains { help[$0].contains(text) }, "'\(text)' inside the box\n\(help)")
                }
                #expect(
                    help.trimmed(row: box.lowerBound).hasPrefix("╭") && help.trimmed(row: box.lowerBound).hasSuffix("╮")
                )
                #expect(
                    help.trimmed(row: box.upperBound).hasPrefix("╰") && help.trimmed(row: box.upperBound).hasSuffix("╯")
                )
            }
            for row in [InboxLayout.badgeRow, InboxLayout.toolbarRow, InboxLayout.statusRow] {
                #expect(help[row] == before[row], "row \(row) stays as it was under the help\n\(help)")
            }

            try terminal.sendKeys("?")
            try terminal.waitUntil("? to hide the help and leave the screen as before") { $0 == before }

            _ = try showHelp()
            try terminal.sendKeys("Escape")
            let hidden = try terminal.waitUntil("Escape to hide the help") { !$0.contains("Keys") }
            #expect(hidden == before, "the screen as before, not quit\n\(hidden)")
            // Still answering keys: the Escape hid the help and did nothing else.
            try terminal.sendKeys("Tab")
            let moved = try terminal.waitUntil("Tab to move the focus after the Escape") {
                $0[InboxLayout.statusRow].contains("Cart: none unread") || $0.exitStatus != nil
            }
            #expect(moved.exitStatus == nil, "Escape with the help shown must not quit\n\(moved)")

            try terminal.sendKeys("Escape")
            #expect(try terminal.waitForExit() == 0, "the second Escape quits")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
        }

        @Test("Ctrl-L repaints what was scribbled over, leaves the screen as it was, and keys still work")
        func ctrlLRedraws() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let before = try terminal.waitUntilStill()

            // Write to the terminal behind the program's back: over the hint and into the empty middle.
            try terminal.writeToTerminal("\u{1B}[8;5HSCRIBBLE\u{1B}[14;20HXXXXXXXX\u{1B}[3;3HZZ")
            let scribbled = try terminal.waitUntil("the scribbles on the screen") {
                $0.contains("SCRIBBLE") && $0.contains("XXXXXXXX") && $0[InboxLayout.toolbarRow].contains("ZZ")
            }
            #expect(scribbled != before)

            try terminal.sendKeys("C-l")
            try terminal.waitUntil("Ctrl-L to repaint the screen") {
                !$0.contains("SCRIBBLE") && !$0.contains("XXXXXXXX") && !$0.contains("ZZ")
            }
            let after = try terminal.waitUntilStill()
            #expect(after == before, "identical after the redraw\nbefore:\n\(before)\nafter:\n\(after)")

            try terminal.sendKeys("3")
            try terminal.waitUntil("key 3 to clear the 96 after the redraw") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
        }
    }
}
