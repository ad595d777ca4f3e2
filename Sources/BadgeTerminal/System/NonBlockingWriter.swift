import CNCursesW

/// Bytes on their way to a descriptor: queued, and written as fast as the reader takes them, never blocking.
///
/// The one queue behind the terminal's output (``TerminalOutput``), the sinks of
/// lines (``OutputSink``) and the recording (``SessionRecorder``): each adds its own
/// rules (a tee, whole lines dropped, a recording cut back to a whole line) on top.
/// ``flush(observing:)`` writes what the descriptor takes now and returns; a
/// write that fails for good sets ``failure`` and drops what waits. A signal that
/// interrupts a write on a descriptor that blocks ends the flush too, so a blocked
/// terminal never holds a termination signal up. ``drain(waitingAtMostSeconds:observing:)``
/// waits for the reader, for the way out, at most a given time.
final class NonBlockingWriter {
    /// Where the bytes go.
    let descriptor: FileDescriptor
    /// The error that ended writing, if any; nothing is written after it.
    private(set) var failure: SystemError?

    private var queue: [UInt8] = []
    /// Where the unwritten part of ``queue`` starts.
    private var start = 0
    /// The capacity kept once everything is written; a larger buffer is let go.
    private let keptCapacityBytes: Int

    /// Creates an empty queue in front of a descriptor.
    ///
    /// - Parameters:
    ///   - descriptor: Where to write; the writer never closes it.
    ///   - keptCapacityBytes: The most memory kept for the queue once it is empty.
    init(descriptor: FileDescriptor, keptCapacityBytes: Int = 1 << 16) {
        self.descriptor = descriptor
        self.keptCapacityBytes = keptCapacityBytes
    }

    /// The bytes waiting to be written.
    var pendingCount: Int { queue.count - start }

    /// Whether bytes wait for the reader.
    var hasPending: Bool { start < queue.count }

    /// Queues bytes, unless writing has failed.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        if start > 0 && start == queue.count {
            queue.removeAll(keepingCapacity: true)
            start = 0
        }
        queue.append(contentsOf: bytes)
    }

    /// Queues bytes given as an array.
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Writes what the descriptor takes now (wraps `write`).
    ///
    /// Returns when everything is written, the descriptor takes no more
    /// (`EAGAIN`), a signal interrupts a blocking write, or writing fails for
    /// good (then ``failure`` is set and what waits is dropped).
    ///
    /// - Parameter written: Sees each run of bytes as it is written, in order.
    func flush(observing written: (UnsafeRawBufferPointer) -> Void = { _ in }) {
        while failure == nil && start < queue.count {
            let count = queue.withUnsafeBytes { bytes in
                let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
                let count = cWrite(descriptor.rawValue, rest.baseAddress!, rest.count)
                if count > 0 {
                    written(UnsafeRawBufferPointer(rebasing: rest[..<count]))
                }
                return count
            }
            if count > 0 {
                start += count
                continue
            }
            let error = Platform.errorNumber
            if count < 0 && (error == EAGAIN || error == EWOULDBLOCK || error == EINTR) {
                break
            }
            failure = SystemError(call: "write", errorNumber: count == 0 ? EIO : error)
            discardPending()
        }
        compact()
    }

    /// Writes what waits, waiting for the reader at most a while in all (wraps `poll`), for the way out.
    ///
    /// - Parameters:
    ///   - seconds: The longest wait; 0 writes only what the descriptor takes at once.
    ///   - written: Sees each run of bytes as it is written, in order.
    /// - Returns: Whether everything was written; what was not still waits.
    @discardableResult
    func drain(
        waitingAtMostSeconds seconds: Double, observing written: (UnsafeRawBufferPointer) -> Void = { _ in }
    ) -> Bool {
        let clock = MonotonicClock()
        flush(observing: written)
        while hasPending && failure == nil {
            let left = seconds - clock.now
            guard left > 0 else { break }
            var polled = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
            _ = poll(&polled, 1, Int32((left * 1000).rounded(.up)))
            flush(observing: written)
        }
        return !hasPending
    }

    /// Ends writing for good with an error found outside a write, such as the reader's end of a pipe closing;
    /// what waits is dropped.
    func fail(_ error: SystemError) {
        guard failure == nil else { return }
        failure = error
        discardPending()
    }

    /// Forgets what waits.
    func discardPending() {
        queue.removeAll()
        start = 0
    }

    /// Lets the written bytes go: all of them once everything is written, else once they are a good part.
    private func compact() {
        if start == queue.count {
            queue.removeAll(keepingCapacity: queue.capacity <= keptCapacityBytes)
            start = 0
        } else if start >= 1 << 16 && start >= queue.count / 2 {
            queue.removeFirst(start)
            start = 0
        }
    }
}

/// The C `write`, under a name the methods above do not shadow.
@inline(__always) private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
