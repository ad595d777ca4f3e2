import Testing

extension EndToEnd {
    @Suite("Quitting") struct QuitTests {
        @Test("q, Escape and Ctrl-C quit with status 0 and restore the terminal", arguments: ["q", "Escape", "C-c"])
        func quitKey(_ key: String) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.expectRunningState()

            try terminal.sendKeys(key)
            try terminal.expectExit(0, after: key)
            try terminal.expectRestored(after: key)
        }

        @Test("Quitting from the middle of an animation still restores the terminal")
        func quitWhileAnimating() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.sendKeys("3", "q")
            #expect(try terminal.waitForExit() == 0)
            try terminal.expectRestored(after: "3 then q")
        }
    }
}
