import CNCursesW

/// The terminal the program runs in: where keys come from, where output goes, its modes and its size.
///
/// Output goes through a description of the terminal of its own, opened
/// non-blocking, so a terminal that stops reading can never block the program,
/// and the shell's descriptors keep their flags. Keys are read from standard
/// input, or from `/dev/tty` when standard input carries data.
final class TerminalDevice {
    /// Where keys are read from.
    let input: SystemDescriptor
    /// Where output is written: non-blocking when ``outputIsNonBlocking``.
    let output: SystemDescriptor
    /// Whether writes to ``output`` return at once when the terminal takes nothing.
    let outputIsNonBlocking: Bool
    /// The modes the terminal had before the program changed them, put back on every way out.
    let savedModes: termios
    private let ownsInput: Bool
    private var isClosed = false

    /// Finds the terminal and saves its modes (wraps `isatty`, `open`, `tcgetattr`, `ttyname` and `dup`).
    ///
    /// - Parameters:
    ///   - keysFromTerminalDevice: Read keys from `/dev/tty`, since standard input carries data.
    ///   - outputToTerminalDevice: Draw on `/dev/tty`, since standard output carries data.
    /// - Throws: ``TerminalError`` when standard output or the keyboard is not a terminal.
    init(keysFromTerminalDevice: Bool, outputToTerminalDevice: Bool = false) throws(TerminalError) {
        var screen = SystemDescriptor.standardOutput
        if outputToTerminalDevice {
            do {
                screen = try SystemDescriptor.open("/dev/tty", O_WRONLY | O_NOCTTY)
            } catch {
                throw .noTerminalToDrawOn(error)
            }
        }
        defer { if outputToTerminalDevice { screen.close() } }
        guard screen.isTerminal else { throw .outputNotATerminal }
        var keyboard = SystemDescriptor.standardInput
        if keysFromTerminalDevice {
            do {
                keyboard = try SystemDescriptor.open("/dev/tty", O_RDONLY | O_NOCTTY)
            } catch {
                throw .noTerminalForKeys(error)
            }
        }
        guard keyboard.isTerminal else {
            if keysFromTerminalDevice { keyboard.close() }
            throw .inputNotATerminal
        }
        let modes: termios
        do {
            modes = try Self.modes(of: keyboard)
        } catch {
            if keysFromTerminalDevice { keyboard.close() }
            throw error
        }
        let (output, nonBlocking) = Self.openOutput(for: screen)
        self.input = keyboard
        self.ownsInput = keysFromTerminalDevice
        self.savedModes = modes
        self.output = output
        self.outputIsNonBlocking = nonBlocking
    }

    /// Uses another terminal for keys and output, such as a pseudo-terminal (wraps `isatty` and `tcgetattr`).
    ///
    /// The descriptor stays the caller's: closing the device does not close it.
    init(terminal: SystemDescriptor) throws(TerminalError) {
        guard terminal.isTerminal else { throw .outputNotATerminal }
        let modes = try Self.modes(of: terminal)
        let (output, nonBlocking) = Self.openOutput(for: terminal)
        self.input = terminal
        self.ownsInput = false
        self.savedModes = modes
        self.output = output
        self.outputIsNonBlocking = nonBlocking
    }

    /// Uses a terminal for keys only, as line mode does: output goes elsewhere, a line at a time (wraps `tcgetattr`).
    ///
    /// - Parameters:
    ///   - keyboard: The terminal keys come from.
    ///   - owned: Whether closing the device closes it.
    init(keyboard: SystemDescriptor, owned: Bool) throws(TerminalError) {
        guard keyboard.isTerminal else { throw .inputNotATerminal }
        self.savedModes = try Self.modes(of: keyboard)
        self.input = keyboard
        self.ownsInput = owned
        self.output = keyboard
        self.outputIsNonBlocking = false
    }

    /// A terminal's modes as they are now (wraps `tcgetattr`).
    private static func modes(of terminal: SystemDescriptor) throws(TerminalError) -> termios {
        var modes = termios()
        do {
            try SystemCall.retrying("tcgetattr") { tcgetattr(terminal.rawValue, &modes) }
        } catch {
            throw .system(error)
        }
        return modes
    }

