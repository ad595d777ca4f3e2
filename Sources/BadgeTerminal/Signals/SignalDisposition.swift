import CNCursesW

/// Changing what a signal does for a moment, and putting it back: the checked form of `sigaction` the terminal layer uses.
enum SignalDisposition {
    /// Gives a signal a new action and returns the one it had (wraps `sigaction`).
    ///
    /// - Throws: ``SystemError`` when the signal cannot be changed (an invalid number).
    static func replace(_ signal: Int32, with action: sigaction) throws(SystemError) -> sigaction {
        var replacement = action
        var previous = sigaction()
        try SystemCall.retrying("sigaction") { sigaction(signal, &replacement, &previous) }
        return previous
    }

    /// Runs a body with a signal's action replaced, then puts the previous action back (wraps `sigaction`).
    ///
    /// If the action cannot be replaced the body runs anyway, under the action in place.
    static func with<Result>(_ signal: Int32, as action: sigaction, _ body: () -> Result) -> Result {
        let previous = try? replace(signal, with: action)
        defer {
            if let previous {
                _ = try? replace(signal, with: previous)
            }
        }
        return body()
    }

    /// Sends a signal to a process group (wraps `kill` with a negative id).
    ///
    /// Its result is not needed: the only failure for a group of the program's own children is
    /// `ESRCH`, a group that is already gone, which is what the signal was for.
    static func send(_ signal: Int32, toGroup group: pid_t) {
        guard group > 0 else { return }
        Platform.sendSignal(signal, to: -group)
    }

    /// Sends a signal to one process (wraps `kill`).
    ///
    /// Its result is not needed: the only failure for one of the program's own descendants is `ESRCH`, a
    /// process that is already gone, which is what the signal was for.
    static func send(_ signal: Int32, toProcess process: pid_t) {
        guard process > 0 else { return }
        Platform.sendSignal(signal, to: process)
    }

    /// Whether a process group still has a member (wraps `kill` with signal 0).
    static func groupExists(_ group: pid_t) -> Bool {
        group > 0 && Platform.sendSignal(0, to: -group) == 0
    }
}
