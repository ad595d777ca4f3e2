import Glibc
import Synchronization

/// The last termination signal caught (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or 0.
private let caughtTerminationSignal = Atomic<Int32>(0)
/// Whether SIGWINCH arrived since the last check.
private let caughtResize = Atomic<Bool>(false)
/// Whether SIGTSTP arrived since the last check.
private let caughtSuspend = Atomic<Bool>(false)
/// The read end of the self-pipe, polled by the run loop, or -1.
private let wakeReadDescriptor = Atomic<Int32>(-1)
/// The write end of the self-pipe that wakes the run loop, or -1.
private let wakeWriteDescriptor = Atomic<Int32>(-1)

/// The signal handler: records the signal and writes a byte to the self-pipe.
///
/// It touches only atomics and calls only `write`, which is async-signal-safe.
private func relaySignal(_ signal: Int32) {
    let savedErrno = errno
    if signal == SIGWINCH {
        caughtResize.store(true, ordering: .sequentiallyConsistent)
    } else if signal == SIGTSTP {
        caughtSuspend.store(true, ordering: .sequentiallyConsistent)
    } else {
        caughtTerminationSignal.store(signal, ordering: .sequentiallyConsistent)
    }
    let descriptor = wakeWriteDescriptor.load(ordering: .sequentiallyConsistent)
    if descriptor >= 0 {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }
    errno = savedErrno
}

/// Turns signals into wake-ups of the run loop through a self-pipe.
///
/// The termination signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT), SIGWINCH and SIGTSTP get a
/// handler that records the signal and writes one byte to a pipe the run loop
/// polls beside the terminal, so a signal can never slip in between a check and
/// a blocking wait. Installing the handlers before ncurses starts keeps ncurses
/// from installing its own, which would exit without restoring our state.
public enum SignalRelay {
    /// The signals that end the program, each restoring the terminal first.
    public static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The read end of the self-pipe, to poll for readability; -1 before ``install()``.
    public static var wakeDescriptor: Int32 {
        wakeReadDescriptor.load(ordering: .sequentiallyConsistent)
    }

    /// Creates the self-pipe and installs the handlers (wraps `pipe`, `fcntl` and `sigaction`).
    ///
    /// The handlers are installed without `SA_RESTART`, so a blocking call returns
    /// `EINTR` when a signal arrives.
    public static func install() throws(TerminalError) {
        guard wakeDescriptor < 0 else { return }
        // Touch every global the handler uses now, so none is first initialised inside a signal handler.
        caughtTerminationSignal.store(0, ordering: .sequentiallyConsistent)
        caughtResize.store(false, ordering: .sequentiallyConsistent)
        caughtSuspend.store(false, ordering: .sequentiallyConsistent)
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw .systemCall(name: "pipe", errorNumber: errno)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeReadDescriptor.store(descriptors[0], ordering: .sequentiallyConsistent)
        wakeWriteDescriptor.store(descriptors[1], ordering: .sequentiallyConsistent)
        // SIGTSTP too, so a suspend from outside (kill -TSTP) goes through the run loop, which restores the terminal first.
        for signal in terminationSignals + [SIGWINCH, SIGTSTP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { relaySignal($0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            guard sigaction(signal, &action, nil) == 0 else {
                throw .systemCall(name: "sigaction", errorNumber: errno)
            }
        }
    }

    /// The termination signal caught, if any; it stays set until the program ends.
    public static var pendingTerminationSignal: Int32? {
        let signal = caughtTerminationSignal.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? nil : signal
    }

    /// Whether SIGWINCH arrived since the last call; reading clears it.
    public static func takeResize() -> Bool {
        caughtResize.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Whether SIGTSTP arrived since the last call; reading clears it.
    public static func takeSuspend() -> Bool {
        caughtSuspend.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Empties the self-pipe after a wake-up (wraps `read`).
    public static func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let descriptor = wakeDescriptor
        guard descriptor >= 0 else { return }
        while read(descriptor, &buffer, buffer.count) > 0 {}
    }
}
