import BadgeKit

/// A run's clock and its one wait, with which everything the run watches is registered.
///
/// ``ProgramRunner`` owns the wait of every turn: it gives the reactor the
/// descriptors of its live sources, sinks, children and file monitors, and the
/// reactor adds what it holds itself (the signal relay's pipe, and the
/// terminal's keyboard, output and recording for a real terminal). The real one
/// is `SystemReactor`, one `poll` on a clock that never goes backwards;
/// ``ScriptedTerminal`` is one on a virtual clock, for tests.
package protocol Reactor: AnyObject {
    /// Seconds on a clock that never goes backwards.
    var now: Double { get }
    /// Waits until something happens or a deadline passes, and returns what happened (nothing at the deadline).
    ///
    /// - Parameters:
    ///   - deadline: The time to return by, on ``now``'s clock, or `nil` to wait for an event however long.
    ///   - interests: The runner's descriptors, and whether keys are the program's to read.
    func wait(until deadline: Double?, for interests: WaitInterests) -> [Wakeup]
    /// Makes what the runner starts the program's children with, once at the start of each run.
    func makeChildProcesses() -> any ChildProcesses
}

/// What the runner waits for in one turn, besides what the reactor holds itself.
package struct WaitInterests: Sendable, Equatable {
    /// Descriptors to wake for when readable (live input, children's pipes, file monitors); those ready come
    /// back as ``Wakeup/ready(_:)``.
    package var readable: [SystemDescriptor] = []
    /// Descriptors to wake for only when they end or fail, polled for no event.
    ///
    /// A pipe's writing end whose reader went away, a socket whose peer closed it: those that do come back
    /// as ``Wakeup/ready(_:)``.
    package var ends: [SystemDescriptor] = []
    /// Descriptors with output waiting, to wake for when they take more (no event: the runner offers them
    /// their output after every wait).
    package var writable: [SystemDescriptor] = []
    /// Whether the keyboard is the program's to read: not while a child run in the foreground has the terminal.
    package var readsKeys = true

    /// Creates the interests of one turn.
    package init(
        readable: [SystemDescriptor] = [], ends: [SystemDescriptor] = [], writable: [SystemDescriptor] = [],
        readsKeys: Bool = true
    ) {
        self.readable = readable
        self.ends = ends
        self.writable = writable
        self.readsKeys = readsKeys
    }
}
