import BadgeKit
import CNCursesW

/// The terminal line mode holds: no screen, keys from a terminal if there is one.
///
/// Line mode writes plain lines through an ``OutputSink`` instead of painting a
/// screen, so it never writes to the terminal: no alternate screen, no
/// cursor movement, no escape sequence. On a terminal it reads keys as the full
/// screen does, in raw mode with no echo (output processing stays on, so each
/// line starts at the left edge), and puts the modes back on every way out:
/// quit, a signal, a hang-up, suspend, a child given the terminal, and a crash
/// (a handler of the crash signals). The same ``ProgramRunner`` drives it, its
/// keyboard waited for in the run's one `poll`, so signals, suspend and exit
/// statuses are the full screen's.
public final class LineModeTerminal: TerminalHolder {
    /// Where line mode reads keys from.
    public enum KeySource: Sendable, Equatable {
        /// No keys: standard input carries lines of commands, or nothing.
        case none
        /// Standard input, a terminal.
        case standardInput
        /// The controlling terminal (`/dev/tty`), for when standard input carries counts: no keys when there is
        /// none, or when the program is not in its foreground.
        case controllingTerminal
        /// Another terminal, such as a pseudo-terminal; it stays the caller's.
        case terminal(SystemDescriptor)
    }

    /// No colour (nothing is drawn), and whether the locale is UTF-8.
    public let capabilities: TerminalCapabilities
    private let clock = MonotonicClock()
    /// The terminal keys come from, if any.
    private let keyboard: TerminalDevice?
    /// The controlling terminal, kept to lend to a child when keys come from nowhere (commands on a pipe): never
    /// read, never put in raw mode.
    private let lentTerminal: TerminalDevice?
    private var keys: KeyReader
    /// Whether the keyboard is in raw mode, so its modes must be put back.
    private var holdsKeyboard = false
    /// Suspend and continue, and whether a child has the terminal.
    private var jobs = JobControl()
    private var isClosed = false

    /// Whether keys are read from a terminal.
    public var readsKeys: Bool { keyboard != nil }

    /// Whether there is a terminal to hand to a child run in the foreground: the keyboard, or else the
    /// controlling terminal, when asked for and the program's job is in its foreground.
    public var handsOverTerminal: Bool { childTerminal != nil }

    /// The terminal a child run in the foreground gets.
    private var childTerminal: TerminalDevice? { keyboard ?? lentTerminal }

