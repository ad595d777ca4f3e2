import Glibc
import Testing

extension EndToEnd {
    @Suite("Terminating signals") struct TerminatingSignalTests {
        /// Every signal whose default action ends the process without a core dump, plus SIGQUIT (whose
        /// default dumps core) and three real-time signals: the first, one in the middle and the last.
        /// SIGPIPE and SIGXFSZ are ignored on purpose (below); the crash signals are CrashTests'.
        static let terminating: [(String, Int32)] = [
            ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("TERM", SIGTERM), ("USR1", SIGUSR1),
            ("USR2", SIGUSR2), ("ALRM", SIGALRM), ("VTALRM", SIGVTALRM), ("PROF", SIGPROF), ("XCPU", SIGXCPU),
            ("STKFLT", SIGSTKFLT), ("PWR", SIGPWR), ("RTMIN", __libc_current_sigrtmin()),
            ("RTMIN+3", __libc_current_sigrtmin() + 3), ("RTMAX", __libc_current_sigrtmax()),
        ]

        @Test(
            "A signal whose default action ends the process ends it with 128+N and restores the terminal",
            arguments: terminating)
        func terminatingSignal(_ name: String, _ number: Int32) throws {
            try TmuxTerminal.expectSignalEndsRestored(number, named: name, status: 128 + number)
        }

        @Test(
            "SIGPIPE and SIGXFSZ are ignored (the write that fails reports it): the program runs on, keys work, q quits with 0",
            arguments: [("PIPE", SIGPIPE), ("XFSZ", SIGXFSZ)])
        func ignoredSignal(_ name: String, _ number: Int32) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            #expect(kill(pid, number) == 0, "kill -\(name) \(pid)")
            // A key sent after the signal and acted on shows the signal was taken (and ignored) first.
            try terminal.sendKeys("3")
            let cleared = try terminal.waitUntil("key 3 to clear the 96 after SIG\(name)") {
                $0.exitStatus != nil || $0.words(row: InboxLayout.badgeRow) == ["2"]
            }
            #expect(cleared.exitStatus == nil, "SIG\(name) ended the program\n\(cleared)")
            #expect(TmuxTerminal.isRunning(pid), "still running after SIG\(name)")
            try terminal.expectRunningState()

            try terminal.sendKeys("q")
            try terminal.expectExit(0, after: "SIG\(name), then q")
            try terminal.expectRestored(after: "SIG\(name), then q")
        }
    }
}
