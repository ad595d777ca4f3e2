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
    /// How the bytes are written, without waiting.
    let access: NonBlockingAccess
    /// Where the bytes go: the descriptor written, polled for room.
    var descriptor: SystemDescriptor { access.descriptor }
    /// The error that ended writing, if any; nothing is written after it.
    private(set) var failure: SystemError?

    private var queue: [UInt8] = []
    /// Where the unwritten part of ``queue`` starts.
    private var start = 0
    /// The capacity kept once everything is written; a larger buffer is let go.
    private let keptCapacityBytes: Int

    /// Creates an empty queue in front of a descriptor that is non-blocking, or never waits, as it is.
    ///
    /// - Parameters:
    ///   - descriptor: Where to write; the writer never closes it.
    ///   - keptCapacityBytes: The most memory kept for the queue once it is empty.
    convenience init(descriptor: SystemDescriptor, keptCapacityBytes: Int = 1 << 16) {
        self.init(access: .direct(descriptor), keptCapacityBytes: keptCapacityBytes)
    }

    /// Creates an empty queue written through a way that never waits (``NonBlockingAccess``).
    ///
    /// - Parameters:
    ///   - access: How to write; the writer never closes what it opened (``NonBlockingAccess/close()`` does).
    ///   - keptCapacityBytes: The most memory kept for the queue once it is empty.
    init(access: NonBlockingAccess, keptCapacityBytes: Int = 1 << 16) {
        self.access = access
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
            let outcome = queue.withUnsafeBytes { bytes in
                let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
                return Result { () throws(SystemError) -> Int? in
                    let count = try access.write(rest)
                    if let count, count > 0 {
                        written(UnsafeRawBufferPointer(rebasing: rest[..<count]))
                    }
                    return count
                }
            }
            switch outcome {
            case .success(let count?) where count > 0:
                start += count
                continue
            case .success(nil):
                // It takes nothing now (EAGAIN), or a signal interrupted a write that waited.
                break
            case .success:
                fail(SystemError(call: "write", errorNumber: EIO))
            case .failure(let error):
                fail(error)
            }
            break
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
            var polled = [pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)]
            _ = Platform.poll(&polled, timeoutMilliseconds: Int32((left * 1000).rounded(.up)))
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
