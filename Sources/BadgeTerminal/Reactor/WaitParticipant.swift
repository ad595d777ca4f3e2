import BadgeKit

/// A real terminal's share of the one wait: its keyboard, what it writes itself, its size and its job control.
///
/// ``LiveTerminal`` and ``LineModeTerminal`` register with a `SystemReactor`,
/// which polls their descriptors with the runner's in the same `poll`.
package protocol WaitParticipant: AnyObject {
    /// Readies for a wait, writing what the terminal takes, and says what to wait for.
    ///
    /// - Parameter readingKeys: Whether the keyboard is the program's to read now.
    func prepareToWait(readingKeys: Bool) -> TerminalInterest
    /// Reads what the keyboard has, at a time on the reactor's clock; `false` when it hung up or failed.
    func readKeys(at time: Double) -> Bool
    /// The keys and mouse reports decoded so far, with a lone Esc let go of once its delay passed.
    func takeKeys(at time: Double) -> [Wakeup]
    /// Writes more where the wait found room, and says when writing to the terminal failed for good.
    ///
    /// - Parameter writable: For each of ``TerminalInterest/writers``, whether it can take more.
    func wrote(writable: [Bool]) -> [Wakeup]
    /// The resize SIGWINCH means, or `nil` when the size did not change or does not matter.
    func resized() -> InputEvent?
    /// A termination signal that arrived while the program was stopped inside a call, for the next wait to report.
    var pendingTermination: Int32? { get }
}

extension WaitParticipant {
    /// Nothing more: the terminal writes nothing of its own.
    package func wrote(writable: [Bool]) -> [Wakeup] { [] }

    /// Nothing: a new size means nothing when nothing is drawn.
    package func resized() -> InputEvent? { nil }
}

/// What a terminal waits for in one turn.
package struct TerminalInterest {
    /// The keyboard, or `nil` while there is none to read (no terminal, or a child has it).
    package var keyboard: SystemDescriptor?
    /// The terminal's own descriptors with output waiting (`nil` for one that has none now).
    package var writers: [SystemDescriptor?]
    /// When a lone Esc is let go of as a key, if one is waiting.
    package var keyDeadline: Double?
    /// Events due before any wait, such as a recording that failed: the wait returns them at once.
    package var dueEvents: [Wakeup]

    /// Creates what a terminal waits for.
    package init(
        keyboard: SystemDescriptor?, writers: [SystemDescriptor?] = [], keyDeadline: Double?,
        dueEvents: [Wakeup] = []
    ) {
        self.keyboard = keyboard
        self.writers = writers
        self.keyDeadline = keyDeadline
        self.dueEvents = dueEvents
    }
}
