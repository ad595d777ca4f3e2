import BadgeKit
import CNCursesW

/// The one `poll` of a turn on a real terminal, as ``LiveTerminal`` and ``LineModeTerminal`` both wait.
///
/// One wait covers the keyboard, the signal relay's pipe, what the backend itself
/// writes (the terminal's output, the recording) and the runner's descriptors:
/// live input, children, file changes, the ends of sinks and the writers with
/// output waiting. It turns what happened into ``BackendEvent``s in one order:
/// a failed `poll` or a termination signal first and alone, then the relayed
/// signals, the keys, the runner's ready descriptors, and the keys the decoder
/// let go of.
struct TerminalWait {
    /// The keyboard, or `nil` while there is none to read (no terminal, or a child has it).
    var keyboard: SystemDescriptor?
    /// The backend's own descriptors with output waiting (`nil` for one that has none now).
    var ownWriters: [SystemDescriptor?] = []
    /// The runner's descriptors to wake for when readable.
    var descriptors: [SystemDescriptor] = []
    /// The runner's descriptors to wake for only when they end or fail (polled for no event).
    var ends: [SystemDescriptor] = []
    /// The runner's descriptors with output waiting, to wake for when they take more.
    var writers: [SystemDescriptor] = []

    /// What one wait found: the events, and which of the backend's own writers can take more.
    struct Outcome {
        var events: [BackendEvent]
        var writable: [Bool]
        /// Whether the events end with the end of the run (a failed `poll`, a termination signal, the keyboard
        /// gone), so nothing more is to be added.
        var isFinal = false
    }

    /// Waits in one `poll`, then reads the keyboard into `keys`.
    ///
    /// - Parameters:
    ///   - keys: The keys and mouse reports decoded from what the keyboard gave.
    ///   - timeoutMilliseconds: The longest wait, as ``MonotonicClock/pollTimeoutMilliseconds(until:)`` gives it.
    ///   - pendingTermination: A termination signal that arrived while the program was stopped inside a call.
    ///   - now: The clock, read for the keys' times.
    ///   - resize: The resize SIGWINCH means, or `nil` when the size did not change (or does not matter).
    func wait(
        keys: inout KeyReader, timeoutMilliseconds: Int32, pendingTermination: Int32?, now: () -> Double,
        resize: () -> InputEvent?
    ) -> Outcome {
        var polled = [
            pollfd(fd: keyboard?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalRelay.wakeDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        polled += ownWriters.map { pollfd(fd: $0?.rawValue ?? -1, events: Int16(POLLOUT), revents: 0) }
        let runnerStart = polled.count
        polled += descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        polled += ends.map { pollfd(fd: $0.rawValue, events: 0, revents: 0) }
        polled += writers.map { pollfd(fd: $0.rawValue, events: Int16(POLLOUT), revents: 0) }
        let result = Platform.poll(&polled, timeoutMilliseconds: timeoutMilliseconds)
        let nothingWritable = ownWriters.map { _ in false }
        if result < 0 && Platform.errorNumber != EINTR {
            // The terminal is gone.
            return Outcome(events: [.hangup], writable: nothingWritable, isFinal: true)
        }
        if let signal = pendingTermination ?? SignalRelay.terminationSignal {
            return Outcome(events: [.terminate(signal)], writable: nothingWritable, isFinal: true)
        }
        if polled[1].revents != 0 || result < 0 {
            SignalRelay.drainWakeups()
        }
        var events = Self.relayedSignals(resize: resize)
        guard result > 0 else {
            return Outcome(events: events + keys.takeEvents(at: now()), writable: nothingWritable)
        }
        let keyboardEvents = polled[0].revents
        if keyboardEvents & Int16(POLLIN) != 0, let keyboard {
            if !keys.read(from: keyboard, at: now()) {
                return Outcome(events: events + [.hangup], writable: nothingWritable, isFinal: true)
            }
        } else if keyboardEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            return Outcome(events: events + [.hangup], writable: nothingWritable, isFinal: true)
        }
        let writable = ownWriters.indices.map { polled[2 + $0].revents != 0 }
        for (index, descriptor) in (descriptors + ends).enumerated() where polled[runnerStart + index].revents != 0 {
            events.append(.ready(descriptor))
        }
        return Outcome(events: events + keys.takeEvents(at: now()), writable: writable)
    }

    /// The signals relayed since the last call, as events: resize, suspend, continue, a child's exit, or the signal itself.
    ///
    /// Taking them clears them (see ``SignalRelay/takeAll()``).
    ///
    /// - Parameter resize: The resize SIGWINCH means, or `nil` when the size did not change (or does not matter).
    static func relayedSignals(resize: () -> InputEvent?) -> [BackendEvent] {
        var events: [BackendEvent] = []
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
