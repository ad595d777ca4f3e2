import BadgeKit
import CNCursesW

/// Reads lines of live counts from a file, FIFO, pipe or standard input, without ever blocking.
///
/// Poll ``descriptor`` with the terminal; when it is readable, ``readLines(_:)``
/// hands out each complete line that arrived as bytes, without its line end (`\n`
/// or `\r\n`), and without making a `String` of it. No input can hold up the run
/// loop or grow memory without bound:
///
/// - one call reads at most ``maximumBytesPerCall`` bytes; more waiting leaves the
///   descriptor readable, for the next turn of the loop;
/// - a line longer than ``maximumLineBytes`` is discarded whole, and reported once;
/// - a source with no line end in ``maximumBytesWithoutLineEnd`` bytes (such as
///   `/dev/zero`) is not a source of counts: reading it stops, with a report.
public final class LineReader {
    /// The longest line delivered, in bytes, without its line end.
    public static let maximumLineBytes = 1024
    /// The most read in one call, so a writer that never pauses cannot hold up the run loop.
    public static let maximumBytesPerCall = 65_536
    /// How much may arrive without a line end before reading stops: 1 MiB.
    public static let maximumBytesWithoutLineEnd = 1 << 20

    /// What a call hands out, in the order it arrived.
    public enum Delivery {
        /// A line, without its line end; the bytes are valid only during the call.
        case line(UnsafeRawBufferPointer)
        /// A line longer than ``LineReader/maximumLineBytes``, discarded: its length without the line end.
        case discardedLine(byteCount: Int)
    }

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
        /// No line end came in ``LineReader/maximumBytesWithoutLineEnd`` bytes: not a source of counts.
        case noLineEnd(source: String)
        /// A read failed.
        case readFailed(source: String, SystemError)
        /// A termination signal arrived while waiting for more (``LineReader/readToEnd(_:)`` only).
        case interrupted(signal: Int32)
        /// The FIFO's path names something else now (it was removed, or replaced by a file): reading it would
        /// read that, again and again.
        case replaced(source: String)

