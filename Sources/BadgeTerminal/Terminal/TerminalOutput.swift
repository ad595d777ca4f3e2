/// The bytes on their way to the terminal: queued, written as fast as the terminal takes them, never blocking.
///
/// Everything the program writes to the terminal passes through here, from the
/// first byte (entering the alternate screen) to the last (leaving it), so a
/// recording made from ``tee`` replays exactly what the terminal received.
/// When the terminal stops reading, the bytes wait here and the run loop polls
/// for the terminal to take more; no new frame is painted meanwhile, so the
/// queue holds at most about one frame.
final class TerminalOutput {
    /// Where the bytes go.
    let descriptor: FileDescriptor
    /// Whether writes return at once when the terminal takes nothing.
    let isNonBlocking: Bool
    /// Sees every byte queued, in order, such as a recording.
    var tee: ((UnsafeRawBufferPointer) -> Void)?
    /// The error that ended writing (the terminal went away), if any; queued bytes are dropped after it.
    private(set) var failure: SystemError?

    private var queue: [UInt8] = []
    /// Where the unwritten part of ``queue`` starts.
    private var start = 0

    /// Creates a queue in front of a terminal descriptor.
    init(descriptor: FileDescriptor, isNonBlocking: Bool) {
        self.descriptor = descriptor
        self.isNonBlocking = isNonBlocking
    }

    /// The bytes waiting to be written.
    var pendingCount: Int { queue.count - start }

    /// Whether bytes are waiting for the terminal to take them.
    var hasPending: Bool { pendingCount > 0 }

    /// Queues bytes and shows them to the tee.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        tee?(bytes)
        guard failure == nil else { return }
        if start > 0 && start == queue.count {
            queue.removeAll(keepingCapacity: true)
            start = 0
        }
        queue.append(contentsOf: bytes)
    }

    /// Queues the UTF-8 bytes of a string.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Writes what the terminal takes now (wraps `write`).
    ///
    /// Returns when everything is written, the terminal takes no more
    /// (`EAGAIN`), a signal interrupts a blocking write, or writing fails for
    /// good (then ``failure`` is set).
    func flush() {
        while failure == nil && start < queue.count {
            let written = queue.withUnsafeBytes { bytes in
                cWrite(descriptor.rawValue, bytes.baseAddress! + start, bytes.count - start)
            }
            if written > 0 {
                start += written
                continue
            }
            let error = errno
            if written < 0 && (error == EAGAIN || error == EWOULDBLOCK || error == EINTR) {
                return
            }
            failure = SystemError(call: "write", errorNumber: written == 0 ? EIO : error)
        }
        if start == queue.count {
            queue.removeAll(keepingCapacity: queue.capacity <= 1 << 16)
            start = 0
        }
    }

    /// Writes what is queued, waiting for the terminal at most a while (wraps `poll`); for leaving.
    ///
    /// - Parameter seconds: The longest wait in all; a terminal that does not read by then gets the rest dropped.
    /// - Returns: Whether everything was written.
    @discardableResult
    func drain(waitingAtMostSeconds seconds: Double) -> Bool {
        let clock = MonotonicClock()
        flush()
        while hasPending && failure == nil {
            let left = seconds - clock.now
            guard left > 0 else { break }
            var descriptors = [pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)]
            _ = poll(&descriptors, 1, Int32((left * 1000).rounded(.up)))
            flush()
        }
        let done = !hasPending
        queue.removeAll()
        start = 0
        return done
    }
}

/// The C `write`, under a name the methods above do not shadow.
@inline(__always) private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