    /// Opens a terminal again, non-blocking, as a description of the program's own.
    ///
    /// Wraps `ttyname` and `open`; if the terminal has no name here (no `/dev`),
    /// it falls back to `/proc/self/fd/N`, and last to a copy of the descriptor
    /// (`fcntl(F_DUPFD_CLOEXEC)`, closed on exec like the others), which shares the
    /// shell's description and so stays blocking (signals still interrupt it).
    static func openOutput(for terminal: SystemDescriptor) -> (SystemDescriptor, Bool) {
        var candidates: [String] = []
        if let name = ttyname(terminal.rawValue) {
            candidates.append(String(cString: name))
        }
        candidates.append("/proc/self/fd/\(terminal.rawValue)")
        for path in candidates {
            if let descriptor = try? SystemDescriptor.open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK),
                descriptor.isTerminal
            {
                return (descriptor, true)
            }
        }
        let copy = Platform.fcntl(terminal.rawValue, F_DUPFD_CLOEXEC, 0)
        return (SystemDescriptor(rawValue: copy >= 0 ? copy : terminal.rawValue), false)
    }

    /// Switches the terminal to raw mode: no echo, no line editing, no signals from keys, and by default no output processing.
    ///
    /// Wraps `tcsetattr`. Output processing is off for the full screen because
    /// ncurses, writing into memory, cannot see the terminal's modes and assumes
    /// none; line mode keeps it, so each line it writes starts at the left edge.
    /// The change takes effect at once (`TCSANOW`), so keys typed ahead are kept
    /// and a stalled terminal cannot hold it up.
    ///
    /// - Parameter keepingOutputProcessing: Whether a newline written still returns the carriage (`OPOST`).
    func enterRawMode(keepingOutputProcessing: Bool = false) throws(SystemError) {
        var modes = savedModes
        modes.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        if !keepingOutputProcessing {
            modes.c_oflag &= ~tcflag_t(OPOST)
        }
        modes.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &modes.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        try SystemCall.retrying("tcsetattr") { tcsetattr(input.rawValue, TCSANOW, &modes) }
    }

    /// Puts the saved modes back (wraps `tcsetattr`); a failure is returned, since there is nothing more to try.
    @discardableResult
    func restoreModes() -> SystemError? {
        var modes = savedModes
        do {
            try SystemCall.retrying("tcsetattr") { tcsetattr(input.rawValue, TCSANOW, &modes) }
            return nil
        } catch {
            return error
        }
    }

    /// The size the kernel reports for the terminal (wraps `ioctl(TIOCGWINSZ)`), or `nil` if it reports none.
    var kernelSize: TerminalSize? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cnc_terminal_size(output.rawValue, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows))
    }

    /// Whether the program's process group owns the terminal, so it may change the terminal's modes (wraps `tcgetpgrp`).
    ///
    /// A terminal that is not the program's controlling terminal (a pseudo-terminal
    /// it opened) has no job control, and counts as the program's.
    var isForeground: Bool {
        let group = tcgetpgrp(input.rawValue)
        return group < 0 ? Platform.errorNumber == ENOTTY : group == getpgrp()
    }

    /// Whether the program's process group is this terminal's foreground group (wraps `tcgetpgrp` and `getpgrp`).
    ///
    /// Then the program is in the job the terminal would stop on Ctrl-Z. Unlike
    /// ``isForeground``, a terminal with no job control for the program counts as not.
    var leadsForegroundJob: Bool {
        tcgetpgrp(input.rawValue) == getpgrp()
    }

    /// Makes a process group the terminal's foreground group (wraps `tcsetpgrp`).
    ///
    /// The program may be in the background when it does (taking the terminal
    /// back from a child), which would stop it with SIGTTOU, so SIGTTOU is
    /// blocked around the call, as shells do.
    ///
    /// A terminal that is not the program's controlling terminal (a pseudo-terminal it opened) has no job
    /// control, as for ``isForeground``: there is nothing to hand over, and that is no failure.
    ///
    /// - Throws: ``SystemError`` when the terminal cannot be handed over, such as a group that is gone or in
    ///   another session (`EPERM`).
    func setForegroundGroup(_ group: pid_t) throws(SystemError) {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        do {
            try SystemCall.retrying("tcsetpgrp") { tcsetpgrp(input.rawValue, group) }
        } catch  where error.errorNumber == ENOTTY {
            return
        }
    }

    /// Closes what was opened (wraps `close`); the saved modes are not touched here.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if ownsInput { input.close() }
        if output != input && output.rawValue > 2 { output.close() }
    }

    deinit {
        close()
    }
}
