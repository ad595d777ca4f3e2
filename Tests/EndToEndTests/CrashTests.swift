import Glibc
import Testing

extension EndToEnd {
    @Suite("Crashes") struct CrashTests {
        @Test(
            "A crash signal restores the terminal, then ends the program as that signal (128+N)",
            arguments: [
                ("SEGV", SIGSEGV, 139), ("ABRT", SIGABRT, 134), ("ILL", SIGILL, 132), ("BUS", SIGBUS, 135),
                ("FPE", SIGFPE, 136), ("TRAP", SIGTRAP, 133),
            ])
        func crashSignal(_ name: String, _ number: Int32, _ expected: Int32) throws {
            #expect(128 + number == expected, "SIG\(name) is \(number) here")
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "1 1", "while running")
            let modes = try terminal.currentTerminalModes()
            #expect(modes.contains("-icanon") && modes.contains("-echo"), "raw while running: \(modes)")
            let pid = try terminal.programPID()

            #expect(kill(pid, number) == 0, "kill -\(name) \(pid)")
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == expected, "exit status after SIG\(name)\n\(screen)")
            #expect(
                try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0",
                "normal screen and mouse reporting off after SIG\(name)\n\(screen)")
            #expect(screen.terminalModes == ["icanon", "echo"], "cooked mode after SIG\(name)\n\(screen)")
            #expect(!screen.contains("Inbox"), "\(screen)")
        }
    }
}
