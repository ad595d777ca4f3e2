import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Extreme sizes") struct ExtremeSizeTests {
        /// The most resident memory the program may use at a size it draws whole that is small in cells,
        /// such as 1×5000 or its real 80×24, in KiB: 16 MiB.
        ///
        /// The demo peaks under 8 MiB at 80×24 (`make bench`; measured here: 7.3 MiB after 1×5000);
        /// a few thousand cells more add under 1 MiB at 116 bytes a cell, so twice the demo's bound
        /// is a wide margin.
        static let smallScreenCeilingKilobytes = 16 * 1024

        /// The most resident memory the program may ever use, in KiB: 155 MiB.
        ///
        /// It draws at most 1,048,576 cells (a larger screen gets a notice drawn over that many),
        /// at 116 bytes a cell (Benchmarks/README.md: three ncurses screens of 28-byte cells and
        /// two canvases of 16-byte cells): 116 MiB, on top of the demo's 8 MiB, with a quarter more
        /// as margin. Measured: 124 MiB at 5000×5000. Without that bound a 5000×5000 screen alone
        /// takes ncurses 2 GiB and more.
        static let largestScreenCeilingKilobytes = (1_048_576 * 116 / 1024 + 8 * 1024) * 5 / 4

        /// Reads and drops what the program wrote, so the terminal never stalls it.
        private func drain(_ run: PseudoTerminalRun) {
            _ = run.terminal.readAvailable()
        }

        @Test("24×80 → 1×5000 → 5000×1: the peak memory stays under the ceiling, and q right after quits at once")
        func extremeResizes() throws {
            let recordings = try TemporaryDirectory()
            defer { recordings.remove() }
            // The recording notes each size the program takes (an "r" event): proof it took each one in turn.
            let cast = recordings.path + "/session.cast"
            let run = try PseudoTerminalRun(arguments: ["--no-autoplay", "--record", cast])
            defer { run.close() }
            try run.program.waitForRawMode(of: run.terminal) { drain(run) }

            for (columns, rows) in [(5000, 1), (1, 5000)] {
                try run.terminal.setSize(columns: columns, rows: rows)
                let deadline = ContinuousClock.now + .seconds(10)
                let event = "\"r\", \"\(columns)x\(rows)\""
                while !((try? String(contentsOfFile: cast, encoding: .utf8)) ?? "").contains(event) {
                    guard run.program.poll() == nil, ContinuousClock.now < deadline else {
                        Issue.record(
                            "the program did not take the size \(columns)×\(rows) within 10 s (\(run.program.status.map(\.description) ?? "running"))"
                        )
                        return
                    }
                    drain(run)
                    usleep(10_000)
                }
            }

            // The program's own peak, from /proc: the peak wait4 gives a child started with posix_spawn also
            // counts the memory of the test process it was spawned from.
            let peak = TmuxTerminal.peakResidentKilobytes(run.program.pid) ?? 0
            try run.terminal.type("q")
            let sent = ContinuousClock.now
            while run.program.poll() == nil && ContinuousClock.now - sent < .seconds(10) {
                drain(run)
                usleep(5_000)
            }
            let waited = ContinuousClock.now - sent
            #expect(
                run.program.status == .exited(0),
                "q after the resizes: \(run.program.status.map(\.description) ?? "still running after 10 s")")
            #expect(waited < .seconds(2), "q took \(waited) to quit")
            #expect(peak > 0 && peak < Self.smallScreenCeilingKilobytes, "peak resident memory \(peak) KiB")
            #expect(try run.terminal.modes().restorableFlags == run.modesBefore)
        }

        @Test("COLUMNS=20000 LINES=20000 in the environment: it starts at the terminal's real size, in little memory")
        func hugeSizeInEnvironment() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--no-autoplay"], redirections: [.standardErrorToFile],
                environment: ["COLUMNS=20000", "LINES=20000"])
            defer { terminal.close() }
            // The status line on row 23 and the buttons at their 80-column places: the real size.
            let screen = try terminal.waitForInbox()
            #expect(
                screen.text(row: InboxLayout.toolbarRow, columns: InboxLayout.messagesButton) == "[ 💬 ]", "\(screen)")
            let pid = try terminal.programPID()
            let peak = TmuxTerminal.peakResidentKilobytes(pid) ?? 0
            #expect(peak > 0 && peak < Self.smallScreenCeilingKilobytes, "peak resident memory \(peak) KiB")

            try terminal.sendKeys("q")
            try terminal.expectExit(0, after: "q")
            #expect(terminal.standardError == "")
            try terminal.expectRestored(after: "q")
        }

        @Test("A 5000×5000 window: the 'too large' notice, memory under the ceiling, and q quits")
        func tooLargeWindow() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            try terminal.resize(columns: 5000, rows: 5000)
            #expect(try terminal.display("#{window_width}x#{window_height}") == "5000x5000", "tmux took the size")
            let notice = "The terminal is too large to draw (5000 by 5000); make it at most 1048576 cells."
            let screen = try terminal.waitUntil("the notice", timeout: .seconds(20)) { $0.contains(notice) }
            #expect(!screen.contains("Inbox"), "nothing else drawn")
            let peak = TmuxTerminal.peakResidentKilobytes(pid) ?? 0
            #expect(peak > 0 && peak < Self.largestScreenCeilingKilobytes, "peak resident memory \(peak) KiB")

            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit(timeout: .seconds(10)) == 0)
            try terminal.expectRestored(after: "q at 5000×5000")
        }
    }
}
