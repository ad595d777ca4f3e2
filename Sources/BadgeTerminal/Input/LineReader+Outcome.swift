import BadgeKit

extension LineReader {
    /// How a call ended.
    public enum ReadOutcome: Equatable, Sendable {
        /// Everything that had arrived was read: poll again.
        case waiting
        /// The call read its most; more may wait, and the descriptor is still readable.
        case more
        /// The input ended, and a last line without a line end was delivered; the reader is done.
        /// Every call after the reader is done returns this too.
        case ended
        /// Reading stopped for good, for a reason to show the user; the reader is done.
        case stopped(Stop)
    }

    /// Why reading stopped before the end of the input.
    public enum Stop: Equatable, Sendable {
        /// No line end came in ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes from a source that is neither a pipe,
        /// a FIFO, a socket nor a regular file (such as `/dev/zero`): not a source of counts.
        case noLineEnd(source: String)
        /// A read failed.
        case readFailed(source: String, SystemError)
        /// A termination signal arrived while waiting for more (``LineReader/readToEnd(interruption:_:)`` only).
        case interrupted(signal: Int32)
        /// The FIFO's path names something else now (it was removed, or replaced by a file): reading it would
        /// read that, again and again.
        case replaced(source: String)

        /// The reason in one line, for the status line.
        public var message: String {
            switch self {
            case .noLineEnd(let source):
                return "\(source) is not a counts source: no line end in "
                    + "\(LineBatch.maximumBytesWithoutLineEnd >> 20) MiB"
            case .readFailed(let source, let error):
                return "stopped reading counts from \(source): \(error.reason)"
            case .interrupted(let signal):
                return "stopped reading counts: \(Platform.name(ofSignal: signal))"
            case .replaced(let source):
                return "stopped reading counts: \(source) is no longer the FIFO it was"
            }
        }
    }
}
