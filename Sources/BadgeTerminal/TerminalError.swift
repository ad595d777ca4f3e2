import CNCursesW

/// Why the terminal could not be set up or used, in words a user can act on.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard output is not a terminal (a pipe or a file).
    case outputNotATerminal
    /// Standard input is not a terminal, so keys cannot be read.
    case inputNotATerminal
    /// TERM is not set.
    case terminalTypeUnset
    /// TERM names a terminal that cannot position the cursor, such as `dumb`.
    case terminalTypeUnusable(String)
    /// terminfo has no description of the terminal TERM names.
    case cannotStart(String)
    /// A file to read could not be opened.
    case cannotOpen(path: String, errorNumber: Int32)
    /// No terminal could be opened for keys (standard input is taken by live counts).
    case noTerminalForKeys(SystemError)
    /// No terminal could be opened to draw on (standard output carries events).
    case noTerminalToDrawOn(SystemError)
    /// A system call failed.
    case systemCall(name: String, errorNumber: Int32)
    /// A system call failed.
    case system(SystemError)

    /// The problem in one line, with what to do about it.
    public var description: String {
        switch self {
        case .outputNotATerminal:
            return "standard output is not a terminal; run badgebar in a terminal window"
        case .inputNotATerminal:
            return "standard input is not a terminal, so keys cannot be read; run badgebar in a terminal window"
        case .terminalTypeUnset:
            return "TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
        case .terminalTypeUnusable(let name):
            return "the terminal type '\(name)' cannot draw a full-screen program; try TERM=xterm-256color"
        case .cannotStart(let name):
            return "the terminal type '\(name)' is not in the terminfo database; try TERM=xterm-256color"
        case .cannotOpen(let path, let errorNumber):
            return "cannot open '\(path)': \(String(cString: strerror(errorNumber)))"
        case .noTerminalForKeys(let error):
            return "cannot open /dev/tty to read keys while standard input carries the counts (\(error.reason))"
        case .noTerminalToDrawOn(let error):
            return "cannot open /dev/tty to draw on while standard output carries the events (\(error.reason))"
        case .systemCall(let name, let errorNumber):
            return "\(name) failed: \(String(cString: strerror(errorNumber)))"
        case .system(let error):
            return "\(error.call) failed: \(error.reason)"
        }
    }
}
