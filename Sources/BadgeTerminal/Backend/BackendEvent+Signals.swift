import BadgeKit
import CNCursesW

extension BackendEvent {
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

    /// What ends a wait before anything else is looked at: a failed `poll` (the terminal is gone) or the first
    /// termination signal; otherwise `nil`, with the signal pipe emptied if it woke the wait.
    ///
    /// - Parameters:
    ///   - pollResult: What `poll` returned, with `errno` still its own.
    ///   - signalPipeReady: Whether the signal relay's pipe was readable.
    ///   - pendingTermination: A termination signal that arrived while the program was stopped inside a call.
    static func endingWait(pollResult: Int32, signalPipeReady: Bool, pendingTermination: Int32?) -> BackendEvent? {
        if pollResult < 0 && Platform.errorNumber != EINTR {
            return .hangup
        }
        if let signal = pendingTermination ?? SignalRelay.terminationSignal {
            return .terminate(signal)
        }
        if signalPipeReady || pollResult < 0 {
            SignalRelay.drainWakeups()
        }
        return nil
    }
}
