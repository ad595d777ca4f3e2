import BadgeKit

/// Why live counts cannot be read from a source, found before the screen starts.
public enum CountsSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path could not be opened (it does not exist, or may not be read).
    case cannotOpen(path: String, SystemError)
    /// The path is a directory.
    case isDirectory(path: String)
    /// The path is the terminal the program runs in, whose keys it reads.
    case isProgramTerminal(path: String)
    /// Standard input (`-`) is the terminal, so the counts would be typed keys.
    case standardInputIsTerminal

    /// The problem in one line, with what to do about it.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let error):
            return "cannot open '\(Sanitizer.printable(path))': \(error.reason)"
        case .isDirectory(let path):
            return "cannot read counts from '\(Sanitizer.printable(path))': it is a directory; "
                + "name a file or a FIFO, or - for standard input"
        case .isProgramTerminal(let path):
            return "cannot read counts from '\(Sanitizer.printable(path))': it is the terminal badgebar runs in, "
                + "whose keys it reads; give the counts through a file, a FIFO or a pipe"
        case .standardInputIsTerminal:
            return "--counts-from -: standard input is the terminal; pipe the counts in, "
                + "e.g. 'script | badgebar --counts-from -'"
        }
    }
}
