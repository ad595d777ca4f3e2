import BadgeKit

/// Why a recording stopped part-way: the file refused a write, or its reader fell behind.
///
/// Whatever the recorder had not written when it stopped is lost; this value is
/// how that loss is reported, never silently.
public struct RecordingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Cause: Equatable, Sendable {
        /// A write failed: `ENOSPC` on a full disk, `EPIPE` when a pipe's reader went away, `EFBIG`, `EIO`...
        case writeFailed(SystemError)
        /// The reader took too little for too long: more than this many bytes waited to be written.
        case readerFellBehind(bufferLimitBytes: Int)
        /// At the end, the reader took nothing for this many seconds and this many bytes were never written.
        case readerStalledAtEnd(seconds: Double, unwrittenBytes: Int)
    }

    /// The recording's path.
    public var path: String
    /// What went wrong.
    public var cause: Cause
    /// Whether the recording ends in a cut line: a pipe's reader got part of a line, or a file could not be cut back.
    public var endsInCutLine: Bool

    /// Creates a failure.
    public init(path: String, cause: Cause, endsInCutLine: Bool = false) {
        self.path = path
        self.cause = cause
        self.endsInCutLine = endsInCutLine
    }

    /// The failure in one line, naming the file and the error, for the status line and standard error.
    public var message: String {
        var text = "recording to '\(Sanitizer.printable(path))' stopped: "
        switch cause {
        case .writeFailed(let error):
            text += error.reason
        case .readerFellBehind(let limit):
            text += "its reader fell more than \(Self.size(limit)) behind"
        case .readerStalledAtEnd(let seconds, let unwritten):
            text +=
                "its reader took nothing for \(Self.seconds(seconds)), and the last \(Self.size(unwritten)) were lost"
        }
        if endsInCutLine {
            text += "; its last line is cut"
        }
        return text
    }

    /// The same as ``message``.
    public var description: String { message }

    /// A byte count for a message: `8 MiB`, `300 KiB` or `512 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// Seconds for a message, with at most one decimal: `2 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
