import Glibc

/// Reads lines from a pipe, FIFO or file without ever blocking, for live counts.
///
/// Poll ``descriptor`` with the terminal; when it is readable, ``readLines()``
/// returns the complete lines that arrived. A line longer than
/// ``maximumLineBytes`` is cut there, so no input can grow memory without bound.
public final class LineReader {
    /// The longest line kept, in bytes.
    public static let maximumLineBytes = 1024

    /// The descriptor to poll, or -1 once the input has ended.
    public private(set) var descriptor: Int32
    private var pending: [UInt8] = []
    private let ownsDescriptor: Bool
    /// The descriptor's status flags before they were made non-blocking, put back when done.
    private let originalFlags: Int32
    /// The most read in one call, so a writer that never pauses cannot hold up the run loop.
    public static let maximumBytesPerRead = 65_536

    /// Opens a path for reading (wraps `stat` and `open` with `O_NONBLOCK`); `-` means standard input.
    ///
    /// A FIFO is opened for reading and writing, so it never reads as ended: a
    /// writer may come before or after the program starts, and one writer after
    /// another, and the toolbar stays up between them.
    ///
    /// - Throws: ``TerminalError/cannotOpen(path:errorNumber:)`` when the path cannot be opened.
    public init(path: String) throws(TerminalError) {
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            var status = stat()
            let isFIFO = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
            let opened = open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC)
            guard opened >= 0 else { throw .cannotOpen(path: path, errorNumber: errno) }
            descriptor = opened
            ownsDescriptor = true
        }
        originalFlags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, originalFlags | O_NONBLOCK)
    }

    deinit {
        finish()
    }

    /// Stops reading: closes what was opened, and gives standard input its blocking mode back.
    private func finish() {
        guard descriptor >= 0 else { return }
        if ownsDescriptor {
            close(descriptor)
        } else {
            _ = fcntl(descriptor, F_SETFL, originalFlags)
        }
        descriptor = -1
    }

    /// The complete lines that have arrived, without their line ends (wraps `read`).
    ///
    /// Reads at most ``maximumBytesPerRead`` bytes; more waiting makes the
    /// descriptor readable again at once. At the end of the input a last line
    /// without a line end is returned too.
    public func readLines() -> [String] {
        guard descriptor >= 0 else { return [] }
        var lines: [String] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var budget = Self.maximumBytesPerRead
        while budget > 0 {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                split(chunk[0..<count], into: &lines)
                budget -= count
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EINTR) {
                break
            }
            // End of input, or an error reading it: whatever is left is the last line.
            if !pending.isEmpty {
                lines.append(String(decoding: pending, as: UTF8.self))
                pending.removeAll()
            }
            finish()
            break
        }
        return lines
    }

    private func split(_ bytes: ArraySlice<UInt8>, into lines: inout [String]) {
        for byte in bytes {
            if byte == 0x0A {
                lines.append(String(decoding: pending, as: UTF8.self))
                pending.removeAll(keepingCapacity: true)
            } else if pending.count < Self.maximumLineBytes {
                pending.append(byte)
            }
        }
    }
}
