import BadgeKit
import CNCursesW

/// The real reactor: one `poll` a turn, on a clock that never goes backwards.
///
/// One wait covers the signal relay's pipe, the terminal registered with it
/// (its keyboard and what it writes itself: the terminal's output, the
/// recording) and the runner's descriptors: live input, children, file
/// changes, the ends of sinks and the writers with output waiting. It turns
/// what happened into ``Wakeup``s in one order: a failed `poll` or a
/// termination signal first and alone, then the relayed signals, the runner's
/// ready descriptors, the keys, and a terminal that can no longer be written.
package final class SystemReactor: Reactor {
    /// The clock every time of a run is read from.
    package let clock: MonotonicClock
    /// The terminal whose keyboard and output are waited for with the rest, if any.
    private let terminal: (any WaitParticipant)?
    /// Whether the signal relay's pipe is waited for and its signals reported: not for a test's reactor, which
    /// must not take the signals of other tests in the same process.
    private let relaysSignals: Bool

    /// Creates the reactor of one run.
    ///
    /// - Parameters:
    ///   - clock: The clock to read; the terminal's, so that its keys and recording share the run's times.
    ///   - terminal: The terminal to register, or `nil` for none (a test with real children and no terminal).
    ///   - relaysSignals: Whether the signal relay's signals are waited for and reported (by default they are).
    package init(
        clock: MonotonicClock = MonotonicClock(), terminal: (any WaitParticipant)? = nil, relaysSignals: Bool = true
    ) {
        self.clock = clock
        self.terminal = terminal
        self.relaysSignals = relaysSignals
    }

    /// Seconds since the clock started.
    package var now: Double { clock.now }

    /// Real children, started with `posix_spawn`, watched by the run loop and never waited for.
    package func makeChildProcesses() -> any ChildProcesses {
        ProcessSupervisor()
    }

    /// Waits in one `poll` (``Platform/poll(_:timeoutMilliseconds:)``) for the signal relay, the terminal and the
    /// runner's descriptors.
    package func wait(until deadline: Double?, for interests: WaitInterests) -> [Wakeup] {
        let own =
            terminal?.prepareToWait(readingKeys: interests.readsKeys)
            ?? TerminalInterest(keyboard: nil, keyDeadline: nil)
        guard own.dueEvents.isEmpty else { return own.dueEvents }
        var wake = deadline
        if let escape = own.keyDeadline {
            wake = min(wake ?? escape, escape)
        }
        var polled = [
            pollfd(fd: own.keyboard?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: relaysSignals ? SignalRelay.wakeDescriptor.rawValue : -1, events: Int16(POLLIN), revents: 0),
        ]
        polled += own.writers.map { pollfd(fd: $0?.rawValue ?? -1, events: Int16(POLLOUT), revents: 0) }
        let runnerStart = polled.count
        polled += interests.readable.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        polled += interests.ends.map { pollfd(fd: $0.rawValue, events: 0, revents: 0) }
        polled += interests.writable.map { pollfd(fd: $0.rawValue, events: Int16(POLLOUT), revents: 0) }
        let result = Platform.poll(&polled, timeoutMilliseconds: clock.pollTimeoutMilliseconds(until: wake))
        if result < 0 && Platform.errorNumber != EINTR {
            // The terminal is gone.
            return [.hangup]
        }
        if let signal = terminal?.pendingTermination ?? (relaysSignals ? SignalRelay.terminationSignal : nil) {
            return [.terminate(signal)]
        }
        if relaysSignals && (polled[1].revents != 0 || result < 0) {
            SignalRelay.drainWakeups()
        }
        var events = relaysSignals ? Self.relayedSignals(resize: { terminal?.resized() }) : []
        guard result > 0 else {
            let nothingWritable = own.writers.map { _ in false }
            return events + (terminal?.takeKeys(at: clock.now) ?? [])
                + (terminal?.wrote(writable: nothingWritable) ?? [])
        }
        let keyboardEvents = polled[0].revents
        if keyboardEvents & Int16(POLLIN) != 0, let terminal {
            if !terminal.readKeys(at: clock.now) {
                return events + [.hangup]
            }
        } else if keyboardEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            return events + [.hangup]
        }
        let writable = own.writers.indices.map { polled[2 + $0].revents != 0 }
        for (index, descriptor) in (interests.readable + interests.ends).enumerated()
        where polled[runnerStart + index].revents != 0 {
            events.append(.ready(descriptor))
        }
        events += terminal?.takeKeys(at: clock.now) ?? []
        return events + (terminal?.wrote(writable: writable) ?? [])
    }

    /// The signals relayed since the last call, as events: resize, suspend, continue, a child's exit, or the signal itself.
    ///
    /// Taking them clears them (see ``SignalRelay/takeAll()``).
    ///
    /// - Parameter resize: The resize SIGWINCH means, or `nil` when the size did not change (or does not matter).
    static func relayedSignals(resize: () -> InputEvent?) -> [Wakeup] {
        var events: [Wakeup] = []
        for signal in SignalRelay.takeAll() {
            switch signal {
            case SIGWINCH:
                if let resized = resize() { events.append(.input(resized)) }
            case SIGTSTP:
                events.append(.suspendRequested)
            case SIGCONT:
                events.append(.continued)
            case SIGCHLD:
                events.append(.childStateChanged)
            default:
                events.append(.signal(signal))
            }
        }
        return events
    }
}
