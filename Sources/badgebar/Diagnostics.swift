import Glibc

/// Messages to standard error, one line each, prefixed with the program's name.
enum Diagnostics {
    /// Writes `badgebar: message` and a newline to standard error (wraps `write`).
    static func report(_ message: String) {
        let line = "badgebar: \(message)\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Writes text to standard output as it is (wraps `write`).
    static func print(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
    }
}
