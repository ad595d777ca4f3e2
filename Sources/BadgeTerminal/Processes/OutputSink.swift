import BadgeKit
import CNCursesW

/// Lines on their way to a file, pipe or standard output, written as fast as the reader takes them, never blocking.
///
/// The runner polls the sink's descriptor while lines wait, and offers them
/// every turn. Lines beyond a bound are dropped whole (never half a line), and
/// counted; a reader that went away (`EPIPE`) or any other write error ends
/// the sink. Either is reported once, as a `SinkProblem`, for the program to show.
public final class OutputSink {
    /// Where the lines go, as the user named it, for messages.
    public let name: String
    /// The descriptor the lines go to, polled for room and for its reader going away.
    ///
    /// The sink never changes its open file description: a pipe or FIFO is written through a description of
    /// the sink's own (see ``init(descriptor:name:owned:bufferLimitBytes:)``).
    public let descriptor: SystemDescriptor
    /// The most bytes kept waiting before lines are dropped.
    public let bufferLimitBytes: Int
    /// Why writing ended, if it did.
    public var failure: SystemError? { writer.failure }

    private let writer: NonBlockingWriter
    private var droppedSinceReport = 0
    private let ownsDescriptor: Bool

    /// The bound on waiting bytes by default: a reader may lag by this much before lines are dropped.
    public static let defaultBufferLimitBytes = 1 << 20

    /// Writes to a descriptor without waiting, and without changing its open file description.
    ///
    /// A pipe or FIFO is shared with every program that holds it, and `O_NONBLOCK` set on it would make their
    /// writes fail with `EAGAIN` (after a `SIGKILL` too), so the sink writes through a way of its own: on Linux
    /// a description of its own of the same pipe (`/proc/self/fd/N`), made non-blocking; a socket with `send`
    /// and `MSG_DONTWAIT`; a regular file or a device such as `/dev/null` as it is. Where a pipe cannot be
    /// opened again (macOS, which has no `/proc`), the sink polls it for room first and writes at most
    /// `PIPE_BUF` bytes at once, which a pipe with room takes whole; another writer filling the pipe between
    /// the two can still make that write wait.
    ///
    /// - Parameters:
    ///   - descriptor: Where to write; it stays the caller's unless `owned`.
    ///   - name: The destination for messages, such as `events.jsonl` or `standard output`.
    ///   - owned: Whether the sink closes the descriptor when done.
    ///   - bufferLimitBytes: The bound on waiting bytes.
    public init(
        descriptor: SystemDescriptor, name: String, owned: Bool = false,
        bufferLimitBytes: Int = OutputSink.defaultBufferLimitBytes
    ) {
        self.descriptor = descriptor
        writer = NonBlockingWriter(access: .writing(descriptor))
        self.name = name
        self.ownsDescriptor = owned
        self.bufferLimitBytes = bufferLimitBytes
    }

    /// Opens a path for appending lines (wraps `open` and `fstat`), creating it if needed.
    ///
    /// A FIFO must have a reader already; the terminal the program runs in is refused
    /// (its screen is the program's), another terminal is fine.
    ///
    /// - Throws: ``OpenError``.
    public convenience init(path: String, bufferLimitBytes: Int = OutputSink.defaultBufferLimitBytes)
        throws(OpenError)
    {
        let descriptor: SystemDescriptor
        do {
            // O_NOCTTY: opening a terminal must not make it the controlling one before it is refused.
            descriptor = try SystemDescriptor.open(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_NOCTTY)
        } catch {
            if error.errorNumber == ENXIO { throw .noReader(path: path) }
            throw .cannotOpen(path: path, error)
        }
        let device = (try? descriptor.status())?.st_rdev ?? 0
        if descriptor.isProgramTerminal(
            device: device, terminalsInUse: [.standardInput, .standardOutput, .standardError])
        {
            descriptor.close()
            throw .isProgramTerminal(path: path)
        }
        self.init(descriptor: descriptor, name: path, owned: true, bufferLimitBytes: bufferLimitBytes)
    }

    /// Why a sink cannot be opened, found before the screen starts.
    public enum OpenError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path could not be opened or created.
        case cannotOpen(path: String, SystemError)
        /// The path is a FIFO that nothing reads yet.
        case noReader(path: String)
        /// The path is the terminal the program draws on.
        case isProgramTerminal(path: String)

