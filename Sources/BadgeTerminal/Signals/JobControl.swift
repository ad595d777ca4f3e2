/// Stopping the program as a shell's job control expects, and taking the terminal again once continued.
enum JobControl {
    /// Stops the program with a stop signal's default action, and once continued tries to take the terminal again.
    ///
    /// Wraps `sigaction` and `raise`. A program continued in the background
    /// (`resume` fails) stops again with SIGTTOU, so the shell shows it as stopped
    /// until `fg`.
    ///
    /// - Parameters:
    ///   - stopSignal: SIGTSTP for Ctrl-Z, SIGTTOU when continued in the background.
    ///   - resume: Takes the terminal again; `false` when the program is not in the foreground.
    /// - Returns: The termination signal that arrived while stopped, after which the terminal must stay the
    ///   shell's; `nil` once `resume` succeeded.
    static func stop(with stopSignal: Int32, until resume: () -> Bool) -> Int32? {
        var signal = stopSignal
        while true {
            SignalDisposition.with(signal, as: Platform.action(disposition: .standard)) {
                _ = raise(signal)
            }
            _ = SignalRelay.take(SIGCONT)
            _ = SignalRelay.take(SIGTSTP)
            if let termination = SignalRelay.terminationSignal {
                return termination
            }
            if resume() {
                return nil
            }
            signal = SIGTTOU
        }
    }
}
