import Glibc
import Testing

extension EndToEnd {
    @Suite("Stopped from outside") struct StopAndContinueTests {
        /// Text written over the toolbar and the hint while the program is stopped, as another program would.
        private static let scribble = "\u{1B}[3;57HSCRIBBLE\u{1B}[14;1Hwritten while stopped"

        /// Checks that the program holds the terminal again: raw mode, the alternate screen and mouse reports.
        private func expectHeld(_ terminal: TmuxTerminal, after what: String, screen: Screen) throws {
            let modes = try terminal.currentTerminalModes()
            #expect(
                modes.contains("-icanon") && modes.contains("-echo"),
                "raw mode by the time the screen is repainted after \(what): \(modes)\n\(screen)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1", "after \(what)\n\(screen)")
        }

        /// Sends 3 (no Enter: the terminal must be raw) and waits for it to clear the 96.
        private func expectKeyActsAtOnce(_ terminal: TmuxTerminal, after what: String) throws {
            try terminal.sendKeys("3")
            try terminal.waitUntil("3, without Enter, to clear the 96 after \(what)") {
                $0.words(row: InboxLayout.badgeRow) == ["2"]
                    && $0[InboxLayout.statusRow].contains("Notifications: none unread")
            }
        }

        /// Types `fg` and checks that the program holds the terminal again, with every cell as `before`.
        private func expectBackAfterForeground(_ terminal: TmuxTerminal, showing before: Screen) throws {
            try terminal.type(command: "fg")
            let repainted = try terminal.waitUntil("fg to bring back every cell of the Inbox") {
                $0.lines == before.lines
            }
            try expectHeld(terminal, after: "fg", screen: repainted)
            try expectKeyActsAtOnce(terminal, after: "fg")
        }

        @Test(
            "kill -STOP, then kill -CONT (no job control): raw mode and every cell back at once, keys act without Enter"
        )
        func stopAndContinueInWrapper() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let before = try terminal.waitUntilStill()
            let pid = try terminal.programPID()

            #expect(kill(pid, SIGSTOP) == 0)
            try TmuxTerminal.waitForProcessState(pid, "T")
            // While it is stopped, something else has the terminal, as a shell would: it puts its own
            // modes back and writes over the screen.
            try terminal.setTerminalModes(["icanon", "echo"])
            try terminal.writeToTerminal(Self.scribble)
            try terminal.waitUntil("the scribble on the screen") { $0.contains("SCRIBBLE") }

            #expect(kill(pid, SIGCONT) == 0)
            let repainted = try terminal.waitUntil("the program to repaint every cell after SIGCONT") {
                $0.lines == before.lines
            }
            try expectHeld(terminal, after: "SIGCONT", screen: repainted)
            try expectKeyActsAtOnce(terminal, after: "SIGCONT")

