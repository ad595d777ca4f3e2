import CNCursesW

/// Writes an asciicast v2 recording without ever blocking: a JSON header, then one line per event.
///
/// ``recordOutput(_:at:)-([UInt8],_)`` and ``recordResize(columns:rows:at:)`` only append whole
/// JSON lines to a buffer in memory. The run loop polls ``descriptor`` for
/// `POLLOUT` while ``hasPendingOutput`` is true and calls ``writePending()``, which
/// writes what the file takes at that moment. At exit, ``finish(waitingAtMostSeconds:)``
/// writes the rest with a bounded wait and closes the file.
///
/// Nothing is lost silently: a failed write (a full disk, a pipe whose reader
/// went away) or a reader that falls more than ``bufferLimitBytes`` behind stops
/// the recording at once and sets ``failure``. A regular file is then cut back to
/// its last complete line, so it stays valid asciicast v2.
public final class SessionRecorder {
    /// The most that may wait to be written by default: 8 MiB, many seconds of frames.
    public static let defaultBufferLimitBytes = 8 << 20

    /// Where the recording goes.
    public let path: String
    /// The most that may wait to be written (beyond the newest event) before the recording stops.
    public let bufferLimitBytes: Int
    /// The file, non-blocking, to poll for `POLLOUT`; `nil` once the recording finished or failed.
    public private(set) var descriptor: SystemDescriptor?
    /// Why the recording stopped part-way, if it did.
    public private(set) var failure: RecordingFailure?

    /// Whether the file is a regular file, which can be cut back to its last complete line.
    private let isRegularFile: Bool
    /// Where the recording starts in the file (0, unless the path named an open file's descriptor).
    private let startOffset: Int
    /// Whole JSON lines waiting to be written.
    private let writer: NonBlockingWriter
    /// Bytes written to the file so far.
    private var writtenBytes = 0
    /// Bytes written up to the end of the last complete line.
    private var completeBytes = 0
    /// Bytes of a UTF-8 sequence cut at the end of the last chunk, kept for the next.
    private var carry: [UInt8] = []
    /// The time of the last event, in microseconds, so that times never go backwards.
    private var lastMicroseconds = 0