        /// The reason in one line, for the status line.
        public var message: String {
            switch self {
            case .noLineEnd(let source):
                return "\(source) is not a counts source: no line end in "
                    + "\(LineReader.maximumBytesWithoutLineEnd >> 20) MiB"
            case .readFailed(let source, let error):
                return "stopped reading counts from \(source): \(error.reason)"
            case .interrupted(let signal):
                return "stopped reading counts: \(Platform.name(ofSignal: signal))"
            case .replaced(let source):
                return "stopped reading counts: \(source) is no longer the FIFO it was"
            }
        }
    }

    /// The path read, `-` for standard input.
    public let path: String
    /// The descriptor to poll for `POLLIN`; `nil` once the reader is done.
    public private(set) var descriptor: FileDescriptor?
    private let ownsDescriptor: Bool
    /// Whether the source is a FIFO opened again when its writers have gone, rather than ended.
    private var reopensForNextWriter = false
    /// The descriptor's status flags before they were made non-blocking, put back on standard input when done.
    private let originalFlags: Int32
    /// Where reads land, ``maximumBytesPerCall`` bytes.
    private let buffer: UnsafeMutableRawBufferPointer
    /// The start of a line whose end has not arrived: at most one byte more than ``maximumLineBytes`` is kept.
    private var partialLine: [UInt8] = []
    /// How long that line is so far, kept or not.
    private var partialLength = 0
    /// Its last byte, to tell a `\r` before the line end.
    private var partialLastByte: UInt8 = 0

    /// Opens a path for reading without blocking (wraps `stat`, `open`, `fstat` and `fcntl`); `-` means standard input.
    ///
    /// A FIFO never reads as ended: a writer may come before or after the program
    /// starts, and one writer after another, and the toolbar stays up between
    /// them. When the last writer closes it, a line it left without a line end is
    /// delivered as a line (never joined to the next writer's first line), and the
    /// FIFO is opened again for the next writer. With `endsWithItsWriters` it is
    /// opened waiting for a writer, and its input ends when the last writer closes
    /// it, as `--once` needs.
    ///
    /// - Parameters:
    ///   - path: The path, or `-` for standard input.
    ///   - endsWithItsWriters: Whether a FIFO's input ends when its writers have gone.
    /// - Throws: ``CountsSourceError``: the path cannot be opened, is a directory, or
    ///   is the terminal the program runs in; or `-` and standard input is a terminal.
    public convenience init(path: String, endsWithItsWriters: Bool = false) throws(CountsSourceError) {
        try self.init(
            path: path, standardInput: .standardInput,
            terminalsInUse: [.standardInput, .standardOutput, .standardError], endsWithItsWriters: endsWithItsWriters)
    }

    /// Opens a path, with the descriptors that stand for standard input and for the program's terminal given.
    ///
    /// - Parameters:
    ///   - path: The path, or `-` for `standardInput`.
    ///   - standardInput: What `-` reads.
    ///   - terminalsInUse: Descriptors whose terminal (by device number) the path may not be.
    ///   - endsWithItsWriters: Whether a FIFO's input ends when its writers have gone.
    init(
        path: String, standardInput: FileDescriptor, terminalsInUse: [FileDescriptor], endsWithItsWriters: Bool = false
    ) throws(CountsSourceError) {
        self.path = path
        let file: FileDescriptor
        if path == "-" {
            guard !standardInput.isTerminal else { throw .standardInputIsTerminal }
            file = standardInput
            ownsDescriptor = false
        } else {
            let isFIFO = (try? FileDescriptor.status(ofPath: path)).map { FileType($0) == .fifo } ?? false
            do {
                // O_NOCTTY: opening a terminal must not make it the controlling one before it is refused.
                // A FIFO that ends with its writers is opened blocking, which waits for the first writer.
                let flags = isFIFO && endsWithItsWriters ? O_RDONLY : O_RDONLY | O_NONBLOCK
                file = try FileDescriptor.open(path, flags | O_NOCTTY)
            } catch {
                throw .cannotOpen(path: path, error)
            }
            ownsDescriptor = true
            reopensForNextWriter = isFIFO && !endsWithItsWriters
        }
        do {
            originalFlags = try Self.prepare(file, path: path, terminalsInUse: terminalsInUse)
        } catch {
            if ownsDescriptor { file.close() }
            throw error
        }
        descriptor = file
        buffer = .allocate(byteCount: Self.maximumBytesPerCall, alignment: 1)
        partialLine.reserveCapacity(Self.maximumLineBytes + 2)
    }

    deinit {
        finish()
        buffer.deallocate()
    }

    /// Checks what an opened source is, and makes it non-blocking (wraps `fstat` and `fcntl`).
    ///
    /// - Returns: The status flags it had before.
    private static func prepare(
        _ file: FileDescriptor, path: String, terminalsInUse: [FileDescriptor]
    ) throws(CountsSourceError) -> Int32 {
        let status: stat
        do {
            status = try file.status()
        } catch {
            throw .cannotOpen(path: path, error)
        }
        guard FileType(status) != .directory else {
            throw .isDirectory(path: path)
        }
        guard !file.isProgramTerminal(device: status.st_rdev, terminalsInUse: terminalsInUse) else {
            throw .isProgramTerminal(path: path)
        }
        do {
            let flags = try file.statusFlags()
            try file.setStatusFlags(flags | O_NONBLOCK)
            return flags
        } catch {
            throw .cannotOpen(path: path, error)
        }
    }

    /// The source as messages name it.
    var sourceName: String {
        path == "-" ? "standard input" : "'\(Sanitizer.printable(path))'"
    }

    /// A notice for a discarded line, such as `ignored a line of 5000 bytes: a counts line has at most 1024`.
    public static func discardedLineNotice(byteCount: Int) -> String {
        "ignored a line of \(byteCount) bytes: a counts line has at most \(maximumLineBytes)"
    }

    /// What ``readBatches(_:)`` hands out, in the order it arrived.
    public enum Batch {
        /// Whole lines, each followed by `\n` (a `\r` before it kept), and how many; the bytes are valid only during
        /// the call. A last line that ended with the input is given a `\n` too.
        case lines(UnsafeRawBufferPointer, count: Int)
        /// A line longer than ``LineReader/maximumLineBytes``, discarded: its length without the line end.
        case discardedLine(byteCount: Int)
    }

    /// Hands out the lines that have arrived, one at a time, and says whether to expect more (wraps `read`).
    ///
    /// The same as ``readBatches(_:)``, with each line on its own and without its line end.
    ///
    /// - Parameter body: Called for each line or discarded line, in order; the bytes are valid only during the call.
    /// - Returns: Whether more may come, or why the reader is done.
    public func readLines(_ body: (Delivery) -> Void) -> ReadOutcome {
        readBatches { batch in
            switch batch {
            case .lines(let bytes, _):
                var start = 0
                while start < bytes.count {
                    var end = start
                    while bytes[end] != 0x0A {
                        end += 1
                    }
                    let content = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
                    body(.line(UnsafeRawBufferPointer(rebasing: bytes[start..<content])))
                    start = end + 1
                }
            case .discardedLine(let byteCount):
                body(.discardedLine(byteCount: byteCount))
            }
        }
    }

    /// Hands out the lines that have arrived, as runs of whole lines, and says whether to expect more (wraps `read`).
    ///
    /// Reads at most ``maximumBytesPerCall`` bytes. Lines that arrived whole in one
    /// read are handed out together, straight from the read buffer. At the end of
    /// the input a last line without a line end is delivered too, and the reader is
    /// done (a file or pipe is closed; standard input gets its blocking mode back).
    ///
    /// - Parameter body: Called for each run of lines or discarded line, in order; the bytes are valid only during the call.
    /// - Returns: Whether more may come, or why the reader is done.
    public func readBatches(_ body: (Batch) -> Void) -> ReadOutcome {
        guard let descriptor else { return .ended }
        var budget = Self.maximumBytesPerCall
        while budget > 0 {
            let space = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, budget)])
            let count: Int?
            do {
                count = try descriptor.read(into: space)
            } catch {
                finish()
                return .stopped(.readFailed(source: sourceName, error))
            }
            guard let count else { return .waiting }
            guard count > 0 else {
                if partialLength > 0 {
                    deliverPartialLine(body)
                }
                if reopensForNextWriter {
                    return reopen()
                }
                finish()
                return .ended
            }
            budget -= count
            split(UnsafeRawBufferPointer(rebasing: buffer[..<count]), body)
            if partialLength >= Self.maximumBytesWithoutLineEnd {
                finish()
                return .stopped(.noLineEnd(source: sourceName))
            }
        }
        return .more
    }

    /// Opens the FIFO again once its writers have gone (wraps `open` and `fstat`), so the next writer starts afresh
    /// and the end of the last one is not reported again and again; the new descriptor is opened before the old
    /// one is closed, so a writer arriving meanwhile always has a reader.
    ///
    /// What the path names now must be the same FIFO (device and inode): a path replaced by a regular file would
    /// otherwise be read to its end and opened again without end.
    private func reopen() -> ReadOutcome {
        let fresh: FileDescriptor
        do {
            fresh = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            finish()
            return .stopped(.readFailed(source: sourceName, error))
        }
        guard let old = try? descriptor?.status(), let new = try? fresh.status(),
            FileType(new) == .fifo, new.st_dev == old.st_dev, new.st_ino == old.st_ino
        else {
            fresh.close()
            finish()
            return .stopped(.replaced(source: sourceName))
        }
        descriptor?.close()
        descriptor = fresh
        return .waiting
    }

    /// Cuts bytes into lines: runs of complete ones are delivered whole, the start of the next is kept.
    private func split(_ bytes: UnsafeRawBufferPointer, _ body: (Batch) -> Void) {
        let count = bytes.count
        var start = 0
        if partialLength > 0 {
            // The rest of a line begun in an earlier read.
            var end = 0
            while end < count && bytes[end] != 0x0A {
                end += 1
            }
            keepPartial(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
            guard end < count else { return }
            deliverPartialLine(body)
            start = end + 1
        }
        // A run of whole lines short enough to deliver, straight from the read buffer.
        var runStart = start
        var runLines = 0
        func deliverRun(upTo end: Int) {
            if runLines > 0 {
                body(.lines(UnsafeRawBufferPointer(rebasing: bytes[runStart..<end]), count: runLines))
            }
            runLines = 0
        }
        while start < count {
            var end = start
            while end < count && bytes[end] != 0x0A {
                end += 1
            }
            if end == count {
                deliverRun(upTo: start)
                keepPartial(UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
                return
            }
            let content = end > start && bytes[end - 1] == 0x0D ? end - start - 1 : end - start
            if content > Self.maximumLineBytes {
                deliverRun(upTo: start)
                body(.discardedLine(byteCount: content))
                runStart = end + 1
            } else {
                runLines += 1
            }
            start = end + 1
        }
        deliverRun(upTo: count)
    }

    /// Keeps bytes of a line whose end has not arrived, up to one byte more than a line may have.
    private func keepPartial(_ piece: UnsafeRawBufferPointer) {
        guard let last = piece.last else { return }
        let room = Self.maximumLineBytes + 1 - partialLine.count
        if room > 0 {
            partialLine.append(contentsOf: piece.prefix(room))
        }
        partialLength += piece.count
        partialLastByte = last
    }

    /// Delivers the kept line with a `\n` after it, or reports it discarded when it is too long, and starts the next.
    private func deliverPartialLine(_ body: (Batch) -> Void) {
        let contentLength = partialLastByte == 0x0D ? partialLength - 1 : partialLength
        if contentLength > Self.maximumLineBytes {
            body(.discardedLine(byteCount: contentLength))
        } else {
            // Short enough, so every byte of it was kept.
            partialLine.append(0x0A)
            partialLine.withUnsafeBytes { body(.lines($0, count: 1)) }
        }
        partialLine.removeAll(keepingCapacity: true)
        partialLength = 0
    }

    /// Stops reading: closes what was opened, and gives standard input its blocking mode back.
    private func finish() {
        guard let descriptor else { return }
        if ownsDescriptor {
            descriptor.close()
        } else {
            try? descriptor.setStatusFlags(originalFlags)
        }
        self.descriptor = nil
        partialLine = []
        partialLength = 0
    }
}
