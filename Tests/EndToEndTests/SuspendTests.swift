import Foundation
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

        /// The pids of the shell's children: the members of a pipeline it runs.
        private static func children(of shell: pid_t) -> [pid_t] {
            let text = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { pid_t($0) }
        }

        /// Types a pipeline with the program in it into an interactive bash, suspends it with Ctrl-Z, expects the
        /// whole job stopped and the prompt back, then brings it back with `fg` and quits.
        private func suspendPipeline(_ commandLine: (String) -> String) throws {
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            try terminal.waitUntil("the shell's prompt") { TmuxTerminal.showsPrompt($0) }
            try terminal.type(command: commandLine("'\(terminal.binary)' --no-autoplay"))
            try terminal.waitForInbox()
            let before = try terminal.waitUntilStill()
            let pid = try terminal.programPID()
            let members = Self.children(of: try terminal.panePID())
            #expect(members.count >= 2 && members.contains(pid), "a pipeline of two: \(members)")

            try terminal.sendKeys("C-z")
            let stopped = try terminal.waitUntil("the shell to report the whole pipeline stopped and prompt again") {
                $0.contains("Stopped") && TmuxTerminal.showsPrompt($0)
            }
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0", "\(stopped)")
            for member in members {
                #expect(TmuxTerminal.processState(member) == "T", "pipeline member \(member) stopped\n\(stopped)")
            }

            try terminal.type(command: "fg")
            let back = try terminal.waitUntil("fg to bring back every cell of the Inbox") { $0.lines == before.lines }
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1", "\(back)")
            for member in members {
                #expect(TmuxTerminal.processState(member) != "T", "pipeline member \(member) continued")
            }
            try terminal.sendKeys("3")
            try terminal.waitUntil("key 3 to clear the 96 after fg") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
            try terminal.quitInShell()
        }

        @Test("Ctrl-Z with counts from a producer in a pipeline stops the whole job; fg brings the board back")
        func suspendWithProducer() throws {
            // The producer writes the count the board has anyway, until the board's end closes the pipe.
            try suspendPipeline { "while sleep 0.2; do echo Messages=2; done | \($0) --counts-from -" }
        }

        @Test("Ctrl-Z with the events piped to another program stops the whole job; fg brings the board back")
        func suspendWithConsumer() throws {
            try suspendPipeline { "\($0) --events-to - | cat >/dev/null" }
        }

        @Test("A SIGTSTP sent to the program stops it alone, not the script that started it in its own process group")
        func signalStopsOnlyTheProgram() throws {
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            try terminal.waitUntil("the shell's prompt") { TmuxTerminal.showsPrompt($0) }
            // A script without job control shares its process group with what it starts in the background.
            let script =
                "sh -c 'sleep 30 | \(terminal.binary) --lines --button A:star:1 >/dev/null & p=$!; sleep 1; "
                + "kill -TSTP $p; sleep 1; echo state=$(cut -d\" \" -f3 /proc/$p/stat); "
                + "kill -TERM $p; kill -CONT $p; sleep 1; echo after=$(cut -d\" \" -f3 /proc/$p/stat 2>/dev/null || echo gone)'"
            try terminal.type(command: script)
            let done = try terminal.waitUntil("the script to go on past the stop and report") {
                $0.contains("after=") && TmuxTerminal.showsPrompt($0)
            }
            #expect(!done.contains("Stopped"), "the script itself was never stopped\n\(done)")
            #expect(done.contains("state=T"), "the program stopped\n\(done)")
            // Gone, or a zombie the script's shell has not reaped yet: either way it ended.
            #expect(
                done.contains("after=gone") || done.contains("after=Z"), "and ended by SIGTERM once continued\n\(done)")
        }
    }
}
