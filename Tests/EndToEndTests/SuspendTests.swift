import Testing

extension EndToEnd {
    @Suite("Suspend") struct SuspendTests {
        @Test("Ctrl-Z stops it and gives the shell back its screen; fg brings the Inbox back intact")
        func suspendAndResume() throws {
            // Job control needs an interactive shell: the program is typed into bash, as a person would.
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            try terminal.startProgramInShell()
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
            let pid = try terminal.programPID()

            try terminal.sendKeys("C-z")
            let stopped = try terminal.waitUntil("the shell to report the job stopped and prompt again") {
                $0.contains("Stopped") && TmuxTerminal.showsPrompt($0)
            }
            #expect(
                try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0",
                "normal screen and no mouse reports while stopped\n\(stopped)")
            #expect(!stopped.contains("Inbox"), "the shell's own screen\n\(stopped)")
            #expect(TmuxTerminal.processState(pid) == "T", "the program is stopped, not gone")

            try terminal.type(command: "fg")
            let back = try terminal.waitForInbox()
            let settled = try terminal.waitUntilStill()
            #expect(settled == back, "\(settled)")
            #expect(
                settled.text(row: InboxLayout.toolbarRow, columns: InboxLayout.messagesButton.lowerBound...77)
                    == "[ 💬 ]  [ 🛒 ]  [ 🔔 ]",
                "\(settled)")
            #expect(settled.trimmed(row: InboxLayout.focusRow) == InboxLayout.focusLine, "\(settled)")
            #expect(settled.lines.contains { $0.trimmingCharacters(in: .whitespaces) == InboxLayout.hint })
            #expect(!settled.contains("Stopped") && !settled.contains("$ "), "nothing of the shell left\n\(settled)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1", "full screen and mouse again")

            try terminal.sendKeys("3")
            try terminal.waitUntil("key 3 to clear the 96 after fg") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            try terminal.quitInShell()
        }
    }
}
