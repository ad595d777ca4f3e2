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
    var descriptor: SystemDescriptor { writer.descriptor }
    /// Whether writes return at once when the terminal takes nothing.
    let isNonBlocking: Bool
    /// Sees every byte queued, in order, such as a recording.
    var tee: ((UnsafeRawBufferPointer) -> Void)?
    /// The error that ended writing (the terminal went away), if any; queued bytes are dropped after it.
    var failure: SystemError? { writer.failure }

    private let writer: NonBlockingWriter

    /// Creates a queue in front of a terminal descriptor.
    init(descriptor: SystemDescriptor, isNonBlocking: Bool) {
        writer = NonBlockingWriter(descriptor: descriptor)
        self.isNonBlocking = isNonBlocking
    }

    /// The bytes waiting to be written.
    var pendingCount: Int { writer.pendingCount }

    /// Whether bytes are waiting for the terminal to take them.
    var hasPending: Bool { writer.hasPending }

    /// Queues bytes and shows them to the tee.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        tee?(bytes)
        writer.append(bytes)
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
        writer.flush()
    }

    /// Writes what is queued, waiting for the terminal at most a while (wraps `poll`); for leaving.
    ///
    /// - Parameter seconds: The longest wait in all; a terminal that does not read by then gets the rest dropped.
    /// - Returns: Whether everything was written.
    @discardableResult
    func drain(waitingAtMostSeconds seconds: Double) -> Bool {
        let done = writer.drain(waitingAtMostSeconds: seconds)
        writer.discardPending()
        return done
    }
}
