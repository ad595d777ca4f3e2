import Glibc
import Testing

extension EndToEnd {
    @Suite("Resize storm") struct ResizeStormTests {
        @Test("200 resizes while animating, down to 1×1 and back: still running, and a correct 80×24 screen")
        func resizeStorm() throws {
            let terminal = try TmuxTerminal(arguments: [], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            let sizes = [
                (1, 1), (2, 80), (24, 10), (80, 4), (40, 12), (33, 5), (32, 5), (120, 40), (79, 24), (80, 23), (3, 2),
                (200, 3), (81, 25), (7, 7),
            ]
            // One tmux call per resize, from the first screen on: the storm lasts past the first auto-play
            // step (1.3 s), so the program is animating in the middle of it.
            var resizes = 0
            var index = 0
            while resizes < 200 || ContinuousClock.now < terminal.launchedAt + .milliseconds(1600) {
                let (columns, rows) = sizes[index % sizes.count]
                try terminal.resize(columns: columns, rows: rows)
                resizes += 1
                index += 1
                if resizes >= 1000 { break }
            }
            #expect(TmuxTerminal.isRunning(pid), "still running after \(resizes) resizes")
            try terminal.resize(columns: 80, rows: 24)

            try terminal.waitUntil("the toolbar back at 80×24") {
                $0.lines.count == 24 && $0[InboxLayout.toolbarRow].contains("Inbox")
                    && $0[InboxLayout.statusRow].contains("q quit")
            }
            let screen = try terminal.waitUntilStill(timeout: .seconds(8))
            #expect(TmuxTerminal.isRunning(pid) && !screen.contains("[exit"), "\(screen)")
            #expect(try terminal.programPID() == pid, "the same process")

            // The whole screen, row by row.
            #expect(screen.autoPlayInboxProblems() == [], "\(screen)")
        }
    }
}
