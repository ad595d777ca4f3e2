import Glibc
import Testing

extension EndToEnd {
    @Suite("Terminal going away") struct HangupTests {
        /// How the program is started: directly (it gets SIGHUP when the terminal goes), or under
        /// `setsid` in a session of its own, so no SIGHUP reaches it and only the hang-up of its
        /// terminal (poll's POLLHUP, read errors) can tell it to quit.
        enum Start: String, CaseIterable, CustomTestStringConvertible {
            case direct
            case ownSession

            var launcher: [String] { self == .direct ? [] : ["setsid"] }
            var testDescription: String { self == .direct ? "in the pane's session" : "under setsid (no SIGHUP)" }
        }

        @Test(
            "When the tmux server dies under it, the program exits within 2 s instead of spinning",
            arguments: Start.allCases, [true, false])
        func serverKilled(_ start: Start, autoPlays: Bool) throws {
            // With auto-play it wakes up on its own; without, it sleeps in poll until input arrives.
            let terminal = try TmuxTerminal(
                arguments: autoPlays ? [] : ["--no-autoplay"], launcher: start.launcher)
            defer { terminal.close() }
            try terminal.waitForInbox(status: autoPlays ? "auto-play" : "Messages: 2 unread")
            let pid = try terminal.programPID()
            let ownSession = TmuxTerminal.processSession(pid) == pid
            #expect(
                ownSession == (start == .ownSession), "session of \(pid): \(TmuxTerminal.processSession(pid) ?? -1)")

            try terminal.tmux(["kill-server"])
            let deadline = ContinuousClock.now + .seconds(2)
            var state = TmuxTerminal.processState(pid)
            while let current = state, current != "Z", ContinuousClock.now < deadline {
                usleep(20_000)
                state = TmuxTerminal.processState(pid)
            }
            #expect(
                state == nil || state == "Z",
                "badgebar (pid \(pid)) still alive 2 s after its terminal went away, state \(state.map(String.init) ?? "")"
            )
            if let current = state, current != "Z" {
                kill(pid, SIGKILL)
            }
        }
    }
}
