import BadgeKit
import CNCursesW

/// A Unix socket through which other programs talk to a running `badgebar`: a bar's click command presses a
/// button, a script refreshes the watches or sets a count.
///
/// The running program makes the socket (``open(path:waitingAtMostSeconds:)``) and
/// listens on it; each client connects, writes its lines and closes
/// (``send(_:to:)``). Every connection is read apart from the others, so a line one
/// client leaves without a line end never joins another client's line, and a
/// client that connects when no badgebar listens is told so at once instead of
/// waiting. Only the user the program runs as gets in: the socket is made
/// readable and writable by that user alone, and a connection from anyone else is
/// closed unread (``admits(connection:)``).
///
/// A path is taken only when it is free or holds what an earlier badgebar of the
/// same user left there (a socket nobody listens on, or the FIFO older versions
/// made); anything else, or anything another user owns, is refused. While another
/// badgebar listens on the path, the new one waits a moment for it to go (a bar
/// restarting its badgebar starts the new one while the old one ends), then
/// refuses. The program lets the path go first thing when it ends (``release()``),
/// before its children are ended, and removes only the socket it made, never what
/// has taken the path since.
package final class ControlChannel {
    /// The socket's path.
    package let path: String
    /// The listening socket, non-blocking and readable when a client connects; `nil` once released.
    package private(set) var descriptor: SystemDescriptor?
    /// The device and inode of the socket this program made, so that only that socket is removed.
    private let identity: (device: UInt64, inode: UInt64)?

    /// The longest line a client may send: the longest line a live input source delivers.
    package static let longestLineBytes = LineBatch.maximumLineBytes

    /// How long a new badgebar waits by default for another that listens on its path to go.
    package static let defaultTakeOverSeconds = 2.0

    /// The most clients read at once; one more is closed unread until one of them is done.
    package static let maximumConnections = 64

    /// Why a channel cannot be opened or a line cannot be sent, in one line each.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path names something that badgebar did not make there: a file, a folder, a link.
        case notSocket(path: String, kind: String)
        /// What the path names belongs to another user.
        case ownedByAnotherUser(path: String, user: UInt32)
        /// Another user could put something else at the path: its folder is theirs, or anybody's.
        case folderNotSafe(path: String, reason: String)
        /// Another badgebar listens on the path, and did not go.
        case inUse(path: String, process: Int32?)
        /// The path is longer than a socket's path may be.
        case pathTooLong(path: String)
        /// The socket could not be made or reached.
        case system(path: String, SystemError)
        /// No badgebar listens on the path.
        case noListener(path: String)
        /// The socket is there but the user may not connect to it.
        case permissionDenied(path: String)
        /// The line is longer than ``ControlChannel/longestLineBytes``.
        case lineTooLong(byteCount: Int)
        /// A badgebar listens, but takes no connection or line now (it is stopped, or overwhelmed).
        case notAnswering(path: String)

        package var description: String {
            switch self {
            case .notSocket(let path, let kind):
                return "--control \(Sanitizer.printable(path)): \(kind) that badgebar did not make is there; "
                    + "remove it or name another path"
            case .ownedByAnotherUser(let path, let user):
                return "--control \(Sanitizer.printable(path)): it belongs to another user (uid \(user)); "
                    + "name a path of your own, such as $XDG_RUNTIME_DIR/badgebar-control"
            case .folderNotSafe(let path, let reason):
                return "--control \(Sanitizer.printable(path)): \(reason); name a path in a folder of your own, "
                    + "such as $XDG_RUNTIME_DIR"
            case .inUse(let path, let process):
                let who = process.map { "another badgebar (process \($0))" } ?? "another badgebar"
                return "--control \(Sanitizer.printable(path)): \(who) listens there; give each badgebar a "
                    + "--control of its own"
            case .pathTooLong(let path):
                return "--control \(Sanitizer.printable(path)): the path is \(path.utf8.count) bytes; a socket's "
                    + "path has at most \(Platform.longestSocketPathBytes)"
            case .system(let path, let error):
                return "--control \(Sanitizer.printable(path)): \(error.reason)"
            case .noListener(let path):
                let path = Sanitizer.printable(path)
                return "no badgebar listens on \(path); start one with --control \(path)"
            case .permissionDenied(let path):
                return "--control \(Sanitizer.printable(path)): permission denied; the badgebar there runs as "
                    + "another user"
            case .notAnswering(let path):
                return "the badgebar on \(Sanitizer.printable(path)) does not answer (is it stopped?)"
            case .lineTooLong(let byteCount):
                return "the line for --control is \(byteCount) bytes; at most \(ControlChannel.longestLineBytes) "
                    + "go in one line"
            }
        }
    }

    private init(path: String, descriptor: SystemDescriptor, identity: (device: UInt64, inode: UInt64)?) {
        self.path = path
        self.descriptor = descriptor
        self.identity = identity
    }

    deinit {
        release()
    }

    /// Makes the socket at a path and listens on it (wraps `lstat`, `socket`, `bind`, `listen` and `connect`).
    ///
    /// - Parameters:
    ///   - path: Where to make it.
    ///   - seconds: How long to wait for another badgebar that listens there to go.
    /// - Throws: ``Failure``: the path holds something else or another user's file, another badgebar listens
    ///   there, or the socket cannot be made.
    package static func open(
        path: String, waitingAtMostSeconds seconds: Double = defaultTakeOverSeconds
    ) throws(Failure) -> ControlChannel {
        guard path.utf8.count <= Platform.longestSocketPathBytes else { throw .pathTooLong(path: path) }
        try checkFolder(of: path)
        let clock = MonotonicClock()
        while true {
            if let status = try? linkStatus(ofPath: path) {
                guard status.st_uid == Platform.effectiveUser else {
                    throw .ownedByAnotherUser(path: path, user: UInt32(status.st_uid))
                }
                switch FileType(status) {
                case .socket:
                    switch probe(path) {
                    case .listening(let process):
                        guard clock.now < seconds else { throw .inUse(path: path, process: process) }
                        Platform.sleep(seconds: 0.05)
                        continue
                    case .gone:
                        continue
                    case .stale:
                        break
                    case .failed(let error):
                        throw .system(path: path, error)
                    }
                case .fifo:
                    // What an older badgebar made: the same user's, and read by nobody once it is replaced.
                    break
                case let kind:
                    throw .notSocket(path: path, kind: kind.article)
                }
                if Platform.removeFile(path) != 0 && Platform.errorNumber != ENOENT {
                    throw .system(path: path, SystemError(call: "unlink", errorNumber: Platform.errorNumber))
                }
            }
            do throws(SystemError) {
                guard let channel = try listen(at: path) else { continue }
                return channel
            } catch {
                throw .system(path: path, error)
            }
        }
    }

    /// Refuses a folder where another user could put something else at the path once the socket is made: one
    /// that user owns, or one anybody may write to without the sticky bit (as `/tmp` has) that keeps each
    /// user's files their own.
    private static func checkFolder(of path: String) throws(Failure) {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        guard let status = try? SystemDescriptor.status(ofPath: folder.isEmpty ? "/" : folder) else { return }
        let owner = status.st_uid
        if owner != Platform.effectiveUser && owner != 0 {
            throw .folderNotSafe(path: path, reason: "its folder belongs to another user (uid \(owner))")
        }
        if status.st_mode & 0o002 != 0 && status.st_mode & 0o1000 == 0 {
            throw .folderNotSafe(path: path, reason: "anybody may replace what is in its folder (no sticky bit)")
        }
    }

    /// Makes and binds the socket, or `nil` when something took the path meanwhile (`EADDRINUSE`).
    private static func listen(at path: String) throws(SystemError) -> ControlChannel? {
        let descriptor = SystemDescriptor(rawValue: try SystemCall.once("socket") { Platform.makeUnixStreamSocket() })
        do throws(SystemError) {
            if Platform.bindUnixSocket(descriptor.rawValue, to: path) != 0 {
                let error = Platform.errorNumber
                descriptor.close()
                if error == EADDRINUSE { return nil }
                throw SystemError(call: "bind", errorNumber: error)
            }
            try SystemCall.once("listen") { Platform.listenForConnections(descriptor.rawValue, backlog: 16) }
            try descriptor.setNonBlocking()
        } catch {
            _ = Platform.removeFile(path)
            descriptor.close()
            throw error
        }
        let identity = (try? linkStatus(ofPath: path)).map { (UInt64($0.st_dev), UInt64($0.st_ino)) }
        return ControlChannel(path: path, descriptor: descriptor, identity: identity)
    }

    /// What a connection to an existing socket found.
    private enum Probe {
        /// Another program listens there (the process, where it can be told).
        case listening(process: Int32?)
        /// Nothing listens: a socket left behind.
        case stale
        /// The socket went while it was probed.
        case gone
        case failed(SystemError)
    }

    private static func probe(_ path: String) -> Probe {
        guard let descriptor = try? SystemCall.once("socket", { Platform.makeUnixStreamSocket() }) else {
            return .failed(SystemError(call: "socket", errorNumber: Platform.errorNumber))
        }
        defer { SystemDescriptor(rawValue: descriptor).close() }
        if Platform.connectUnixSocket(descriptor, to: path) == 0 {
            return .listening(process: Platform.peer(ofSocket: descriptor)?.process)
        }
        switch Platform.errorNumber {
        case ECONNREFUSED: return .stale
        case ENOENT: return .gone
        case let error: return .failed(SystemError(call: "connect", errorNumber: error))
        }
    }

    /// The status of what a path names itself, a symbolic link included (wraps `lstat`).
    private static func linkStatus(ofPath path: String) throws(SystemError) -> stat {
        var status = stat()
        try SystemCall.retrying("lstat") { lstat(path, &status) }
        return status
    }

    /// Takes the next client waiting (wraps `accept`), non-blocking and closed on exec; `nil` when none waits.
    ///
    /// A client that is not the program's own user is closed unread, and the next one is taken.
    package func acceptConnection() -> SystemDescriptor? {
        guard let descriptor else { return nil }
        while true {
            let accepted = Platform.acceptConnection(descriptor.rawValue)
            if accepted < 0 {
                if Platform.errorNumber == EINTR || Platform.errorNumber == ECONNABORTED { continue }
                return nil
            }
            let connection = SystemDescriptor(rawValue: accepted)
            guard Self.admits(connection: connection), (try? connection.setNonBlocking()) != nil,
                (try? connection.setCloseOnExec()) != nil
            else {
                connection.close()
                continue
            }
            return connection
        }
    }

    /// Whether a client may talk to the program, as it runs as the same user (wraps `getsockopt` with
    /// `SO_PEERCRED`, or `getpeereid`); root reaches every user's badgebar, as it reaches every file.
    static func admits(connection: SystemDescriptor) -> Bool {
        guard let peer = Platform.peer(ofSocket: connection.rawValue) else { return false }
        return peer.user == Platform.effectiveUser || peer.user == 0
    }

    /// Lets the path go, removing the socket if it is still the one this program made (wraps `unlink`), then
    /// stops listening; safe to call more than once.
    ///
    /// The socket is removed while the program still listens, so no other badgebar takes the path before it is
    /// removed: a new one waits while this one listens, and finds the path free once it is gone.
    package func release() {
        guard let descriptor else { return }
        if let identity, let status = try? Self.linkStatus(ofPath: path),
            UInt64(status.st_dev) == identity.device, UInt64(status.st_ino) == identity.inode
        {
            _ = Platform.removeFile(path)
        }
        descriptor.close()
        self.descriptor = nil
    }

    /// Sends one line (a newline is added) to the badgebar that listens on a path, without waiting for it to
    /// read it (wraps `socket`, `connect` and `write`).
    ///
    /// - Throws: ``Failure/noListener(path:)`` when no badgebar listens there, ``Failure/permissionDenied(path:)``
    ///   when it runs as another user, ``Failure/lineTooLong(byteCount:)``, or ``Failure/system(path:_:)``.
    package static func send(_ line: String, to path: String) throws(Failure) {
        try send(lines: [line], to: path)
    }

    /// Sends lines, in one connection, to the badgebar that listens on a path.
    ///
    /// - Throws: As ``send(_:to:)``; a line too long is refused before anything is sent.
    package static func send(lines: [String], to path: String) throws(Failure) {
        var bytes: [UInt8] = []
        for line in lines {
            let count = line.utf8.count + 1
            guard count <= longestLineBytes + 1 else { throw .lineTooLong(byteCount: count) }
            bytes += Array(line.utf8) + [0x0A]
        }
        guard path.utf8.count <= Platform.longestSocketPathBytes else { throw .pathTooLong(path: path) }
        // Lines go only to a badgebar of the same user: another user's socket at the path could be anybody's.
        if let status = try? linkStatus(ofPath: path), status.st_uid != Platform.effectiveUser,
            Platform.effectiveUser != 0
        {
            throw .ownedByAnotherUser(path: path, user: UInt32(status.st_uid))
        }
        let socket: SystemDescriptor
        do {
            socket = SystemDescriptor(rawValue: try SystemCall.once("socket") { Platform.makeUnixStreamSocket() })
        } catch {
            throw .system(path: path, error)
        }
        defer { socket.close() }
        // Non-blocking, so a badgebar that is stopped (its queue of connections full) never holds the client.
        try? socket.setNonBlocking()
        if Platform.connectUnixSocket(socket.rawValue, to: path) != 0 {
            switch Platform.errorNumber {
            case ENOENT, ECONNREFUSED, ENOTSOCK: throw .noListener(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case EAGAIN: throw .notAnswering(path: path)
            case let error: throw .system(path: path, SystemError(call: "connect", errorNumber: error))
            }
        }
        let clock = MonotonicClock()
        var offset = 0
        while offset < bytes.count {
            var written: Int?
            do throws(SystemError) {
                written = try Self.write(bytes[offset...], to: socket)
            } catch {
                if error.errorNumber == EPIPE || error.errorNumber == ECONNRESET { throw .noListener(path: path) }
                throw .system(path: path, error)
            }
            if let written {
                offset += written
                continue
            }
            let left = sendingSeconds - clock.now
            guard left > 0 else { throw .notAnswering(path: path) }
            _ = try? socket.poll(for: Int16(POLLOUT), timeoutMilliseconds: Int32((left * 1000).rounded(.up)))
        }
    }

    /// Writes what a socket takes now of some bytes (wraps `write`); `nil` when it takes nothing now.
    private static func write(_ bytes: ArraySlice<UInt8>, to socket: SystemDescriptor) throws(SystemError) -> Int? {
        var result: Result<Int?, SystemError> = .success(nil)
        bytes.withUnsafeBytes { buffer in
            result = Result { () throws(SystemError) in try socket.write(buffer) }
        }
        return try result.get()
    }

    /// The longest a client waits for a badgebar to take its lines.
    package static let sendingSeconds = 5.0
}

extension FileType {
    /// The kind of file with its article, for messages: `a regular file`, `a folder`.
    var article: String {
        switch self {
        case .regular: return "a regular file"
        case .directory: return "a folder"
        case .fifo: return "a FIFO"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        case .other: return "a file"
        }
    }
}
