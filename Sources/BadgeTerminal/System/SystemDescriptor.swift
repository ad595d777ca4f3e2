import CNCursesW

/// An open file descriptor, with each call on it checked: retried on `EINTR`, failures thrown as ``SystemError``.
///
/// It is a plain value, as in swift-system: copying it does not duplicate the
/// descriptor, and nothing closes it but ``close()``.
public struct SystemDescriptor: Sendable, Hashable {
    /// The descriptor number.
    public let rawValue: Int32

    /// Wraps a descriptor number.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Standard input.
    public static let standardInput = SystemDescriptor(rawValue: 0)
    /// Standard output.
    public static let standardOutput = SystemDescriptor(rawValue: 1)
    /// Standard error.
    public static let standardError = SystemDescriptor(rawValue: 2)

    /// Opens a path (wraps `open`); the descriptor is always close-on-exec.
    ///
    /// - Parameters:
    ///   - path: The path.
    ///   - flags: `O_RDONLY`, `O_WRONLY | O_CREAT | O_TRUNC` and the like.
    ///   - permissions: The mode of a file the call creates.
    public static func open(_ path: String, _ flags: Int32, permissions: Int = 0o644) throws(SystemError)
        -> SystemDescriptor
    {
        let descriptor = try SystemCall.retrying("open") { cOpen(path, flags | O_CLOEXEC, mode_t(permissions)) }
        return SystemDescriptor(rawValue: descriptor)
    }

    /// Closes the descriptor (wraps `close`); an error is ignored, as the descriptor is gone whatever it says.
    public func close() {
        _ = cClose(rawValue)
    }

