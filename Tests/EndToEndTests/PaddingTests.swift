import Glibc
import Testing

extension EndToEnd {
    /// Terminal types whose terminfo strings carry padding (vt100's `clear` is `ESC [ H ESC [ J $<50>`): the padding
    /// is applied, never written to the screen as text.
    @Suite("Terminfo padding") struct PaddingTests {
        /// The pane's text with the lines scrolled off its top (`capture-pane -S -`): what the shell printed after
        /// the program pushes the top line, where the padding would have been, into the history.
        private func everythingShown(by terminal: TmuxTerminal) throws -> String {
            try terminal.tmux(["capture-pane", "-p", "-S", "-", "-t", TmuxTerminal.target])
        }

        @Test("After q the screen shows no padding specification ($<…>)", arguments: ["vt100", "vt102", "vt100-am"])
        func quitLeavesNoPaddingOnTheScreen(_ terminalType: String) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: terminalType)
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            let shown = try everythingShown(by: terminal)
            #expect(!shown.contains("$<"), "TERM=\(terminalType)\n\(shown)")
        }

        @Test("A crash under TERM=vt100 restores the screen from bytes prepared with their padding applied")
        func crashLeavesNoPaddingOnTheScreen() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "vt100")
            defer { terminal.close() }
            try terminal.waitForInbox()
            #expect(kill(try terminal.programPID(), SIGSEGV) == 0)
            #expect(try terminal.waitForExit() == 139)
            let shown = try everythingShown(by: terminal)
            #expect(!shown.contains("$<"), "\(shown)")
        }

        @Test("Ctrl-Z under TERM=vt100 gives the shell a screen with no padding specification on it")
        func suspendLeavesNoPaddingOnTheScreen() throws {
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            try terminal.waitUntil("the shell's prompt") { TmuxTerminal.showsPrompt($0) }
            try terminal.type(command: "TERM=vt100 '\(terminal.binary)' --no-autoplay")
            try terminal.waitForInbox()

            try terminal.sendKeys("C-z")
            try terminal.waitUntil("the shell to report the job stopped and prompt again") {
                $0.contains("Stopped") && TmuxTerminal.showsPrompt($0)
            }
            let stopped = try everythingShown(by: terminal)
            #expect(!stopped.contains("$<"), "\(stopped)")

            try terminal.type(command: "fg")
            try terminal.waitForInbox()
            try terminal.quitInShell()
            let end = try everythingShown(by: terminal)
            #expect(!end.contains("$<"), "\(end)")
        }

        @Test("--open under TERM=vt100 starts the command on a screen with no padding specification on it")
        func openHandsOverAScreenWithNoPadding() throws {
            let terminal = try TmuxTerminal(
                arguments: [
                    "--button", "Mail:envelope:1", "--open", "Mail=sh -c 'printf \"how many? \"; read x'",
                ], term: "vt100")
            defer { terminal.close() }
            try terminal.waitUntil("Mail's 1") { $0.words(row: InboxLayout.badgeRow) == ["1"] }
            try terminal.sendKeys("Enter")
            try terminal.waitUntil("the command's question") { $0.contains("how many?") }
            let handedOver = try everythingShown(by: terminal)
            #expect(!handedOver.contains("$<"), "\(handedOver)")

            try terminal.sendKeys("7", "Enter")
            try terminal.waitUntil("the toolbar again") { $0[InboxLayout.toolbarRow].contains("Badges") }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            let end = try everythingShown(by: terminal)
            #expect(!end.contains("$<"), "\(end)")
        }
    }
}
