import Glibc
import Testing

extension EndToEnd {
    @Suite("A terminal that stops reading") struct StalledTerminalTests {
        /// Sizes cycled through so that the program repaints the whole screen again and again.
        private static let sizes = [(100, 30), (120, 40), (80, 24), (160, 50)]

        /// Starts `badgebar --fps 240` (auto-play on) on a fresh 80×24 pseudo-terminal, waits until it
        /// has taken the terminal (raw mode), then stalls it (``fill(_:)``).
        private func startAndStall() throws -> PseudoTerminalRun {
            let run = try PseudoTerminalRun(arguments: ["--fps", "240"])
            do {
                try fill(run)
            } catch {
                run.close()
                throw error
            }
            return run
        }

        /// Resizes the terminal every 5 ms, reading nothing, until it has taken no output for 300 ms; then sets 80×24.
        private func fill(_ run: PseudoTerminalRun) throws {
            let terminal = run.terminal
            let program = run.program
            try program.waitForRawMode(of: terminal)
            let deadline = ContinuousClock.now + .seconds(20)
            var index = 0
            var refusingSince: ContinuousClock.Instant?
            while true {
                let (columns, rows) = Self.sizes[index % Self.sizes.count]
                index += 1
                try terminal.setSize(columns: columns, rows: rows)
                usleep(5_000)
                if terminal.takesOutput {
                    refusingSince = nil
                } else if let since = refusingSince, ContinuousClock.now - since >= .milliseconds(300) {
                    break
                } else if refusingSince == nil {
                    refusingSince = .now
                }
                if let status = program.poll() {
                    throw EndToEndFailure(
                        "the program ended while filling the terminal (\(status)): \(program.standardError)")
                }
                guard ContinuousClock.now < deadline else {
                    throw EndToEndFailure("the terminal still took output after 20 s and \(index) resizes")
                }
            }
            try terminal.setSize(columns: 80, rows: 24)
        }

        @Test(
            "A stalled terminal: no spinning, and SIGTERM (then SIGINT) ends it within 1 s with 143 or 130, modes restored"
        )
        func terminateWhileStalled() throws {
            let run = try startAndStall()
            defer { run.close() }
            let program = run.program

            // Two seconds stalled, resized every 100 ms: the program waits, it does not spin.
            let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))
            let ticksBefore = TmuxTerminal.cpuTicks(program.pid) ?? 0
            for step in 0..<20 {
                let (columns, rows) = Self.sizes[step % Self.sizes.count]
                try run.terminal.setSize(columns: columns, rows: rows)
                usleep(100_000)
            }
            try run.terminal.setSize(columns: 80, rows: 24)
            let ticks = (TmuxTerminal.cpuTicks(program.pid) ?? 0) - ticksBefore
            #expect(!run.terminal.takesOutput, "still stalled")
            // A spinning loop takes all of 2 s (2 × ticksPerSecond); waiting, nearly nothing.
            #expect(ticks <= ticksPerSecond / 2, "\(ticks) ticks of CPU in 2 s while stalled (\(ticksPerSecond)/s)")
            try #require(program.poll() == nil, "still running before SIGTERM: \(program.standardError)")

            let sent = ContinuousClock.now
            program.send(SIGTERM)
            program.send(SIGINT)
            let status = program.waitForExit(timeout: .milliseconds(1000))
            let elapsed = ContinuousClock.now - sent
            // Both may be pending when the blocked write returns, and the kernel then delivers the lower number
            // (SIGINT) first: either ending signal's status is right, as long as it ends at once.
            #expect(
                status == .exited(143) || status == .exited(130),
                "after SIGTERM, then SIGINT: \(status.map(\.description) ?? "still running") after \(elapsed)")
            #expect(elapsed < .milliseconds(1000), "\(elapsed)")
            #expect(try run.terminal.modes().restorableFlags == run.modesBefore, "the terminal's modes put back")
        }

        @Test("When a stalled terminal reads again, the whole screen comes out right, and q quits with 0")
        func resumeAfterStall() throws {
            let run = try startAndStall()
            defer { run.close() }
            let program = run.program

            // What the terminal reads from now on goes to a tmux pane of the same size, which plays
            // the terminal emulator; raw, so the bytes reach the screen as the program wrote them.
            let replay = try TmuxTerminal(shell: ["sh", "-c", "exec sleep 600"], columns: 80, rows: 24)
            defer { replay.close() }
            try replay.setTerminalModes(["raw", "-echo"])
            func forward() throws {
                try replay.writeToTerminal(bytes: run.terminal.readAvailable())
            }

            let deadline = ContinuousClock.now + .seconds(15)
            var screen = try replay.capture()
            while !screen.autoPlayInboxProblems(steps: 20).isEmpty {
                guard ContinuousClock.now < deadline else {
                    Issue.record(
                        "the screen after the stall: \(screen.autoPlayInboxProblems(steps: 20))\n\(screen)")
                    return
                }
                try forward()
                usleep(20_000)
                screen = try replay.capture()
            }
            #expect(program.poll() == nil, "still running")
            #expect(
                try replay.display("#{alternate_on} #{mouse_any_flag}") == "1 1",
                "every byte from the first reached the terminal: the alternate screen, mouse reporting")

            try run.terminal.type("q")
            let exitDeadline = ContinuousClock.now + .seconds(5)
            while program.poll() == nil && ContinuousClock.now < exitDeadline {
                try forward()
                usleep(20_000)
            }
            try forward()
            #expect(
                program.status == .exited(0),
                "q after the stall: \(program.status.map(\.description) ?? "still running")")
            #expect(try run.terminal.modes().restorableFlags == run.modesBefore, "the terminal's modes put back")
            let end = try replay.capture()
            #expect(
                try replay.display("#{alternate_on} #{mouse_any_flag}") == "0 0",
                "the last bytes (leaving the alternate screen, mouse off) reached the terminal\n\(end)")
        }
    }
}
