import CNCursesW

/// A way to read or write a descriptor without waiting that leaves the open file description behind it as it is.
///
/// `O_NONBLOCK` is a flag of the open file description, not of the descriptor: a pipe, FIFO or socket the
/// program was handed is shared with every program that holds it (a `cat` writing beside badgebar into the same
/// pipe, what runs after it), and setting the flag there makes their writes fail with `EAGAIN`, even after a
/// `SIGKILL`, since nothing puts it back. So the flag is never set on a description the program does not own
/// alone; each kind of file is reached another way:
///
/// - a pipe or FIFO is opened once more as a description of the program's own (``Platform/openAgain(_:_:)``,
///   Linux's `/proc/self/fd/N`), made non-blocking, and closed by ``close()``;
/// - a socket is written with `send` and read with `recv`, with `MSG_DONTWAIT`, a flag of the call;
/// - a regular file, a block device or a character device that is no terminal (`/dev/null`, `/dev/full`) is
///   used as it is: it never waits for another program;
/// - a description that is non-blocking already is used as it is;
/// - what is left, a terminal handed in as it is and a pipe or FIFO that cannot be opened again (on macOS, which
///   has no `/proc`), is polled first with no wait (`POLLOUT`, `POLLIN`); only when it is ready is it written,
///   at most `PIPE_BUF` bytes at once, which a pipe with that much room takes whole, or read once. Another
///   writer filling the pipe, or another reader taking its bytes, between the poll and the call can still make
///   that one call wait until the pipe moves, or until a signal interrupts it.
package struct NonBlockingAccess {
    /// How the descriptor is reached.
    package enum Method: Equatable, Sendable {
        /// `read` and `write` as they are: the description is non-blocking (the program's own) or never waits.
        case direct
        /// `recv` and `send` with `MSG_DONTWAIT`.
        case socket
        /// `poll` with no wait first, then one `read`, or one `write` of at most `PIPE_BUF` bytes.
        case pollFirst
    }

    /// The descriptor read or written: the one handed in, or the description of the program's own opened for it.
    package let descriptor: SystemDescriptor
    /// How it is reached.
    package let method: Method
    /// Whether ``descriptor`` was opened here, and ``close()`` closes it.
    package let ownsDescriptor: Bool

    /// Uses a descriptor as it is, non-blocking already or never waiting; the caller keeps it.
    package static func direct(_ descriptor: SystemDescriptor) -> NonBlockingAccess {
        NonBlockingAccess(descriptor: descriptor, method: .direct, ownsDescriptor: false)
    }

    /// The way to write a descriptor without waiting (wraps `fcntl(F_GETFL)`, `fstat` and, for a pipe, `open`).
    package static func writing(_ descriptor: SystemDescriptor) -> NonBlockingAccess {
        choose(for: descriptor, reopening: O_WRONLY)
    }

    /// The way to read a descriptor without waiting (wraps `fcntl(F_GETFL)`, `fstat` and, for a pipe, `open`).
    package static func reading(_ descriptor: SystemDescriptor) -> NonBlockingAccess {
        choose(for: descriptor, reopening: O_RDONLY)
    }

    private static func choose(for descriptor: SystemDescriptor, reopening mode: Int32) -> NonBlockingAccess {
        if let flags = try? descriptor.statusFlags(), flags & O_NONBLOCK != 0 {
            return .direct(descriptor)
        }
        let type = (try? descriptor.status()).map(FileType.init) ?? .other
        switch type {
        case .regular, .blockDevice:
            return .direct(descriptor)
        case .characterDevice where !descriptor.isTerminal:
            return .direct(descriptor)
        case .socket:
            return NonBlockingAccess(descriptor: descriptor, method: .socket, ownsDescriptor: false)
        case .fifo:
            let own = Platform.openAgain(descriptor.rawValue, mode | O_NONBLOCK)
            if own >= 0 {
                return NonBlockingAccess(
                    descriptor: SystemDescriptor(rawValue: own), method: .direct, ownsDescriptor: true)
            }
            return NonBlockingAccess(descriptor: descriptor, method: .pollFirst, ownsDescriptor: false)
        default:
            return NonBlockingAccess(descriptor: descriptor, method: .pollFirst, ownsDescriptor: false)
        }
    }

    /// Writes as much of a buffer as the descriptor takes now (wraps `write`, or `send`, or `poll` then `write`).
    ///
    /// - Returns: The count written; `nil` when it takes nothing now (`EAGAIN`), or a signal interrupted the call.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return 0 }
        let count: Int
        switch method {
        case .direct:
            count = cWrite(descriptor.rawValue, start, bytes.count)
        case .socket:
            count = Platform.sendWithoutWaiting(descriptor.rawValue, start, bytes.count)
        case .pollFirst:
            guard isReady(for: Int16(POLLOUT)) else { return nil }
            count = cWrite(descriptor.rawValue, start, min(bytes.count, Platform.atomicPipeWriteBytes))
        }
        if count >= 0 { return count }
        let failure = Platform.errorNumber
        if failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR { return nil }
        throw SystemError(call: method == .socket ? "send" : "write", errorNumber: failure)
    }

    /// Reads up to a buffer's size of what has arrived (wraps `read`, or `recv`, or `poll` then `read`).
    ///
    /// - Returns: The count read, 0 at the end of the input; `nil` when nothing has arrived (`EAGAIN`), or a
    ///   signal interrupted the call.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        guard buffer.count > 0 else { return 0 }
        let count: Int
        switch method {
        case .direct:
            count = cRead(descriptor.rawValue, buffer.baseAddress, buffer.count)
        case .socket:
            count = Platform.receiveWithoutWaiting(descriptor.rawValue, buffer.baseAddress, buffer.count)
        case .pollFirst:
            guard isReady(for: Int16(POLLIN)) else { return nil }
            count = cRead(descriptor.rawValue, buffer.baseAddress, buffer.count)
        }
        if count >= 0 { return count }
        let failure = Platform.errorNumber
        if failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR { return nil }
        throw SystemError(call: method == .socket ? "recv" : "read", errorNumber: failure)
    }

    /// Closes the description opened for the program, if one was; the descriptor handed in stays open.
    package func close() {
        if ownsDescriptor {
            descriptor.close()
        }
    }

    /// Whether the descriptor is ready now, or reports an end or an error, which the call then meets at once.
    private func isReady(for events: Int16) -> Bool {
        let ready = (try? descriptor.poll(for: events, timeoutMilliseconds: 0)) ?? 0
        return ready & (events | Int16(POLLERR | POLLHUP | POLLNVAL)) != 0
    }
}

// The C calls whose names the methods above shadow, reached under names of their own.
@inline(__always) private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
@inline(__always) private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
