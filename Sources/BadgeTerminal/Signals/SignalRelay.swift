import CNCursesW
import Synchronization

/// The first signal that ends the program, or 0 while none has arrived.
private let firstTerminationSignal = Atomic<Int32>(0)
/// The signals relayed as events that arrived since they were last taken, one bit per signal (bit N-1 for signal N).
private let caughtSignals = Atomic<UInt64>(0)
/// The signals that end the program, one bit per signal, fixed by ``SignalRelay/install(events:relaysSuspend:)``.
private let terminationMask = Atomic<UInt64>(0)
/// The write end of the self-pipe that wakes the run loop, or -1.
private let wakeWriteDescriptor = Atomic<Int32>(-1)
/// The read end of the self-pipe, or -1.
private let wakeReadDescriptor = Atomic<Int32>(-1)

/// The bit that stands for a signal in the masks above.
private func bit(_ signal: Int32) -> UInt64 {
    signal >= 1 && signal <= 64 ? 1 << UInt64(signal - 1) : 0
}

/// The signal handler: notes the signal and writes a byte to the self-pipe.
///
/// It touches only atomics and calls only `write`, which is async-signal-safe.
/// A termination signal is kept only if it is the first, so the exit status is the first one's.
private func relaySignal(_ signal: Int32) {
    let savedErrno = Platform.errorNumber
    let signalBit = bit(signal)
    if terminationMask.load(ordering: .relaxed) & signalBit != 0 {
        _ = firstTerminationSignal.compareExchange(
            expected: 0, desired: signal, ordering: .sequentiallyConsistent)
    }
    caughtSignals.bitwiseOr(signalBit, ordering: .sequentiallyConsistent)
    let descriptor = wakeWriteDescriptor.load(ordering: .sequentiallyConsistent)
    if descriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }
    Platform.errorNumber = savedErrno
}

