import BadgeKit
import BadgeTerminal

/// A reactor for tests of the real process machinery: real children and a real wait, with events played at times
/// of a script on the real clock.
///
/// A ``ScriptedTerminal`` gives such a test its screen; this gives it the
/// time, in which real children end and their pipes are read. The script's
/// steps come when the clock reaches them; one a test does not want to wait
/// for (a quit at 1000 s) ends a run the program ended itself first. Signals are
/// the script's alone: those other tests in the process raise never reach it.
package final class RealTimeScript: Reactor {
    private let system = SystemReactor(relaysSignals: false)
    /// The longest a wait lasts, so that a child's end is seen without its SIGCHLD.
    private static let lookAgainSeconds = 0.02
    private var steps: [ScriptedTerminal.Step]

    /// Creates a reactor that plays `steps` at their times, in seconds from now.
    package init(_ steps: [ScriptedTerminal.Step]) {
        self.steps = steps.sorted { $0.time < $1.time }
    }

    /// Seconds since the reactor was made.
    package var now: Double { system.now }

    /// Real children, started with `posix_spawn`.
    package func makeChildProcesses() -> any ChildProcesses {
        system.makeChildProcesses()
    }

    /// The steps due, or else a real wait until the deadline or the next step, and the steps due after it.
    package func wait(until deadline: Double?, for interests: WaitInterests) -> [Wakeup] {
        let due = takeDue()
        guard due.isEmpty else { return due }
        // No SIGCHLD reaches this reactor, and a child run with the terminal has no pipe to end: look again
        // every moment, as a test may.
        var wake = min(deadline ?? .infinity, now + Self.lookAgainSeconds)
        if let next = steps.first?.time {
            wake = min(wake, next)
        }
        return system.wait(until: wake, for: interests) + takeDue()
    }

    private func takeDue() -> [Wakeup] {
        let time = now
        var due: [Wakeup] = []
        while let step = steps.first, step.time <= time {
            steps.removeFirst()
            due.append(step.wakeup)
        }
        return due
    }
}
