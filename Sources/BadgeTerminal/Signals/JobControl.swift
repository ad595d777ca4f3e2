/// Suspend and continue as a shell's job control expects, for every backend: the terminal given back, the
/// whole job stopped, and the terminal taken again once continued in the foreground.
///
/// A backend keeps one and tells it how to give the terminal up and take it
/// again; what follows a stop (stopping again in the background, a termination
/// signal that arrived first or while stopped) is decided here, once.
struct JobControl {
    /// How the program stops: sends a stop signal to the program's process group, under the signal's default action.
    typealias Stopper = (_ signal: Int32) -> Void

    /// Whether a child has the terminal, so keys are its to read and a continue is its business.
    var isHandedOver = false
    /// A termination signal that arrived while the program was stopped inside a call, reported by the next wait.
    private(set) var pendingTermination: Int32?
    /// How the program stops; tests replace it, so that they do not stop themselves.
    private let stopper: Stopper

    /// Creates the job control of one backend.
    ///
    /// - Parameter stopper: How the program stops; by default ``stopJob(with:)``.
    init(stopper: @escaping Stopper = JobControl.stopJob(with:)) {
        self.stopper = stopper
    }

    /// Gives the terminal back and stops the job with SIGTSTP; once continued in the foreground, takes it again.
    ///
    /// - Parameters:
    ///   - release: Gives the terminal back as it was (it may wait for the terminal to take the last bytes).
    ///   - holdAgain: Takes the terminal again; `false` when the program is not in the foreground.
    /// - Returns: The termination signal that arrived before the stop or while stopped, after which the terminal
    ///   must stay the shell's; `nil` once the program holds the terminal again.
    func suspend(release: () -> Void, holdAgain: () -> Bool) -> Int32? {
        release()
        return stop(with: SIGTSTP, until: holdAgain)
    }

    /// Takes the terminal again after a stop from outside, or stops again (SIGTTOU) if continued in the background.
    ///
    /// A termination signal that arrives meanwhile is kept in ``pendingTermination``.
    ///
    /// - Parameter holdAgain: Takes the terminal again; `false` when the program is not in the foreground.
    mutating func continueAfterStop(holdAgain: () -> Bool) {
        guard !isHandedOver, !holdAgain() else { return }
        // Continued in the background (`kill -CONT` while the shell has the terminal): stop again, as a
        // full-screen program does, until `fg` brings it to the foreground.
        if let signal = stop(with: SIGTTOU, until: holdAgain) {
            pendingTermination = signal
        }
    }

    /// Stops the job, and once continued tries to take the terminal again, stopping again while in the background.
    ///
    /// A termination signal that arrived before the stop (while the terminal was
    /// being given back, say) ends the program instead: it never stops with one pending.
    ///
    /// - Parameters:
    ///   - stopSignal: SIGTSTP for Ctrl-Z, SIGTTOU when continued in the background.
    ///   - resume: Takes the terminal again; `false` when the program is not in the foreground.
    /// - Returns: The termination signal that arrived before or while stopped; `nil` once `resume` succeeded.
    func stop(with stopSignal: Int32, until resume: () -> Bool) -> Int32? {
        var signal = stopSignal
        while true {
            if let termination = SignalRelay.terminationSignal {
                return termination
            }
            stopper(signal)
            let wasContinued = SignalRelay.take(SIGCONT)
            _ = SignalRelay.take(SIGTSTP)
            if let termination = SignalRelay.terminationSignal {
                return termination
            }
            if resume() {
                return nil
            }
            guard wasContinued else {
                // The stop did nothing (an orphaned process group is never stopped by the kernel): stopping
                // again would spin. The program runs on without the terminal until a SIGCONT in the foreground.
                return nil
            }
            signal = SIGTTOU
        }
    }

    /// Stops the whole job: sends a stop signal to the program's process group, with the program's own
    /// handler set aside for the moment (wraps `sigaction` and `kill` with process group 0).
    ///
    /// A shell's job is the process group, as Ctrl-Z with the terminal's `isig`
    /// would stop it: the rest of a pipeline (`producer | badgebar`, `badgebar | cat`)
    /// stops with the program, so the shell sees the job stopped and prompts, and
    /// `fg` continues them all. Members that catch the signal handle it their own way.
    static func stopJob(with signal: Int32) {
        SignalDisposition.with(signal, as: Platform.action(disposition: .standard)) {
            _ = kill(0, signal)
        }
    }
}
