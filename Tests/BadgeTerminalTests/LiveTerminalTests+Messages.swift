import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

/// In the serialized suite of the tests that raise termination signals in the test process.
extension LiveTerminalTests {
    @Test func aMessageToAStalledTerminalGivesUpWhenATerminationSignalArrives() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        terminal.isReading = false
        let (filler, _) = TerminalDevice.openOutput(for: terminal.slave)
        defer { filler.close() }
        for _ in 0..<2 {
            try #require(MessageWriterTests.fill(filler), "the terminal's buffer filled")
            usleep(100_000)
        }
        try SignalRelay.install()
        SignalRelay.resetForTesting()
        defer { SignalRelay.resetForTesting() }
        let result = AwaitedResult<Bool>()
        let slave = terminal.slave
        let thread = Thread {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            // A deadline far away: only the signal can end the wait.
            result.set(MessageWriter.write(Array("badgebar: stalled\n".utf8), to: slave, waitingAtMostSeconds: 60))
        }
        thread.start()
        usleep(300_000)
        let clock = MonotonicClock()
        kill(getpid(), SIGUSR2)
        let written = result.wait(seconds: 5)
        #expect(written == false, "the writer gave up at the signal")
        #expect(clock.now < 5, "gave up after \(clock.now) s")
    }
}
