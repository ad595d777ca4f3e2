import CNCursesW

/// Writes a message to a stream that may have stopped reading, such as standard error on a stalled terminal,
/// without ever hanging the program.
///
/// A terminal is written through a non-blocking description of its own
/// (``TerminalDevice``'s way), so the shell's flags stay as they are; any other
/// stream is written in pieces small enough that a pipe with room for them takes
/// them whole. When the stream takes nothing, the writer waits for room at most
/// until its deadline, and not at all once a termination signal has arrived
/// (``SignalRelay``): what the stream has not taken by then is dropped.
package enum MessageWriter {
    /// How long a message waits for a stream that takes nothing, by default.
    package static let defaultWaitSeconds = 1.0

    /// The largest piece written at once to a blocking stream: POSIX's smallest `PIPE_BUF`.
    static let pieceBytes = 512

    /// Writes every byte of a message, or gives up (wraps `write` and `poll`).
    ///
    /// - Parameters:
    ///   - bytes: The message.
    ///   - descriptor: Where it goes, such as ``SystemDescriptor/standardError``.
    ///   - seconds: The longest wait for a stream that takes nothing.
    /// - Returns: Whether all of it was written.
    @discardableResult
    package static func write(
        _ bytes: [UInt8], to descriptor: SystemDescriptor, waitingAtMostSeconds seconds: Double = defaultWaitSeconds
    ) -> Bool {
        var target = descriptor
        var isNonBlocking = false
        if descriptor.isTerminal {
            (target, isNonBlocking) = TerminalDevice.openOutput(for: descriptor)
        }
        defer {
            if target != descriptor && target.rawValue > 2 { target.close() }
        }
        let clock = MonotonicClock()
        var offset = 0
        while offset < bytes.count {
            let end = isNonBlocking ? bytes.count : min(bytes.count, offset + pieceBytes)
            // A blocking stream is only written once it has room, so the write cannot block.
            if isNonBlocking || hasRoom(target, waitingUntil: seconds, on: clock) {
                let outcome = bytes[offset..<end].withUnsafeBytes { piece in
                    Result { () throws(SystemError) in try target.write(piece) }
                }
                switch outcome {
                case .success(let written?) where written > 0:
                    offset += written
                    continue
                case .success:
                    break
                case .failure:
                    return false
                }
            }
            guard SignalRelay.terminationSignal == nil, clock.now < seconds,
                hasRoom(target, waitingUntil: seconds, on: clock)
            else { return false }
        }
        return true
    }

    /// Waits until a stream takes more, the deadline passes or a termination signal arrives (wraps `poll`).
    private static func hasRoom(_ descriptor: SystemDescriptor, waitingUntil deadline: Double, on clock: MonotonicClock)
        -> Bool
    {
        // One look without waiting, even with no time left or a termination signal in: a stream with room takes
        // the message at once.
        var left = 0.0
        repeat {
            // A signal the relay catches interrupts the wait (its handlers do not restart calls).
            var polled = [pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)]
            _ = Platform.poll(&polled, timeoutMilliseconds: Int32((min(left, 0.25) * 1000).rounded(.up)))
            // A closed descriptor (POLLNVAL, `2>&-`) counts too: the write then fails at once with EBADF.
            if polled[0].revents & Int16(POLLOUT | POLLERR | POLLHUP | POLLNVAL) != 0 { return true }
            left = deadline - clock.now
        } while left > 0 && SignalRelay.terminationSignal == nil
        return false
    }
}
