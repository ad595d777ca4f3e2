import Glibc
import Testing

extension EndToEnd {
    @Suite("Quitting and signals") struct QuitTests {
        /// Checks that the program runs on the alternate screen, with mouse reporting and the
        /// terminal in raw mode, so that finding them off afterwards means something.
        private func expectRunningState(_ terminal: TmuxTerminal) throws {
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1", "while running")
            let modes = try terminal.currentTerminalModes()
            #expect(modes.contains("-icanon") && modes.contains("-echo"), "raw while running: \(modes)")
        }

        /// Checks the terminal as the wrapper shell found it after the program ended.
        private func expectRestored(_ terminal: TmuxTerminal, after what: String) throws {
            let screen = try terminal.capture()
            #expect(
                try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0",
                "normal screen and mouse reporting off after \(what)\n\(screen)")
            let modes = screen.terminalModes ?? []
            #expect(
                modes.contains("icanon") && modes.contains("echo") && !modes.contains("-icanon")
                    && !modes.contains("-echo"),
                "cooked mode after \(what): \(modes)\n\(screen)")
            #expect(!screen.contains("Inbox"), "the demo's screen is gone after \(what)\n\(screen)")
        }

        @Test("q, Escape and Ctrl-C quit with status 0 and restore the terminal", arguments: ["q", "Escape", "C-c"])
        func quitKey(_ key: String) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try expectRunningState(terminal)

            try terminal.sendKeys(key)
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 0, "exit status after \(key)\n\(screen)")
            try expectRestored(terminal, after: key)
        }

        @Test(
            "SIGTERM, SIGINT, SIGHUP and SIGQUIT end it with 128+N and restore the terminal",
            arguments: [("TERM", SIGTERM), ("INT", SIGINT), ("HUP", SIGHUP), ("QUIT", SIGQUIT)])
        func signal(_ name: String, _ number: Int32) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try expectRunningState(terminal)
            let pid = try terminal.programPID()

            #expect(kill(pid, number) == 0, "kill -\(name) \(pid)")
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 128 + number, "exit status after SIG\(name)\n\(screen)")
            try expectRestored(terminal, after: "SIG\(name)")
        }

        @Test("Quitting from the middle of an animation still restores the terminal")
        func quitWhileAnimating() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.sendKeys("3", "q")
            #expect(try terminal.waitForExit() == 0)
            try expectRestored(terminal, after: "3 then q")
        }
    }
}
