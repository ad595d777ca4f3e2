/// A board's file that cannot be used, with the line that says why: `FILE:LINE: message` (exit status 78).
struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The file, as found.
    var path: String
    /// The line, counted from 1.
    var line: Int
    /// What is wrong, in one line.
    var message: String

    /// `FILE:LINE: message`, as compilers say where a mistake is.
    var description: String { "\(path):\(line): \(message)" }
}