            try terminal.sendKeys("q")
            try terminal.expectExit(0, after: "STOP, CONT and q")
            try terminal.expectRestored(after: "STOP, CONT and q")
        }

        @Test("kill -STOP and kill -CONT, twice, then q: the window's own title comes back, not the program's")
        func stopAndContinueTwiceRestoresTheTitle() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()
            try terminal.waitUntil("the program's title") { _ in try terminal.display("#{pane_title}") == "(98) Inbox" }
            // Each time the program takes the terminal again; a title pushed each time would stay on the stack.
            for round in 1...2 {
                #expect(kill(pid, SIGSTOP) == 0)
                try TmuxTerminal.waitForProcessState(pid, "T")
                try terminal.setTerminalModes(["icanon", "echo"])
                #expect(kill(pid, SIGCONT) == 0)
                // Raw mode again shows the program took the terminal again.
                try terminal.waitUntil("raw mode again after SIGCONT \(round)") { _ in
                    try terminal.currentTerminalModes().contains("-icanon")
                }
            }
            try terminal.sendKeys("q")
            try terminal.expectExit(0, after: "STOP, CONT, STOP, CONT and q")
            try terminal.expectRestored(after: "STOP, CONT, STOP, CONT and q")
        }

        /// Types the program into the shell, waits for its settled screen, then stops it with SIGSTOP and
        /// waits for the shell to report the job stopped and prompt (over the program's screen: nothing clears it).
        ///
        /// - Returns: The program's settled screen, its pid, and the screen once the shell prompted.
        private func startInShellAndStop(_ terminal: TmuxTerminal) throws -> (Screen, pid_t, Screen) {
            try terminal.startProgramInShell()
            let before = try terminal.waitUntilStill()
            let pid = try terminal.programPID()
            #expect(kill(pid, SIGSTOP) == 0)
            let stopped = try terminal.waitUntil("the shell to report the job stopped and prompt") {
                TmuxTerminal.showsPrompt(after: "Stopped", in: $0)
            }
            return (before, pid, stopped)
        }

        @Test("In an interactive shell, kill -STOP, then fg: raw mode and the whole screen back at once")
        func stopThenForeground() throws {
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            let (before, pid, stopped) = try startInShellAndStop(terminal)
            #expect(TmuxTerminal.processState(pid) == "T", "\(stopped)")

            try expectBackAfterForeground(terminal, showing: before)
            try terminal.quitInShell()
        }

        @Test(
            "In an interactive shell, kill -STOP, then kill -CONT: the shell keeps the terminal, the program stops again, fg brings it back"
        )
        func stopThenContinueInBackground() throws {
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            let (before, pid, stopped) = try startInShellAndStop(terminal)
            let shell = try terminal.panePID()
            #expect(TmuxTerminal.terminalForegroundGroup(of: pid) == shell, "the shell has the terminal")

            // Continued in the background, it must neither take the terminal nor run on without it.
            #expect(kill(pid, SIGCONT) == 0)
            try TmuxTerminal.waitForProcessState(pid, "T")
            // Stopped for good: for a whole second, not for a moment.
            let deadline = ContinuousClock.now + .seconds(1)
            while ContinuousClock.now < deadline {
                let state = TmuxTerminal.processState(pid)
                #expect(
                    state == "T",
                    "the program runs in the background after SIGCONT (state \(state.map(String.init) ?? "gone"))")
                guard state == "T" else { break }
                usleep(20_000)
            }
            #expect(TmuxTerminal.terminalForegroundGroup(of: pid) == shell, "the shell still has the terminal")
            #expect(try terminal.capture() == stopped, "nothing written to the shell's terminal")
            try terminal.type(command: "jobs")
            let jobs = try terminal.waitUntil("jobs to list the program as stopped") {
                TmuxTerminal.showsPrompt(after: "$ jobs", in: $0)
            }
            let listing = jobs.lines.drop { !$0.hasPrefix("$ jobs") }.dropFirst()
            #expect(listing.first?.hasPrefix("[1]+  Stopped") == true, "jobs says: \(Array(listing))\n\(jobs)")

            try expectBackAfterForeground(terminal, showing: before)
            try terminal.quitInShell()
        }

        @Test("Ctrl-Z, then kill %1 (TERM, then CONT): the job ends with 143 and the terminal is as it was")
        func terminatedWhileSuspended() throws {
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            try terminal.startProgramInShell()
            let pid = try terminal.programPID()

            try terminal.sendKeys("C-z")
            try terminal.waitUntil("the shell to report the job stopped and prompt") {
                TmuxTerminal.showsPrompt(after: "Stopped", in: $0)
            }
            try terminal.type(command: "kill %1")
            try terminal.waitUntil("the prompt after kill %1") {
                TmuxTerminal.showsPrompt(after: "$ kill %1", in: $0)
            }
            // The program ends at once; until the shell reaps it, its jobs table still says Stopped.
            let deadline = ContinuousClock.now + .seconds(5)
            while let state = TmuxTerminal.processState(pid), state != "Z" {
                guard ContinuousClock.now < deadline else {
                    Issue.record("the program still runs (state \(state)) 5 s after kill %1\n\(try terminal.capture())")
                    return
                }
                usleep(10_000)
            }
            // Bash now and then misses the SIGCHLD of a job it continued itself, and then reaps it only
            // when another child ends: an external command makes sure, before asking for the jobs.
            try terminal.type(command: "/bin/true; jobs")
            let ended = try terminal.waitUntil("the shell to report the job's end as Exit 143") {
                TmuxTerminal.showsPrompt(after: "Exit 143", in: $0)
            }
            #expect(TmuxTerminal.processState(pid) == nil, "the shell reaped the program")
            #expect(!ended.contains("Stopped (tty output)"), "\(ended)")
            #expect(!ended.contains("Inbox"), "\(ended)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0", "\(ended)")
        }
    }
}