    /// Opens the file, without waiting for anything, and queues the header (wraps `open`, `fstat` and `lseek`).
    ///
    /// The header is written at once if the file takes it; a file that refuses
    /// writes, such as `/dev/full`, is not an error here but a ``failure``, as
    /// it would be at any later write.
    ///
    /// A FIFO is opened only if a program already reads it: waiting for a reader
    /// would hold up start-up for as long as none comes, before the terminal is
    /// set up and with no way to say why. The error tells the user to start the
    /// reader first; pipes such as `>(gzip > demo.cast.gz)` always have one.
    ///
    /// - Parameters:
    ///   - path: Where to write, usually ending in `.cast`.
    ///   - columns: The terminal's width.
    ///   - rows: The terminal's height.
    ///   - unixTime: The start, in seconds since 1970, for the header's `timestamp`.
    ///   - terminalType: The `TERM` to name in the header's `env`, if any.
    ///   - bufferLimitBytes: The most that may wait to be written before the recording stops.
    /// - Throws: ``RecordingOpenError``: the path is a terminal, a FIFO no one reads, or cannot be opened.
    public init(
        path: String, columns: Int, rows: Int, unixTime: Int, terminalType: String?,
        bufferLimitBytes: Int = SessionRecorder.defaultBufferLimitBytes
    ) throws(RecordingOpenError) {
        self.path = path
        self.bufferLimitBytes = bufferLimitBytes
        let file: SystemDescriptor
        do {
            // O_NOCTTY: opening a terminal must not make it the controlling one before it is refused.
            file = try SystemDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOCTTY)
        } catch {
            if error.errorNumber == ENXIO, let status = try? SystemDescriptor.status(ofPath: path),
                FileType(status) == .fifo
            {
                throw .noReader(path: path)
            }
            throw .cannotOpen(path: path, error)
        }
        guard !file.isTerminal else {
            file.close()
            throw .isTerminal(path: path)
        }
        do {
            isRegularFile = FileType(try file.status()) == .regular
            startOffset = isRegularFile ? try file.seek(toOffset: 0, from: SEEK_CUR) : 0
        } catch {
            file.close()
            throw .cannotOpen(path: path, error)
        }
        descriptor = file
        writer = NonBlockingWriter(descriptor: file, keptCapacityBytes: 1 << 20)
        var header = "{\"version\": 2, \"width\": \(columns), \"height\": \(rows), \"timestamp\": \(unixTime)"
        if let terminalType {
            header += ", \"env\": {\"TERM\": \(Self.jsonString(Array(terminalType.utf8)))}"
        }
        writer.append(Array((header + "}\n").utf8))
        writePending()
    }

    /// Opens a recording of the terminal on standard output, with its size, `TERM` and the time now in the header.
    ///
    /// Wraps `ioctl(TIOCGWINSZ)`, `getenv` and `time`. Open it before the screen
    /// starts, so that a bad path is reported on a clean terminal.
    public convenience init(
        forTerminalRecordingTo path: String, bufferLimitBytes: Int = SessionRecorder.defaultBufferLimitBytes
    ) throws(RecordingOpenError) {
        var rows: Int32 = 24
        var columns: Int32 = 80
        _ = cnc_terminal_size(1, &rows, &columns)
        try self.init(
            path: path, columns: Int(columns), rows: Int(rows), unixTime: time(nil),
            terminalType: getenv("TERM").map { String(cString: $0) }, bufferLimitBytes: bufferLimitBytes)
    }

    deinit {
        finish(waitingAtMostSeconds: 0)
    }

    /// Whether events are still being recorded: not finished, not failed.
    public var isRecording: Bool {
        descriptor != nil
    }

    /// Whether lines wait to be written: poll ``descriptor`` for `POLLOUT` and call ``writePending()``.
    public var hasPendingOutput: Bool {
        descriptor != nil && writer.hasPending
    }

    /// How many bytes wait to be written.
    public var pendingByteCount: Int {
        writer.pendingCount
    }

    /// Records bytes written to the terminal; a UTF-8 sequence cut at the end waits for the rest.
    ///
    /// - Parameters:
    ///   - bytes: The bytes, exactly as written to the terminal.
    ///   - seconds: When, in seconds since the recording started; an earlier time than the last event's counts as the same.
    public func recordOutput(_ bytes: UnsafeRawBufferPointer, at seconds: Double) {
        guard isRecording, !bytes.isEmpty else { return }
        if carry.isEmpty {
            appendOutput(bytes, at: seconds)
        } else {
            let joined = carry + bytes
            carry.removeAll()
            joined.withUnsafeBytes { appendOutput($0, at: seconds) }
        }
    }

    /// Records bytes written to the terminal, given as an array.
    public func recordOutput(_ bytes: [UInt8], at seconds: Double) {
        bytes.withUnsafeBytes { recordOutput($0, at: seconds) }
    }

    /// Records a change of terminal size, as asciicast's `r` event.
    ///
    /// - Parameters:
    ///   - columns: The new width.
    ///   - rows: The new height.
    ///   - seconds: When, in seconds since the recording started.
    public func recordResize(columns: Int, rows: Int, at seconds: Double) {
        guard isRecording else { return }
        appendEvent(code: "r", at: seconds) { $0 += Array("\"\(columns)x\(rows)\"".utf8) }
    }

    /// Writes as much of what waits as the file takes now, never waiting (wraps `write`, and `ftruncate` on failure).
    ///
    /// A failed write stops the recording and sets ``failure``.
    public func writePending() {
        guard descriptor != nil else { return }
        writer.flush(observing: noteWritten)
        if let error = writer.failure {
            stop(.writeFailed(error))
        }
    }

    /// Counts bytes written, and where the last complete line written ends.
    private func noteWritten(_ bytes: UnsafeRawBufferPointer) {
        if let lastLineEnd = bytes.lastIndex(of: 0x0A) {
            completeBytes = writtenBytes + lastLineEnd + 1
        }
        writtenBytes += bytes.count
    }

    /// Writes what waits, waiting at most a given time in all for the file to take it, then closes the file (wraps `poll` and `close`).
    ///
    /// A UTF-8 sequence still incomplete is recorded as it is (it shows as U+FFFD).
    /// If the reader takes nothing before the time is up, the rest is lost and
    /// ``failure`` says so. Calling it again does nothing.
    ///
    /// - Parameter seconds: The longest wait in all; 0 writes only what the file takes at once.
    public func finish(waitingAtMostSeconds seconds: Double) {
        guard isRecording else { return }
        if !carry.isEmpty {
            let rest = carry
            carry.removeAll()
            rest.withUnsafeBytes { bytes in
                appendEvent(code: "o", at: Double(lastMicroseconds) / 1_000_000) {
                    Self.appendJSONString(bytes, to: &$0)
                }
            }
        }
        writer.drain(waitingAtMostSeconds: max(seconds, 0), observing: noteWritten)
        if let error = writer.failure {
            stop(.writeFailed(error))
        } else if writer.hasPending {
            stop(.readerStalledAtEnd(seconds: seconds, unwrittenBytes: pendingByteCount))
        } else {
            close()
        }
    }

    // MARK: - Private

    /// Appends one `o` event for the complete UTF-8 sequences of some bytes, and carries the incomplete end.
    private func appendOutput(_ bytes: UnsafeRawBufferPointer, at seconds: Double) {
        let tail = Self.incompleteTailLength(of: bytes)
        if tail > 0 {
            carry = Array(bytes[(bytes.count - tail)...])
        }
        let complete = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - tail)])
        guard !complete.isEmpty else { return }
        appendEvent(code: "o", at: seconds) { Self.appendJSONString(complete, to: &$0) }
    }

    /// Appends `[seconds, "code", payload]` and a line end; stops the recording if too much now waits.
    private func appendEvent(code: String, at seconds: Double, payload: (inout [UInt8]) -> Void) {
        var line = Array("[\(Self.timeText(microseconds: microseconds(at: seconds))), \"\(code)\", ".utf8)
        payload(&line)
        line += [0x5D, 0x0A]  // "]\n"
        writer.append(line)
        guard pendingByteCount > bufferLimitBytes else { return }
        let lineLength = line.count
        writePending()
        // Too much waits, and not only the newest line: the reader does not keep up.
        if isRecording && pendingByteCount > bufferLimitBytes && pendingByteCount > lineLength {
            stop(.readerFellBehind(bufferLimitBytes: bufferLimitBytes))
        }
    }

    /// An event's time in whole microseconds, never before the last event's.
    private func microseconds(at seconds: Double) -> Int {
        // Clamped to about 31 years, so that the conversion cannot overflow.
        let bounded = seconds.isFinite ? min(max(seconds, 0), 1e9) : 0
        lastMicroseconds = max(lastMicroseconds, Int((bounded * 1_000_000).rounded()))
        return lastMicroseconds
    }

    /// Stops the recording: cuts a regular file back to its last complete line, closes it, drops what waits (wraps `ftruncate`).
    private func stop(_ cause: RecordingFailure.Cause) {
        guard let descriptor, failure == nil else { return }
        var endsInCutLine = writtenBytes > completeBytes
        if endsInCutLine && isRegularFile {
            do {
                try descriptor.truncate(toLength: startOffset + completeBytes)
                endsInCutLine = false
            } catch {
                // The cut line stays; the failure says so.
            }
        }
        failure = RecordingFailure(path: path, cause: cause, endsInCutLine: endsInCutLine)
        close()
    }

    /// Closes the file and forgets what waits (wraps `close`).
    private func close() {
        descriptor?.close()
        descriptor = nil
        writer.discardPending()
        carry = []
    }
}
