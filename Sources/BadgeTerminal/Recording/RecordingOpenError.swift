import BadgeKit

/// Why a recording could not be started, found before anything is written.
public enum RecordingOpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is a terminal (such as `/dev/tty`): the recording would be written onto a screen.
    case isTerminal(path: String)
    /// The path is a FIFO that no program has open for reading.
    case noReader(path: String)
    /// The path could not be opened or created for writing.
    case cannotOpen(path: String, SystemError)

    /// The path the error is about.
    public var path: String {
        switch self {
        case .isTerminal(let path), .noReader(let path), .cannotOpen(let path, _): return path
        }
    }

    /// The problem in one line, with what to do about it.
    public var description: String {
        let quoted = "'\(Sanitizer.printable(path))'"
        switch self {
        case .isTerminal:
            return "cannot record to \(quoted): it is a terminal, so the recording would be written onto a screen; "
                + "name a file, e.g. demo.cast"
        case .noReader:
            return "cannot record to the FIFO \(quoted): nothing is reading it; start its reader first, "
                + "e.g. 'cat \(Sanitizer.printable(path)) > demo.cast &'"
        case .cannotOpen(_, let error):
            return "cannot open \(quoted): \(error.reason)"
        }
    }
}