    /// Finds the keyboard, if asked for one, and puts it in raw mode.
    ///
    /// Signals reach the run loop only once the signal handlers are installed, which must come first.
    ///
    /// - Parameters:
    ///   - source: Where keys come from.
    ///   - lendsControllingTerminal: Whether to keep the controlling terminal (`/dev/tty`) for a child run in the
    ///     foreground when keys do not come from it, if the program's job is in its foreground
    ///     (``handsOverTerminal``); its modes are left alone, and put back as they were after the child.
    ///   - escapeDelaySeconds: How long a lone Esc waits for the rest of a sequence (default 25 ms), unless ESCDELAY
    ///     says otherwise.
    ///   - environment: Looks up environment variables (ESCDELAY).
    /// - Throws: ``TerminalError`` when standard input or the terminal given is not a terminal or its modes
    ///   cannot be read or set; a controlling terminal that cannot be used means no keys, not an error.
    public init(
        keys source: KeySource, lendsControllingTerminal: Bool = false,
        escapeDelaySeconds: Double = 0.025,
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws(TerminalError) {
        TerminalLocale.adopt()
        switch source {
        case .none:
            keyboard = nil
        case .standardInput:
            keyboard = try TerminalDevice(keyboard: .standardInput, owned: false)
        case .controllingTerminal:
            // For keys, not when the program is in its background.
            keyboard = Self.openControllingTerminal { $0.isForeground }
        case .terminal(let descriptor):
            keyboard = try TerminalDevice(keyboard: descriptor, owned: false)
        }
        // To lend, only when the program's job is its foreground job (`tcgetpgrp` is `getpgrp`).
        lentTerminal =
            keyboard == nil && lendsControllingTerminal ? Self.openControllingTerminal { $0.leadsForegroundJob } : nil
        capabilities = TerminalCapabilities(colorDepth: .monochrome, usesUTF8: TerminalLocale.usesUTF8)
        keys = KeyReader(escapeDelaySeconds: escapeDelaySeconds, environment: environment)
        guard let keyboard else { return }
        do {
            try CrashGuard.install(
                resetSequence: [], savedModes: keyboard.savedModes, descriptor: keyboard.input.rawValue)
            try hold()
        } catch {
            CrashGuard.uninstall()
            keyboard.close()
            throw .system(error)
        }
    }

    /// The controlling terminal (wraps `open`), or `nil` when there is none (a session of its own, as under
    /// `setsid`) or the program may not use it as `usable` says.
    private static func openControllingTerminal(if usable: (TerminalDevice) -> Bool) -> TerminalDevice? {
        guard let terminal = try? SystemDescriptor.open("/dev/tty", O_RDONLY | O_NOCTTY) else { return nil }
        guard let device = try? TerminalDevice(keyboard: terminal, owned: true) else {
            terminal.close()
            return nil
        }
        guard usable(device) else {
            device.close()
            return nil
        }
        return device
    }

    deinit {
        close()
    }

    /// Seconds since the terminal was set up, on a clock that never goes backwards.
    public var now: Double { clock.now }

    /// The reactor of a run in line mode: one `poll` for the keyboard, the signals and the runner's descriptors.
    package var reactor: SystemReactor { SystemReactor(clock: clock, terminal: self) }

    /// Raw mode on the keyboard: no echo, no line editing, no signals from keys; lines still end as lines.
    private func hold() throws(SystemError) {
        guard let keyboard else { return }
        try keyboard.enterRawMode(keepingOutputProcessing: true)
        holdsKeyboard = true
    }

    /// Puts the keyboard's modes back as they were, if they were changed.
    private func release() {
        guard holdsKeyboard, let keyboard else { return }
        keyboard.restoreModes()
        holdsKeyboard = false
    }

    /// Raw mode again after the shell or a child had the terminal; `false` when the program is in the background.
    private func holdAgain() -> Bool {
        guard let keyboard else { return true }
        guard keyboard.isForeground else { return false }
        return (try? hold()) != nil
    }

    /// Puts the keyboard's modes back and stops the job with SIGTSTP; once continued in the foreground, raw mode again.
    public func suspend(from origin: SuspendOrigin) -> Int32? {
        let wholeJob = origin == .key && keyboard?.leadsForegroundJob == true
        return jobs.suspend(wholeJob: wholeJob, release: release, holdAgain: holdAgain)
    }

    /// Puts the keyboard's modes back, opens the keyboard's terminal or the one lent again for the child (read
    /// and write, blocking; `nil` without), and makes the child's group its foreground group and continues it.
    ///
    /// - Throws: ``SystemError`` when there is no terminal to hand over (`ENOTTY`) or `tcsetpgrp` fails.
    public func handOver(startingChild startChild: (SystemDescriptor?) -> pid_t?) throws(SystemError) {
        release()
        let opened = childTerminal?.openForChild()
        let group = startChild(opened)
        opened?.close()
        guard let group else { return }
        guard let terminal = childTerminal else { throw SystemError(call: "tcsetpgrp", errorNumber: ENOTTY) }
        try terminal.setForegroundGroup(group)
        SignalDisposition.send(SIGCONT, toGroup: group)
    }

    /// Takes the terminal back: after a child, the program's group the foreground group again and the keyboard
    /// in raw mode, or a lent terminal's modes back as they were when the program started, as a shell does
    /// after a job; after a stop from outside, raw mode again, or stops again if continued in the background.
    public func takeBack(after occasion: TakeBackOccasion) throws(SystemError) {
        switch occasion {
        case .child:
            let failure = Result { () throws(SystemError) in try childTerminal?.setForegroundGroup(getpgrp()) }
            _ = holdAgain()
            if let lentTerminal, lentTerminal.leadsForegroundJob {
                lentTerminal.restoreModes()
            }
            try failure.get()
        case .stop:
            jobs.continueAfterStop(holdAgain: holdAgain)
        }
    }

    /// Puts the keyboard's modes back and closes what was opened; safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        release()
        if let keyboard {
            keyboard.close()
            CrashGuard.uninstall()
        }
        lentTerminal?.close()
    }
}

extension LineModeTerminal: WaitParticipant {
    /// Asks to wait for the keyboard, if there is one and it is the program's to read.
    package func prepareToWait(readingKeys: Bool) -> TerminalInterest {
        TerminalInterest(keyboard: readingKeys ? keyboard?.input : nil, keyDeadline: keys.deadline)
    }

    /// Reads the keyboard into the decoder.
    package func readKeys(at time: Double) -> Bool {
        guard let keyboard else { return true }
        return keys.read(from: keyboard.input, at: time)
    }

    /// The keys decoded so far.
    package func takeKeys(at time: Double) -> [Wakeup] {
        keys.takeKeys(at: time)
    }

    /// A termination signal that arrived while the program was stopped inside a call.
    package var pendingTermination: Int32? { jobs.pendingTermination }
}
