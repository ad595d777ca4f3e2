import BadgeKit

/// What woke the run loop's wait, as the reactor reports it.
///
/// The runner turns each into what the program is told (`ProgramEvent`), or
/// acts on it itself: a termination, a suspend, a child's exit, a ready descriptor.
public enum Wakeup: Sendable, Equatable {
    /// A key, a mouse report, a change of size or of focus.
    case input(InputEvent)
    /// A signal the program asked to receive as an event, such as SIGUSR1 (see `ProgramEvent.signal(_:)`).
    case signal(Int32)
    /// A signal that ends the program: the first one that arrived.
    case terminate(Int32)
    /// Ctrl-Z from outside (SIGTSTP): suspend.
    case suspendRequested
    /// The program was continued after a stop from outside (SIGCONT).
    case continued
    /// A child process changed state (SIGCHLD).
    case childStateChanged
    /// A watched descriptor is readable, at its end, or in error.
    case ready(SystemDescriptor)
    /// The terminal went away: its input hung up or writing to it failed for good.
    case hangup
    /// Something the user should know about, such as a recording that stopped.
    case problem(String)
}
