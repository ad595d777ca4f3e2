import Testing

extension EndToEnd {
    @Suite("Badge variants") struct BadgeVariantTests {
        static let mixed = [
            "--button", "Mail:envelope:5", "--button", "News:newspaper:dot", "--button", "Beta:star:text=new",
            "--button", "Jobs:gear:0:blue:show-zero",
        ]

        @Test("A toolbar mixing a count, a dot, a word and show-zero: badges, status words, clearing")
        func mixedToolbar() throws {
            let terminal = try TmuxTerminal(arguments: Self.mixed)
            defer { terminal.close() }
            var screen = try terminal.waitUntil("the four badges and the status line") {
                $0.words(row: InboxLayout.badgeRow) == ["5", "●", "new", "0"]
                    && $0[InboxLayout.statusRow].hasPrefix(" Mail: 5 unread")
            }
            #expect(screen[InboxLayout.toolbarRow].hasSuffix("[ 📨 ]  [ 📰 ]  [ ⭐ ]  [ 🔧 ]"), "\(screen)")
            #expect(screen[InboxLayout.statusRow].hasPrefix(" Mail: 5 unread"), "\(screen)")

            // The dot's accessible value is "new"; cleared, "nothing new".
            try terminal.sendKeys("Tab")
            _ = try terminal.waitUntil("the status to speak for News") {
                $0[InboxLayout.statusRow].hasPrefix(" News: new ")
            }
            try terminal.sendKeys("2")
            screen = try terminal.waitUntil("the dot to go") {
                $0.words(row: InboxLayout.badgeRow) == ["5", "new", "0"]
                    && $0[InboxLayout.statusRow].hasPrefix(" News: nothing new")
            }
            // The word badge speaks its word; cleared, "none".
            try terminal.sendKeys("3")
            _ = try terminal.waitUntil("the word to go") {
                $0.words(row: InboxLayout.badgeRow) == ["5", "0"] && $0[InboxLayout.statusRow].hasPrefix(" Beta: none")
            }
            // Show-zero: clearing Jobs keeps its 0; clearing Mail removes its badge.
            try terminal.sendKeys("4", "1")
            _ = try terminal.waitUntil("only the zero to stay") { $0.words(row: InboxLayout.badgeRow) == ["0"] }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test(
            "A bottom corner puts every badge on the row below the buttons, and the focus line above them",
            arguments: ["bottom-trailing", "bottom-leading"])
        func bottomCorners(corner: String) throws {
            let terminal = try TmuxTerminal(arguments: Self.mixed + ["--badge-corner", corner])
            defer { terminal.close() }
            let screen = try terminal.waitUntil("the badges below the buttons") {
                $0[InboxLayout.toolbarRow].contains("[ 🔧 ]") && $0.words(row: InboxLayout.focusRow).contains("new")
            }
            // The row above holds only the focus line, over the focused first button (the badges covered it below).
            #expect(screen.words(row: InboxLayout.badgeRow) == [InboxLayout.focusLine], "\(screen)")
            #expect(
                screen.columns(of: InboxLayout.focusLine, row: InboxLayout.badgeRow)
                    == screen.columns(of: "[ 📨 ]", row: InboxLayout.toolbarRow), "\(screen)")
            for badge in ["5", "●", "new", "0"] {
                #expect(screen.words(row: InboxLayout.focusRow).contains(badge), "\(badge): \(screen)")
            }
        }

        @Test(
            "Bad variant specs exit 64 naming the bad part",
            arguments: [
                ("News:newspaper:dot:show-zero", "show-zero applies to count badges only"),
                ("Beta:star:text=", "the badge text after 'text=' is empty"),
                ("Jobs:gear:lots", "the badge 'lots'"),
            ])
        func badSpecs(specification: String, expected: String) throws {
            let result = try ChildProcess.run(
                try BadgebarBinary.path(), ["--button", specification],
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color"]), timeout: 10)
            #expect(result.status == .exited(64), "\(result.standardError)")
            #expect(result.standardErrorLines.first?.contains(expected) == true, "\(result.standardErrorLines)")
        }

        @Test("--badge-corner with an unknown corner exits 64")
        func badCorner() throws {
            let result = try ChildProcess.run(
                try BadgebarBinary.path(), ["--badge-corner", "middle"],
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color"]), timeout: 10)
            #expect(result.status == .exited(64))
            #expect(result.standardErrorLines.first?.contains("'middle'") == true, "\(result.standardErrorLines)")
        }
    }
}