/// Turns every signal the program can catch into something the run loop sees, through a self-pipe.
///
/// The rule covers every signal number there is, not a list that could miss one:
/// a signal whose default action would end the process ends it through the run
/// loop instead (which restores the terminal and exits with 128+N); the signals
/// the program reacts to (resize, suspend, continue, a child's exit, and those a
/// program asks for) are relayed as events; crashes are ``CrashGuard``'s; SIGPIPE
/// and SIGXFSZ are ignored, so a write to a closed pipe or past the file size
/// limit fails (`EPIPE`, `EFBIG`) where it can be reported in words; SIGKILL and SIGSTOP cannot be caught; a signal ignored when the
/// program started (as `nohup` leaves SIGHUP) stays ignored.
///
/// Each handler records the signal and writes one byte to a pipe the run loop
/// polls, so a signal can never slip in between a check and a blocking wait.
/// Handlers are installed without `SA_RESTART`, so a blocking call returns
/// `EINTR`. Installing them before ncurses starts keeps ncurses from installing
/// its own, which would exit without restoring the terminal.
package enum SignalRelay {
    /// The signals relayed as events whatever the program asks for: resize, suspend, continue and a child's exit.
    package static let jobControlSignals: Set<Int32> = [SIGWINCH, SIGTSTP, SIGCONT, SIGCHLD]

    /// How the relay treats a signal.
    package enum Treatment: Equatable, Sendable {
        /// Ends the program through the run loop.
        case terminates
        /// Arrives as an event.
        case event
        /// Left as it is: uncatchable, a crash, ignored from the start, or harmless by default.
        case untouched
        /// Ignored, so the failure shows at the write that hit it (SIGPIPE, SIGXFSZ).
        case ignored
    }

    /// How a signal is treated, given the signals the program wants as events and the disposition it started with.
    ///
    /// - Parameters:
    ///   - signal: The signal number.
    ///   - events: Signals the program wants as events, such as SIGUSR1.
    ///   - wasIgnored: Whether the signal was ignored when the program started.
    ///   - relaysSuspend: Whether SIGTSTP is an event, as ``install(events:relaysSuspend:)`` has it.
    package static func treatment(
        of signal: Int32, events: Set<Int32>, wasIgnored: Bool, relaysSuspend: Bool = true
    ) -> Treatment {
        if signal == SIGKILL || signal == SIGSTOP || CrashGuard.crashSignals.contains(signal) {
            return .untouched
        }
        if signal == SIGTSTP && !relaysSuspend { return .untouched }
        if signal == SIGPIPE || signal == SIGXFSZ { return .ignored }
        if jobControlSignals.contains(signal) { return .event }
        if wasIgnored { return .untouched }
        if events.contains(signal) { return .event }
        if Platform.ignoredByDefault.contains(signal) || Platform.stopSignals.contains(signal) {
            return .untouched
        }
        return .terminates
    }

    /// The read end of the self-pipe, to poll for readability; -1 before ``install(events:relaysSuspend:)``.
    package static var wakeDescriptor: SystemDescriptor {
        SystemDescriptor(rawValue: wakeReadDescriptor.load(ordering: .sequentiallyConsistent))
    }

    /// Creates the self-pipe and installs a handler for every signal by ``treatment(of:events:wasIgnored:relaysSuspend:)``.
    ///
    /// Wraps `pipe`, `fcntl` and `sigaction`. Safe to call again: the pipe is made once, and
    /// the handlers are installed again with the new set of event signals.
    ///
    /// - Parameters:
    ///   - events: Signals the program wants as events instead of ending it, such as SIGUSR1.
    ///   - relaysSuspend: Whether SIGTSTP is an event, for a program that gives the terminal back before
    ///     it stops; `false` leaves SIGTSTP its default action, so a program that holds no terminal
    ///     (`--once`) stops at once on Ctrl-Z.
    package static func install(events: Set<Int32> = [], relaysSuspend: Bool = true) throws(SystemError) {
        if wakeReadDescriptor.load(ordering: .sequentiallyConsistent) < 0 {
            let ends = try SystemDescriptor.pipe()
            try ends.read.setNonBlocking()
            try ends.write.setNonBlocking()
            wakeReadDescriptor.store(ends.read.rawValue, ordering: .sequentiallyConsistent)
            wakeWriteDescriptor.store(ends.write.rawValue, ordering: .sequentiallyConsistent)
        }
        var mask: UInt64 = 0
        var handled: [(Int32, Treatment)] = []
        for signal in 1...Platform.highestSignal {
            var current = sigaction()
            // Numbers the C library keeps for itself (glibc's first real-time signals) cannot be queried or set.
            guard sigaction(signal, nil, &current) == 0 else { continue }
            let wasIgnored = Platform.isIgnored(current) && !installedSignals.withLock { $0.contains(signal) }
            let treatment = treatment(
                of: signal, events: events, wasIgnored: wasIgnored, relaysSuspend: relaysSuspend)
            if treatment == .terminates { mask |= bit(signal) }
            handled.append((signal, treatment))
        }
        terminationMask.store(mask, ordering: .sequentiallyConsistent)
        for (signal, treatment) in handled {
            switch treatment {
            case .terminates, .event:
                var action = Platform.action(handler: { relaySignal($0) })
                try SystemCall.retrying("sigaction") { sigaction(signal, &action, nil) }
                installedSignals.withLock { _ = $0.insert(signal) }
            case .ignored:
                var action = Platform.action(disposition: .ignore)
                try SystemCall.retrying("sigaction") { sigaction(signal, &action, nil) }
                installedSignals.withLock { _ = $0.insert(signal) }
            case .untouched:
                break
            }
        }
        if !relaysSuspend && installedSignals.withLock({ $0.remove(SIGTSTP) != nil }) {
            var standard = Platform.action(disposition: .standard)
            try SystemCall.retrying("sigaction") { sigaction(SIGTSTP, &standard, nil) }
        }
    }

    /// Ignores SIGPIPE and SIGXFSZ from the start, as ``install(events:relaysSuspend:)`` does, for output written before the relay is
    /// installed or without it (`--help`, `--once`): a write to a closed pipe then fails with `EPIPE` where it can be
    /// reported and end the program with a status of its own, instead of killing it (wraps `sigaction`).
    ///
    /// Children started later get the default actions back (``ProcessSupervisor`` resets every signal).
    package static func ignoreWriteFailureSignals() {
        for signal in [SIGPIPE, SIGXFSZ] {
            var action = Platform.action(disposition: .ignore)
            if sigaction(signal, &action, nil) == 0 {
                installedSignals.withLock { _ = $0.insert(signal) }
            }
        }
    }

    /// The signals this relay installed a handler or `SIG_IGN` for, so installing again does not take them for inherited.
    private static let installedSignals = Mutex<Set<Int32>>([])

    /// The signals that end the program, as installed.
    package static var terminationSignals: [Int32] {
        let mask = terminationMask.load(ordering: .sequentiallyConsistent)
        return (1...Int32(64)).filter { mask & bit($0) != 0 }
    }

    /// The first termination signal that arrived, if any; it stays set until the program ends.
    package static var terminationSignal: Int32? {
        let signal = firstTerminationSignal.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? nil : signal
    }

    /// The name of a signal for messages, such as `SIGTERM` or `SIGRTMIN+3`.
    package static func name(of signal: Int32) -> String {
        Platform.name(ofSignal: signal)
    }

    /// Whether a signal relayed as an event arrived since it was last taken; taking it clears it.
    package static func take(_ signal: Int32) -> Bool {
        let signalBit = bit(signal)
        return caughtSignals.bitwiseAnd(~signalBit, ordering: .sequentiallyConsistent).oldValue & signalBit != 0
    }

    /// Every signal relayed as an event that arrived since the last call, lowest number first; taking them clears them.
    package static func takeAll() -> [Int32] {
        let mask = caughtSignals.exchange(0, ordering: .sequentiallyConsistent)
        guard mask != 0 else { return [] }
        return (1...Int32(64)).filter { mask & bit($0) != 0 }
    }

    /// Empties the self-pipe after a wake-up (wraps `read`).
    package static func drainWakeups() {
        let descriptor = wakeDescriptor
        guard descriptor.rawValue >= 0 else { return }
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { buffer in
            while let count = try? descriptor.read(into: buffer), count > 0 {}
        }
    }

    /// Writes a byte to the self-pipe, as a signal's handler does (wraps `write`), so the next wait wakes and takes
    /// what a wait of its own left: the signals it saw and left for the run.
    package static func wakeAgain() {
        let descriptor = wakeWriteDescriptor.load(ordering: .sequentiallyConsistent)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Gives every signal the relay handled its default action back (wraps `sigaction`), for a program that is done with it.
    ///
    /// SIGPIPE and SIGXFSZ stay ignored: what the program writes next (`--once`'s
    /// line) must fail with an error it reports, as ``ignoreWriteFailureSignals()`` set up.
    package static func uninstall() {
        let signals = installedSignals.withLock { installed in
            defer { installed.formIntersection([SIGPIPE, SIGXFSZ]) }
            return installed
        }
        for signal in signals where signal != SIGPIPE && signal != SIGXFSZ {
            // The relay installed a handler for each of these, so each is catchable and `sigaction`, which only
            // refuses an invalid signal number, SIGKILL or SIGSTOP, cannot fail here.
            var standard = Platform.action(disposition: .standard)
            _ = sigaction(signal, &standard, nil)
        }
        terminationMask.store(0, ordering: .sequentiallyConsistent)
    }

    /// Forgets a termination signal, for tests that raise one on purpose.
    static func resetForTesting() {
        firstTerminationSignal.store(0, ordering: .sequentiallyConsistent)
        caughtSignals.store(0, ordering: .sequentiallyConsistent)
    }
}