    /// Reads up to a buffer's size (wraps `read`).
    ///
    /// - Returns: The count read, 0 at the end of the input, or `nil` when a
    ///   non-blocking descriptor has nothing to read (`EAGAIN`).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        while true {
            let count = cRead(rawValue, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let failure = Platform.errorNumber
            if failure == EINTR { continue }
            if failure == EAGAIN || failure == EWOULDBLOCK { return nil }
            throw SystemError(call: "read", errorNumber: failure)
        }
    }

    /// Writes as much of a buffer as the descriptor takes now (wraps `write`).
    ///
    /// - Returns: The count written; `nil` when a non-blocking descriptor takes nothing now (`EAGAIN`).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        guard bytes.count > 0 else { return 0 }
        while true {
            let count = cWrite(rawValue, bytes.baseAddress, bytes.count)
            if count >= 0 { return count }
            let failure = Platform.errorNumber
            if failure == EINTR { continue }
            if failure == EAGAIN || failure == EWOULDBLOCK { return nil }
            throw SystemError(call: "write", errorNumber: failure)
        }
    }

    /// Writes all of a buffer on a blocking descriptor (wraps `write`).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            guard let written = try write(UnsafeRawBufferPointer(rebasing: bytes[offset...])) else {
                throw SystemError(call: "write", errorNumber: EAGAIN)
            }
            offset += written
        }
    }

    /// The status flags, such as `O_NONBLOCK` (wraps `fcntl(F_GETFL)`).
    public func statusFlags() throws(SystemError) -> Int32 {
        try SystemCall.retrying("Platform.fcntl(F_GETFL)") { Platform.fcntl(rawValue, F_GETFL) }
    }

    /// Replaces the status flags (wraps `fcntl(F_SETFL)`).
    public func setStatusFlags(_ flags: Int32) throws(SystemError) {
        try SystemCall.retrying("Platform.fcntl(F_SETFL)") { Platform.fcntl(rawValue, F_SETFL, flags) }
    }

    /// Makes reads and writes return at once instead of waiting (adds `O_NONBLOCK` with `fcntl`).
    public func setNonBlocking() throws(SystemError) {
        try setStatusFlags(try statusFlags() | O_NONBLOCK)
    }

    /// Closes the descriptor in programs this one starts (wraps `fcntl(F_SETFD, FD_CLOEXEC)`).
    public func setCloseOnExec() throws(SystemError) {
        try SystemCall.retrying("Platform.fcntl(F_SETFD)") { Platform.fcntl(rawValue, F_SETFD, FD_CLOEXEC) }
    }

    /// Puts `/dev/null` in the descriptor's place, under the same number, which lets go of what it named (wraps
    /// `open`, `dup2` and `close`); it stays open, so no file opened later takes the number.
    ///
    /// For standard input that is no longer read: a writer of a pipe nobody reads would block once it filled,
    /// where now it is told the reader went. A failure leaves the descriptor as it was.
    func replaceWithNullDevice() {
        guard let null = try? Self.open("/dev/null", O_RDONLY) else { return }
        _ = try? SystemCall.retrying("dup2") { cDuplicate(null.rawValue, rawValue) }
        null.close()
    }

    /// The file's type, size and device (wraps `fstat`).
    public func status() throws(SystemError) -> stat {
        var status = stat()
        try SystemCall.retrying("fstat") { fstat(rawValue, &status) }
        return status
    }

    /// Whether the descriptor is a terminal (wraps `isatty`).
    public var isTerminal: Bool {
        isatty(rawValue) == 1
    }

    /// Whether the descriptor is this process's controlling terminal (wraps `tcgetpgrp`).
    ///
    /// `tcgetpgrp` succeeds only on the controlling terminal, whatever path opened it
    /// (`/dev/tty` or its `/dev/pts/N` name).
    public var isControllingTerminal: Bool {
        isTerminal && tcgetpgrp(rawValue) != -1
    }

    /// Whether the descriptor is the terminal the program runs in: its controlling terminal, or the one on a
    /// descriptor it uses (by device number), such as standard input.
    ///
    /// - Parameters:
    ///   - device: The descriptor's device number (`st_rdev` from ``status()``).
    ///   - terminalsInUse: The descriptors whose terminal the program uses.
    func isProgramTerminal(device: dev_t, terminalsInUse: [SystemDescriptor]) -> Bool {
        guard isTerminal else { return false }
        if isControllingTerminal { return true }
        return terminalsInUse.contains { used in
            guard used.isTerminal, let status = try? used.status() else { return false }
            return status.st_rdev == device
        }
    }

    /// Waits until the descriptor is ready for some of the events asked for, or a timeout passes (wraps `poll`).
    ///
    /// - Parameters:
    ///   - events: `POLLIN`, `POLLOUT` and the like.
    ///   - timeoutMilliseconds: The longest wait; 0 only checks, negative waits without a limit.
    /// - Returns: The events that happened, with `POLLERR`, `POLLHUP` and `POLLNVAL` among them;
    ///   empty when the time passed or a signal ended the wait (so that callers with a deadline
    ///   recompute what is left of it).
    public func poll(for events: Int16, timeoutMilliseconds: Int32) throws(SystemError) -> Int16 {
        var request = [pollfd(fd: rawValue, events: events, revents: 0)]
        let ready = Platform.poll(&request, timeoutMilliseconds: timeoutMilliseconds)
        if ready < 0 {
            let failure = Platform.errorNumber
            if failure == EINTR { return 0 }
            throw SystemError(call: "poll", errorNumber: failure)
        }
        return ready == 0 ? 0 : request[0].revents
    }

    /// Cuts a regular file to a length (wraps `ftruncate`).
    public func truncate(toLength length: Int) throws(SystemError) {
        try SystemCall.retrying("ftruncate") { ftruncate(rawValue, off_t(length)) }
    }

    /// Moves the file offset (wraps `lseek`) and returns the new offset.
    @discardableResult
    public func seek(toOffset offset: Int, from whence: Int32 = SEEK_SET) throws(SystemError) -> Int {
        Int(try SystemCall.retrying("lseek") { lseek(rawValue, off_t(offset), whence) })
    }

    /// The type, size and device of the file a path names, following symbolic links (wraps `stat`).
    public static func status(ofPath path: String) throws(SystemError) -> stat {
        var status = stat()
        try SystemCall.retrying("stat") { stat(path, &status) }
        return status
    }

    /// The type, size and device of what a path names, a symbolic link itself rather than what it points to
    /// (wraps `lstat`).
    package static func linkStatus(ofPath path: String) throws(SystemError) -> stat {
        var status = stat()
        try SystemCall.retrying("lstat") { lstat(path, &status) }
        return status
    }

    /// Creates a pipe (wraps `pipe`); both ends are close-on-exec.
    public static func pipe() throws(SystemError) -> (read: SystemDescriptor, write: SystemDescriptor) {
        var descriptors: [Int32] = [-1, -1]
        try SystemCall.retrying("pipe") { cPipe(&descriptors) }
        let ends = (read: SystemDescriptor(rawValue: descriptors[0]), write: SystemDescriptor(rawValue: descriptors[1]))
        do {
            try ends.read.setCloseOnExec()
            try ends.write.setCloseOnExec()
        } catch {
            ends.read.close()
            ends.write.close()
            throw error
        }
        return ends
    }
}

// The C calls whose names the methods above shadow, reached under names of their own.
@inline(__always) private func cOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    Platform.open(path, flags, mode)
}
@inline(__always) private func cPipe(_ descriptors: UnsafeMutablePointer<Int32>) -> Int32 {
    pipe(descriptors)
}
@inline(__always) private func cDuplicate(_ descriptor: Int32, _ target: Int32) -> Int32 {
    dup2(descriptor, target)
}
@inline(__always) private func cClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
@inline(__always) private func cRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
{
    read(descriptor, buffer, count)
}
@inline(__always) private func cWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

extension SystemDescriptor {
    /// Opens `/dev/null` on each of standard input, output and error that is closed, so that no file the program
    /// opens later takes its number (a stream's lines in the events' file, counts read as a bar's clicks); returns
    /// the ones that were closed (wraps `fcntl` with `F_GETFD`, and `open`).
    ///
    /// Called first thing, before any other descriptor is opened: each `/dev/null` then takes the lowest free
    /// number, the closed one's.
    package static func reserveClosedStandardDescriptors() -> Set<SystemDescriptor> {
        var closed: Set<SystemDescriptor> = []
        for descriptor in [standardInput, standardOutput, standardError] {
            guard Platform.fcntl(descriptor.rawValue, F_GETFD) == -1, Platform.errorNumber == EBADF else { continue }
            closed.insert(descriptor)
            _ = Platform.open("/dev/null", descriptor == standardInput ? O_RDONLY : O_WRONLY, 0)
        }
        return closed
    }
}
