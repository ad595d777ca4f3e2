import CNCursesW

/// Suspend and continue as a shell's job control expects, for every terminal held: the terminal given back, the
/// whole job stopped, and the terminal taken again once continued in the foreground.
///
/// A terminal holder keeps one and tells it how to give the terminal up and take it
/// again; what follows a stop (stopping again in the background, a termination
/// signal that arrived first or while stopped) is decided here, once.
struct JobControl {
    /// How the program stops: sends a stop signal to the program's process group, or to the program alone,
    /// under the signal's default action.
    typealias Stopper = (_ signal: Int32, _ wholeJob: Bool) -> Void

    /// A termination signal that arrived while the program was stopped inside a call, reported by the next wait.
    private(set) var pendingTermination: Int32?
    /// How the program stops; tests replace it, so that they do not stop themselves.
    private let stopper: Stopper

    /// Creates the job control of one terminal holder.
    ///
    /// - Parameter stopper: How the program stops; by default ``stop(with:wholeJob:)``.
    init(stopper: @escaping Stopper = JobControl.stop(with:wholeJob:)) {
        self.stopper = stopper
    }

    /// Gives the terminal back and stops the job with SIGTSTP; once continued in the foreground, takes it again.
    ///
    /// - Parameters:
    ///   - wholeJob: Whether the rest of the program's process group stops too: for Ctrl-Z read as a key
    ///     while the program's job is the terminal's foreground job, as the terminal itself would stop it.
    ///   - release: Gives the terminal back as it was (it may wait for the terminal to take the last bytes).
    ///   - holdAgain: Takes the terminal again; `false` when the program is not in the foreground.
    /// - Returns: The termination signal that arrived before the stop or while stopped, after which the terminal
    ///   must stay the shell's; `nil` once the program holds the terminal again.
    func suspend(wholeJob: Bool, release: () -> Void, holdAgain: () -> Bool) -> Int32? {
        release()
        return stop(with: SIGTSTP, wholeJob: wholeJob, until: holdAgain)
    }

    /// Takes the terminal again after a stop from outside, or stops again (SIGTTOU) if continued in the background.
    ///
    /// While a child has the terminal a continue is the child's business: the runner does not call it then.
    /// A termination signal that arrives meanwhile is kept in ``pendingTermination``.
    ///
    /// - Parameter holdAgain: Takes the terminal again; `false` when the program is not in the foreground.
    mutating func continueAfterStop(holdAgain: () -> Bool) {
        guard !holdAgain() else { return }
        // Continued in the background (`kill -CONT` while the shell has the terminal): stop again, as a
        // full-screen program does, until `fg` brings it to the foreground.
        if let signal = stop(with: SIGTTOU, wholeJob: false, until: holdAgain) {
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
    ///   - wholeJob: Whether the first stop is the whole process group's; stopping again in the background
    ///     is the program's alone.
    ///   - resume: Takes the terminal again; `false` when the program is not in the foreground.
    /// - Returns: The termination signal that arrived before or while stopped; `nil` once `resume` succeeded.
    func stop(with stopSignal: Int32, wholeJob: Bool, until resume: () -> Bool) -> Int32? {
        var signal = stopSignal
        var stopsWholeJob = wholeJob
        while true {
            if let termination = SignalRelay.terminationSignal {
                return termination
            }
            stopper(signal, stopsWholeJob)
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
            stopsWholeJob = false
        }
    }

    /// Stops the whole job or the program alone, with the program's own handler set aside for the moment
    /// (wraps `sigaction`, and `kill` with process group 0 or `raise`).
    ///
    /// A shell's job is the process group, as Ctrl-Z with the terminal's `isig`
    /// would stop it: the rest of a pipeline (`producer | badgebar`, `badgebar | cat`)
    /// stops with the program, so the shell sees the job stopped and prompts, and
    /// `fg` continues them all. Members that catch the signal handle it their own way.
    /// Anything else stops the program alone: a script that started it without job
    /// control shares its process group and must not be stopped with it.
    static func stop(with signal: Int32, wholeJob: Bool) {
        SignalDisposition.with(signal, as: Platform.action(disposition: .standard)) {
            _ = wholeJob ? Platform.sendSignal(signal, to: 0) : raise(signal)
        }
    }
}
