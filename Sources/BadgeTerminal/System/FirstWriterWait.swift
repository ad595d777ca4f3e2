import CNCursesW

/// Waits for a FIFO's first writer in a `poll` that the signal relay's pipe ends too, so no signal can fall
/// between a check and the wait.
///
/// A FIFO read until its writers close it (`--once --counts-from FIFO`) has to wait
/// for its first writer, and a blocking `open` is a wait no signal handler can end
/// cleanly: it is retried on `EINTR`, and a signal that arrives just before it is
/// missed. Here the FIFO is opened without blocking and polled together with
/// ``SignalRelay/wakeDescriptor``: on Linux a FIFO opened so is neither readable
/// nor hung up until a writer has come, and a signal writes a byte to the pipe.
/// A termination signal ends the wait; a signal relayed as an event is left for
/// the run, which takes it as it takes any other. Once a writer has come, the
/// reader opens the FIFO while a write end held here for that moment makes the
/// blocking `open` return at once, so what the first writer wrote (and its end,
/// if it has gone already) is read as it was.
///
/// macOS is not checked (see CONTRIBUTING.md): there `poll` may say such a FIFO is
/// hung up before any writer came, and the reading would then end at once.
package enum FirstWriterWait {
    /// Waits for the first writer of the FIFO at a path, then opens the reader, and returns what it gave.
    ///
    /// Wraps `stat`, `open` and `poll`. Needs ``SignalRelay/install(events:relaysSuspend:)`` first. A path that is
    /// not a FIFO, or that cannot be opened here, is handed to `openReader` at once, for it to open or report.
    ///
    /// - Parameters:
    ///   - path: The path.
    ///   - openReader: Opens the reader; it runs while a writer is there.
    /// - Returns: What `openReader` returned, or the termination signal that ended the wait first.
    package static func open<Reader>(_ path: String, openReader: () -> Reader) -> Result<Reader, Ended> {
        guard let status = try? SystemDescriptor.status(ofPath: path), FileType(status) == .fifo,
            let reader = try? SystemDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        else {
            return .success(openReader())
        }
        defer { reader.close() }
        if let signal = waitForWriter(on: reader) {
            return .failure(Ended(signal: signal))
        }
        // A reader is there (this one), so opening the write end cannot block or fail with ENXIO.
        let heldWriter = try? SystemDescriptor.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)
        defer { heldWriter?.close() }
        return .success(openReader())
    }

    /// Why the wait ended without a writer.
    package struct Ended: Error, Equatable {
        /// The termination signal that arrived.
        package var signal: Int32
    }

    /// Polls the FIFO and the relay's pipe until a writer comes (`nil`) or a termination signal arrives (it).
    private static func waitForWriter(on reader: SystemDescriptor) -> Int32? {
        var sawSignal = false
        defer {
            // What was relayed as an event stays for the run; a byte in the pipe makes its first wait take it.
            if sawSignal { SignalRelay.wakeAgain() }
        }
        while true {
            if let signal = SignalRelay.terminationSignal { return signal }
            var polled = [
                pollfd(fd: reader.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: SignalRelay.wakeDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
            ]
            let result = Platform.poll(&polled, timeoutMilliseconds: -1)
            if result < 0 && Platform.errorNumber != EINTR {
                // Nothing to wait with: the reader's own open waits instead.
                return nil
            }
            if polled[1].revents != 0 {
                SignalRelay.drainWakeups()
                sawSignal = true
            }
            if polled[0].revents != 0 {
                return SignalRelay.terminationSignal
            }
        }
    }
}