        /// The problem in one line, with what to do about it.
        public var description: String {
            switch self {
            case .cannotOpen(let path, let error):
                return "cannot open '\(Sanitizer.printable(path))': \(error.reason)"
            case .noReader(let path):
                return "'\(Sanitizer.printable(path))' is a FIFO that nothing reads; start its reader first"
            case .isProgramTerminal(let path):
                return "'\(Sanitizer.printable(path))' is the terminal badgebar draws on; name a file, a FIFO "
                    + "or another terminal"
            }
        }
    }

    /// Writes to standard output or standard error; a terminal is opened again by its name for the sink.
    ///
    /// A terminal's description is usually shared with the shell and with standard
    /// input, so the sink writes through a description of its own, made non-blocking
    /// (as the terminal's own output is), and leaves the shell's flags alone; a pipe, a socket or a
    /// file is written as ``init(descriptor:name:owned:bufferLimitBytes:)`` says, its description left as it is.
    ///
    /// - Parameters:
    ///   - stream: ``SystemDescriptor/standardOutput`` or ``SystemDescriptor/standardError``.
    ///   - name: The destination for messages, such as `standard output`.
    public static func standardStream(_ stream: SystemDescriptor, name: String) -> OutputSink {
        guard stream.isTerminal else { return OutputSink(descriptor: stream, name: name) }
        let (descriptor, _) = TerminalDevice.openOutput(for: stream)
        return OutputSink(descriptor: descriptor, name: name, owned: descriptor.rawValue > 2)
    }

    deinit {
        close()
    }

    /// Whether the runner watches the sink's pipe or socket for its reader going away even while nothing waits,
    /// so a program that writes seldom (a status bar's stream) ends when its reader does, not at its next write.
    ///
    /// Only for a pipe, a FIFO or a socket (``readerEndIsMonitorable``): the runner polls it for no event, so that
    /// only an end or an error wakes it: a pipe's writing end reports `POLLERR` once its reader has gone, a
    /// socket `POLLHUP` once its peer has closed it (measured on a Unix stream socket: `POLLHUP`; a peer that
    /// only shuts down its writing, and so still reads, reports nothing). A TCP peer that closed reports
    /// nothing until the next write, whose reset then reports `POLLHUP` and `POLLERR` (measured on loopback).
    /// Set it before the run starts.
    package var monitorsReaderEnd = false

    /// Whether the sink writes to a pipe, a FIFO or a socket, whose reader going away the runner can watch for
    /// (wraps `fstat`).
    package var readerEndIsMonitorable: Bool {
        guard let status = try? descriptor.status() else { return false }
        return [.fifo, .socket].contains(FileType(status))
    }

    /// Ends the sink because its reader went away (the pipe or socket reported it), as a failed write would.
    package func readerWentAway() {
        writer.fail(SystemError(call: "write", errorNumber: EPIPE))
    }

    /// Whether lines are waiting for the reader.
    public var hasPending: Bool { writer.hasPending }

    /// Queues a line (a newline is added) and writes what the reader takes now.
    ///
    /// - Returns: `false` when the line was dropped (the bound was reached, or the sink has failed).
    @discardableResult
    public func write(line: String) -> Bool {
        guard failure == nil else { return false }
        var text = line
        let length = text.utf8.count + 1
        if writer.pendingCount + length > bufferLimitBytes {
            flush()
            if writer.pendingCount + length > bufferLimitBytes {
                droppedSinceReport += 1
                return false
            }
        }
        text.withUTF8 { writer.append(UnsafeRawBufferPointer($0)) }
        writer.append([0x0A])
        flush()
        return true
    }

    /// Writes what the reader takes now (wraps `write`); never blocks.
    public func flush() {
        writer.flush()
    }

    /// What to tell the user since the last call, if anything: lines dropped, or the sink ended (once).
    public func takeProblem() -> SinkProblem? {
        if let failure, !reportedFailure {
            reportedFailure = true
            return .closed(errorNumber: failure.errorNumber, reason: failure.reason)
        }
        if droppedSinceReport > 0 && failure == nil {
            defer { droppedSinceReport = 0 }
            return .dropped(lineCount: droppedSinceReport)
        }
        return nil
    }
    private var reportedFailure = false

    /// Writes what is waiting, waiting for the reader at most a while (wraps `poll`), then closes; for the end.
    public func finish(waitingAtMostSeconds seconds: Double) {
        writer.drain(waitingAtMostSeconds: seconds)
        close()
    }

    private var isClosed = false

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        writer.access.close()
        if ownsDescriptor {
            descriptor.close()
        }
    }
}
