import BadgeTerminal
import CNCursesW

/// Messages to standard error, one line each, prefixed with the program's name.
enum Diagnostics {
    /// Writes `badgebar: message` and a newline to standard error, never hanging on a stream that does not read.
    ///
    /// A standard error that takes nothing (a stalled terminal, a full pipe) gets at most
    /// ``MessageWriter/defaultWaitSeconds``, and no wait at all once a termination signal has arrived:
    /// the message is dropped rather than the exit held up.
    ///
    /// - Parameters:
    ///   - message: The message, without the program's name.
    ///   - seconds: The longest wait for a standard error that takes nothing, such as what is left of the
    ///     way out's bound.
    static func report(_ message: String, waitingAtMostSeconds seconds: Double = MessageWriter.defaultWaitSeconds) {
        MessageWriter.write(
            Array("badgebar: \(message)\n".utf8), to: .standardError, waitingAtMostSeconds: seconds)
    }

    /// Writes text to standard output (or another descriptor) as it is, and whether all of it was written
    /// (wraps `write`).
    ///
    /// A write that a termination signal interrupts (``SignalRelay``) is not tried again: the program is to end.
    @discardableResult
    static func print(_ text: String, to output: SystemDescriptor = .standardOutput) -> Bool {
        writeAll(text, to: output.rawValue)
    }

    /// Writes every byte of a text to a file descriptor, again after a short write or an interruption by a signal that
    /// does not end the program (wraps `write`).
    private static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && Platform.errorNumber == EINTR && SignalRelay.terminationSignal == nil { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
