import Glibc
import Testing

extension EndToEnd {
    @Suite("Crashes") struct CrashTests {
        @Test(
            "A crash signal restores the terminal, then ends the program as that signal (128+N)",
            arguments: [
                ("SEGV", SIGSEGV, 139), ("ABRT", SIGABRT, 134), ("ILL", SIGILL, 132), ("BUS", SIGBUS, 135),
                ("FPE", SIGFPE, 136), ("TRAP", SIGTRAP, 133),
                // A forbidden system call (seccomp) is a crash too: restored, then re-raised.
                ("SYS", SIGSYS, 159),
            ])
        func crashSignal(_ name: String, _ number: Int32, _ expected: Int32) throws {
            #expect(128 + number == expected, "SIG\(name) is \(number) here")
            try TmuxTerminal.expectSignalEndsRestored(number, named: name, status: expected)
        }
    }
}
