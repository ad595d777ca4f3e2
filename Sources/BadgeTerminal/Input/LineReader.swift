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
/// - a line longer than ``lineLimit`` is discarded whole, and reported once: at its
///   end, with its length, or, when ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes of it have
///   come without an end, then, with the length so far; the rest of it is skipped
///   to its end, kept nowhere, and the next line is read as any other;
/// - a character device (such as `/dev/zero`) or anything else that is neither a
///   pipe, a FIFO, a socket nor a regular file, with no line end in
///   ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes, is not a source of lines: nothing writes
///   it at its own pace, so it could be read without end at a core's speed, and
///   reading it stops, with a report. A pipe, FIFO or socket is read as fast as its
///   writer writes, and a regular file ends.
///
/// A reader of standard input that stops before its end puts `/dev/null` in its
/// place, so that the writer is not left writing into a pipe nobody reads.
public final class LineReader {
    /// The most read in one call, so a writer that never pauses cannot hold up the run loop.
    public static let maximumBytesPerCall = 65_536

    /// The path read, `-` for standard input.
    public let path: String
    /// The longest line this reader delivers, in bytes, without its line end.
    public var lineLimit: Int { splitter.lineLimit }
    /// Whether reading stops after ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes without a line end: for a source that is
    /// neither a pipe, a FIFO, a socket nor a regular file, such as `/dev/zero`.
    let stopsWithoutLineEnd: Bool
    /// The descriptor to poll for `POLLIN`; `nil` once the reader is done.
    public internal(set) var descriptor: SystemDescriptor?
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
    /// The control socket listened on, when the source is one; its clients are read in ``connections``.
    var channel: ControlChannel?
    /// A reader for each client of the control socket connected now, each with its own unfinished line.
    var connections: [LineReader] = []

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
    ///   - lineLimit: The longest line delivered, in bytes, without its line end; a longer one is discarded.
    /// - Throws: ``CountsSourceError``: the path cannot be opened, is a directory, or
    ///   is the terminal the program runs in; or `-` and standard input is a terminal.
    public convenience init(
        path: String, endsWithItsWriters: Bool = false, lineLimit: Int = LineBatch.maximumLineBytes
    ) throws(CountsSourceError) {
        try self.init(
            path: path, standardInput: .standardInput,
            terminalsInUse: [.standardInput, .standardOutput, .standardError], endsWithItsWriters: endsWithItsWriters,
            lineLimit: lineLimit)
    }

    /// Opens a path, with the descriptors that stand for standard input and for the program's terminal given.
    ///
    /// - Parameters:
    ///   - path: The path, or `-` for `standardInput`.
    ///   - standardInput: What `-` reads.
    ///   - terminalsInUse: Descriptors whose terminal (by device number) the path may not be.
    ///   - endsWithItsWriters: Whether a FIFO's input ends when its writers have gone.
    ///   - lineLimit: The longest line delivered, in bytes, without its line end, at most
    ///     ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd``.
    init(
        path: String, standardInput: SystemDescriptor, terminalsInUse: [SystemDescriptor],
        endsWithItsWriters: Bool = false,
        lineLimit: Int = LineBatch.maximumLineBytes
    ) throws(CountsSourceError) {
        self.path = path
        splitter = LineSplitter(lineLimit: min(lineLimit, LineBatch.maximumBytesWithoutLineEnd))
        let file: SystemDescriptor
        if path == "-" {
            guard !standardInput.isTerminal else { throw .standardInputIsTerminal }
            file = standardInput
            ownsDescriptor = false
        } else {
            let isFIFO = (try? SystemDescriptor.status(ofPath: path)).map { FileType($0) == .fifo } ?? false
            do {
                // O_NOCTTY: opening a terminal must not make it the controlling one before it is refused.
                // A FIFO that ends with its writers is opened blocking, which waits for the first writer.
                let flags = isFIFO && endsWithItsWriters ? O_RDONLY : O_RDONLY | O_NONBLOCK
                file = try SystemDescriptor.open(path, flags | O_NOCTTY)
            } catch {
                throw .cannotOpen(path: path, error)
            }
            ownsDescriptor = true
            reopensForNextWriter = isFIFO && !endsWithItsWriters
        }
        do {
            stopsWithoutLineEnd = try Self.prepare(
                file, path: path, terminalsInUse: terminalsInUse, owned: ownsDescriptor)
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

    /// Reads a control socket: every client that connects is read apart, and its lines arrive as this source's
    /// (see ``ControlChannel``); the source never ends while the program listens.
    package init(listeningOn channel: ControlChannel) {
        path = channel.path
        self.channel = channel
        descriptor = channel.descriptor
        ownsDescriptor = false
        // Never read itself: its clients are accepted and read by readers of their own.
        access = .direct(channel.descriptor ?? SystemDescriptor(rawValue: -1))
        stopsWithoutLineEnd = false
        buffer = .allocate(byteCount: Self.maximumBytesPerCall, alignment: 1)
    }

    /// Reads the output of a producer run beside the program (``BesideProcess/output``): a non-blocking pipe the
    /// reader closes when done; the source ends when the producer does.
    package convenience init(besideOutput descriptor: SystemDescriptor, name: String) {
        self.init(connection: descriptor, name: name)
    }

    /// Reads one client of a control socket, a non-blocking descriptor the reader closes when done.
    init(connection: SystemDescriptor, name: String) {
        path = name
        descriptor = connection
        ownsDescriptor = true
        access = .direct(connection)
        // A client's endless line is skipped to its end: the client alone is concerned.
        stopsWithoutLineEnd = false
        buffer = .allocate(byteCount: Self.maximumBytesPerCall, alignment: 1)
    }

    deinit {
        finish()
        buffer.deallocate()
    }

    /// Checks what an opened source is, and makes a description opened here non-blocking (wraps `fstat` and
    /// `fcntl`); standard input's is left as it is.
    ///
    /// - Returns: Whether reading stops after ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes without a line end.
    private static func prepare(
        _ file: SystemDescriptor, path: String, terminalsInUse: [SystemDescriptor], owned: Bool
    ) throws(CountsSourceError) -> Bool {
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
        let paced: Set<FileType> = [.fifo, .socket, .regular]
        let stopsWithoutLineEnd = !paced.contains(FileType(status))
        guard owned else { return stopsWithoutLineEnd }
        do {
            try file.setNonBlocking()
        } catch {
            throw .cannotOpen(path: path, error)
        }
        return stopsWithoutLineEnd
    }

    /// The source as messages name it.
    var sourceName: String {
        path == "-" ? "standard input" : "'\(Sanitizer.printable(path))'"
    }

    /// Stops reading: closes what was opened, standard input's own description too; standard input stays open.
    ///
    /// - Parameter early: Whether reading stops before the end of the input: standard input is then replaced by
    ///   `/dev/null`, so that what writes it is not left blocked on a pipe nobody reads.
    func finish(early: Bool = false) {
        if let channel {
            // The path goes first, while the socket still listens, then every client.
            channel.release()
            for connection in connections { connection.finish() }
            connections = []
            descriptor = nil
            return
        }
        guard let descriptor else { return }
        access.close()
        if ownsDescriptor {
            descriptor.close()
        } else if early {
            descriptor.replaceWithNullDevice()
        }
        self.descriptor = nil
        splitter.reset()
    }
}
