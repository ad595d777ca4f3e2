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

    /// The path read, `-` for standard input.
    public let path: String
    /// The descriptor to poll for `POLLIN`; `nil` once the reader is done.
    public internal(set) var descriptor: FileDescriptor?
    private let ownsDescriptor: Bool
    /// Whether the source is a FIFO opened again when its writers have gone, rather than ended.
    var reopensForNextWriter = false
    /// How the source is read without waiting: standard input through a way that leaves its open file
    /// description as it is (``NonBlockingAccess``), a path opened here as it is, non-blocking.
    var access: NonBlockingAccess
    /// Where reads land, ``maximumBytesPerCall`` bytes.
    let buffer: UnsafeMutableRawBufferPointer
    /// Cuts what is read into lines, and keeps the start of a line whose end has not arrived.
    var splitter = LineSplitter()

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
            try Self.prepare(file, path: path, terminalsInUse: terminalsInUse, owned: ownsDescriptor)
        } catch {
            if ownsDescriptor { file.close() }
            throw error
        }
        // Standard input is shared with whatever else reads it (and with what runs after): its description is
        // never made non-blocking. A pipe is read through a description of the reader's own, a socket with
        // MSG_DONTWAIT; the descriptor polled stays the one handed in, whose description saw the writers come.
        access = ownsDescriptor ? .direct(file) : .reading(file)
        descriptor = file
        buffer = .allocate(byteCount: Self.maximumBytesPerCall, alignment: 1)
    }

    deinit {
        finish()
        buffer.deallocate()
    }

    /// Checks what an opened source is, and makes a description opened here non-blocking (wraps `fstat` and
    /// `fcntl`); standard input's is left as it is.
    private static func prepare(
        _ file: FileDescriptor, path: String, terminalsInUse: [FileDescriptor], owned: Bool
    ) throws(CountsSourceError) {
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
        guard owned else { return }
        do {
            try file.setNonBlocking()
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

    /// Stops reading: closes what was opened, standard input's own description too; standard input stays open.
    func finish() {
        guard let descriptor else { return }
        access.close()
        if ownsDescriptor {
            descriptor.close()
        }
        self.descriptor = nil
        splitter.reset()
    }
}
