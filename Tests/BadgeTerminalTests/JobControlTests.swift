import Foundation
import Testing

@testable import BadgeTerminal

// In the live terminal's suite, whose tests run one at a time: signals reach the whole process.
extension LiveTerminalTests {
    /// Job control whose stops are noted instead of carried out, so the test process is never stopped.
    private final class NotedStops {
        var signals: [Int32] = []
        /// Whether each stop was the whole job's.
        var wholeJob: [Bool] = []
        /// Runs when the job would stop, as a SIGCONT would after it.
        var whileStopped: () -> Void = {}

        var jobControl: JobControl {
            JobControl { signal, wholeJob in
                self.signals.append(signal)
                self.wholeJob.append(wholeJob)
                self.whileStopped()
            }
        }
    }

    /// Installs the relay and runs a body with no signal blocked on this thread, so a `raise` is handled before it returns.
    private func withSignalsArriving(_ body: () throws -> Void) throws {
        try SignalRelay.install()
        SignalRelay.resetForTesting()
        var empty = sigset_t()
        sigemptyset(&empty)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            SignalRelay.resetForTesting()
        }
        try body()
    }

    @Test func aTerminationSignalThatArrivesWhileTheTerminalIsGivenBackEndsInsteadOfStopping() throws {
        try withSignalsArriving {
            let stops = NotedStops()
            var tookTerminalAgain = false
            // SIGTERM arrives while the last bytes drain, before the stop.
            let signal = stops.jobControl.suspend(
                wholeJob: true, release: { raise(SIGTERM) },
                holdAgain: {
                    tookTerminalAgain = true
                    return true
                })
            #expect(signal == SIGTERM, "the suspend reports the termination, for 128+15 and the terminal left restored")
            #expect(stops.signals.isEmpty, "never stopped with a termination pending")
            #expect(!tookTerminalAgain, "the terminal stays the shell's")
        }
    }

    @Test func aSuspendStopsTheJobOnceAndTakesTheTerminalAgainInTheForeground() throws {
        try withSignalsArriving {
            let stops = NotedStops()
            stops.whileStopped = { raise(SIGCONT) }
            var released = 0
            var attempts = 0
            let signal = stops.jobControl.suspend(
                wholeJob: true, release: { released += 1 },
                holdAgain: {
                    attempts += 1
                    return attempts > 1
                })
            #expect(signal == nil)
            #expect(released == 1)
            // Continued in the background first: stopped again with SIGTTOU, then continued in the foreground.
            #expect(stops.signals == [SIGTSTP, SIGTTOU])
            #expect(stops.wholeJob == [true, false], "the job stops on Ctrl-Z; stopping again is the program's alone")
        }
    }

    @Test func aStopThatDoesNothingInTheBackgroundIsNotRepeatedWithoutEnd() throws {
        try withSignalsArriving {
            // No SIGCONT ever comes: the kernel discards stop signals for an orphaned process group.
            let stops = NotedStops()
            var jobControl = stops.jobControl
            var attempts = 0
            // In the background for a while (the bound only keeps a spin from hanging the test).
            jobControl.continueAfterStop(holdAgain: {
                attempts += 1
                return attempts > 5
            })
            #expect(stops.signals == [SIGTTOU], "one stop, not a spin")
            #expect(jobControl.pendingTermination == nil)
        }
    }

    @Test func aTerminationSignalWhileStoppedInTheBackgroundIsKeptForTheNextWait() throws {
        try withSignalsArriving {
            let stops = NotedStops()
            stops.whileStopped = {
                raise(SIGHUP)
                raise(SIGCONT)
            }
            var jobControl = stops.jobControl
            jobControl.continueAfterStop(holdAgain: { false })
            #expect(stops.signals == [SIGTTOU])
            #expect(jobControl.pendingTermination == SIGHUP)
        }
    }
}
