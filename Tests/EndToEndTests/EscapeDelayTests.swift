import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Escape delay") struct EscapeDelayTests {
        /// What a terminal showed just before the program left it: the recording's output up to the
        /// last screen clear (the first of the leaving bytes), replayed in a fresh 80×24 pane.
        private func lastFrame(of cast: String) throws -> Screen {
            let (_, events) = try RecordingTests.read(cast)
            let output = events.filter { $0.code == "o" }.map(\.data).joined()
            guard let leaving = output.range(of: "\u{1B}[H\u{1B}[2J", options: .backwards) else {
                throw EndToEndFailure("the recording has no screen clear: \(output.debugDescription)")
            }
            let replayFile = cast + ".frames"
            try Data(output[..<leaving.lowerBound].utf8).write(to: URL(fileURLWithPath: replayFile))
            let replay = try TmuxTerminal(shell: ["sh", "-c", "cat \"$0\"; exec sleep 600", replayFile])
            defer { replay.close() }
            try replay.waitUntil("the replay to show the toolbar") { $0[InboxLayout.toolbarRow].contains("Inbox") }
            return try replay.waitUntilStill(for: .milliseconds(300))
        }

        @Test("ESCDELAY=60000: a lone Esc waits at most 0.5 s, and auto-play's next step is drawn meanwhile")
        func framesGoOnWhileEscWaits() throws {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let cast = files.path + "/session.cast"
            let terminal = try TmuxTerminal(
                arguments: ["--fps", "240", "--record", cast], environment: ["ESCDELAY=60000"])
            defer { terminal.close() }

            // Auto-play's first step (the bell to 98) comes 1.3 s after the start, the second (the
            // cart's first badge) 1.3 s later. The Esc goes 1 s after the first was seen, so the second
            // falls within the 0.5 s the Esc may wait, however late the first was seen.
            try terminal.waitUntil("auto-play's first step", timeout: .seconds(5)) {
                $0.words(row: InboxLayout.badgeRow) == ["2", "98"]
            }
            let firstStepSeen = ContinuousClock.now
            // A pause on purpose, not a wait for something: the Esc must go out at this point of the schedule.
            let pause = .seconds(1) - (ContinuousClock.now - firstStepSeen)
            if pause > .zero {
                Thread.sleep(
                    forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
            }
            try terminal.sendBytes([0x1B])
            let escSent = ContinuousClock.now

            try terminal.expectExit(0, after: "a lone Esc")
            let waited = ContinuousClock.now - escSent
            // Up to 0.5 s of escape delay, plus the time to see the exit.
            #expect(waited < .milliseconds(1500), "the lone Esc acted \(waited) after it was sent")
            try terminal.expectRestored(after: "a lone Esc")

            let frame = try lastFrame(of: cast)
            #expect(
                frame.words(row: InboxLayout.badgeRow) != ["2", "98"],
                "auto-play's second step was drawn while the Esc waited\n\(frame)")
            #expect(frame[InboxLayout.statusRow].contains("auto-play"), "\(frame)")
        }

        @Test("ESCDELAY=60000: SIGTERM right after a lone Esc ends it with 143, at once")
        func signalWhileEscWaits() throws {
            let terminal = try TmuxTerminal(arguments: [], environment: ["ESCDELAY=60000"])
            defer { terminal.close() }
            try terminal.waitForInbox(status: "auto-play")
            let pid = try terminal.programPID()

            try terminal.sendBytes([0x1B])
            let sent = ContinuousClock.now
            #expect(kill(pid, SIGTERM) == 0)
            try terminal.expectExit(143, after: "SIGTERM while the Esc waits")
            let waited = ContinuousClock.now - sent
            #expect(waited < .milliseconds(1500), "ended \(waited) after SIGTERM")
            try terminal.expectRestored(after: "SIGTERM after a lone Esc")
        }
    }
}
