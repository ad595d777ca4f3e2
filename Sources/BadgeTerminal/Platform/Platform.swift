// Everything in BadgeTerminal that differs between Linux and macOS is in this file: the C library
// it imports (here only: the other files reach C through CNCursesW, and nothing is re-exported), the shape of `sigaction`, the range of signal numbers, the signals only Linux has,
// the process tree (a child subreaper and `/proc`, which only Linux has), and being told of a changed file
// (inotify, which only Linux has). The calls that wait (`poll`, `waitpid`) or signal (`kill`) are here
// too, each behind one wrapper, so a search of the sources finds each raw call in one place.
// Every other file uses the names declared here, so porting means reading one file.

import CNCursesW

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("BadgeTerminal needs a POSIX C library")
#endif

/// The differences between the platforms BadgeTerminal runs on, behind one set of names.
package enum Platform {
    /// The error number of the calling thread's last failed C call (the C library's `errno`, a macro C
    /// reaches through a function of each platform's own).
    package static var errorNumber: Int32 {
        get {
            #if canImport(Glibc)
                Glibc.errno
            #elseif canImport(Musl)
                Musl.errno
            #else
                Darwin.errno
            #endif
        }
        set {
            #if canImport(Glibc)
                Glibc.errno = newValue
            #elseif canImport(Musl)
                Musl.errno = newValue
            #else
                Darwin.errno = newValue
            #endif
        }
    }

    /// Opens a file (wraps `open`, which C declares variadic: the platform's Swift module gives the fixed forms).
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.open(path, flags, mode)
        #elseif canImport(Musl)
            Musl.open(path, flags, mode)
        #else
            Darwin.open(path, flags, mode)
        #endif
    }

    /// The running program's own path, for a command that runs it again (wraps `readlink` of `/proc/self/exe` on
    /// Linux); `nil` where it cannot be read, or on another system.
    package static func executablePath() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
                guard let start = pointer.baseAddress else { return -1 }
                return readlink("/proc/self/exe", start, pointer.count - 1)
            }
            guard length > 0 else { return nil }
            return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return nil
        #endif
    }

    /// Makes a FIFO at a path (wraps `mkfifo`); 0, or -1 with the error number set.
    static func makeFIFO(_ path: String, _ mode: mode_t) -> Int32 {
        mkfifo(path, mode)
    }

    /// Removes a name from the file system (wraps `unlink`); 0, or -1 with the error number set.
    static func removeFile(_ path: String) -> Int32 {
        unlink(path)
    }

    /// A descriptor's flags or a command on it with an argument (wraps `fcntl`, variadic in C).
    static func fcntl(_ descriptor: Int32, _ command: Int32, _ argument: Int32 = 0) -> Int32 {
        #if canImport(Glibc)
            Glibc.fcntl(descriptor, command, argument)
        #elseif canImport(Musl)
            Musl.fcntl(descriptor, command, argument)
        #else
            Darwin.fcntl(descriptor, command, argument)
        #endif
    }

    /// Opens the file a descriptor refers to once more, as a new open file description of the program's own
    /// (wraps `open` of Linux's `/proc/self/fd/N`); the descriptor, or -1 with the error number set.
    ///
    /// For a pipe or FIFO that is the same pipe, with status flags of its own: making it non-blocking leaves
    /// the description others share as it is. A socket cannot be opened this way (`ENXIO`). macOS has no
    /// `/proc`, and its `/dev/fd/N` gives a copy of the same description, which is no use here: there the
    /// answer is always -1 with `ENOSYS`, and callers fall back to waiting for room with `poll` first.
    static func openAgain(_ descriptor: Int32, _ flags: Int32) -> Int32 {
        #if os(Linux)
            return open("/proc/self/fd/\(descriptor)", flags | O_CLOEXEC | O_NOCTTY, 0)
        #else
            errorNumber = ENOSYS
            return -1
        #endif
    }

    /// Writes to a socket without waiting and without SIGPIPE (wraps `send` with `MSG_DONTWAIT` and, on Linux,
    /// `MSG_NOSIGNAL`); the count written, or -1 with the error number set (`EAGAIN` when it takes nothing now).
    ///
    /// The flags belong to the call, not to the socket's description, which other programs may share. macOS has
    /// no `MSG_NOSIGNAL`; SIGPIPE is ignored there as here (``SignalRelay``), so a reader gone is `EPIPE` alike.
    static func sendWithoutWaiting(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
            return send(descriptor, buffer, count, MSG_DONTWAIT)
        #else
            return send(descriptor, buffer, count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
        #endif
    }

    /// Reads from a socket without waiting (wraps `recv` with `MSG_DONTWAIT`); the count read, 0 at the end, or -1
    /// with the error number set (`EAGAIN` when nothing has arrived).
    static func receiveWithoutWaiting(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
            return recv(descriptor, buffer, count, MSG_DONTWAIT)
        #else
            return recv(descriptor, buffer, count, Int32(MSG_DONTWAIT))
        #endif
    }

    /// The most bytes a pipe takes whole in one write (`PIPE_BUF`): 4096 on Linux, 512 on macOS.
    #if canImport(Darwin)
        static let atomicPipeWriteBytes = 512
    #else
        static let atomicPipeWriteBytes = 4096
    #endif

    /// The file-type bits of a `stat`'s `st_mode` (`S_IFMT`), typed as the mode is.
    #if canImport(Glibc)
        static let fileTypeMask = Glibc.S_IFMT
    #elseif canImport(Musl)
        static let fileTypeMask = Musl.S_IFMT
    #else
        static let fileTypeMask = Darwin.S_IFMT
    #endif

    /// A `sigaction` that runs a handler, with no signals blocked while it runs beyond the one caught.
    ///
    /// - Parameters:
    ///   - handler: The handler; it may call async-signal-safe functions only.
    ///   - flags: `SA_ONSTACK` and the like; `SA_RESTART` is never wanted here, so that a signal
    ///     interrupts a blocking call.
    static func action(handler: @convention(c) (Int32) -> Void, flags: Int32 = 0) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        return action
    }

    /// A `sigaction` that gives a signal its default action (`SIG_DFL`) or ignores it (`SIG_IGN`).
    static func action(disposition: Disposition) -> sigaction {
        var action = sigaction()
        let handler = disposition == .ignore ? SIG_IGN : SIG_DFL
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        return action
    }

    /// A disposition that needs no handler.
    enum Disposition {
        /// The signal's default action.
        case standard
        /// The signal is discarded.
        case ignore
    }

    /// Whether an action is `SIG_IGN`, such as one inherited from `nohup`.
    static func isIgnored(_ action: sigaction) -> Bool {
        handlerAddress(action) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Whether an action is `SIG_DFL`, the signal's default action.
    static func isDefault(_ action: sigaction) -> Bool {
        handlerAddress(action) == unsafeBitCast(SIG_DFL, to: Int.self)
    }

    /// The handler of an action as a number, for comparing with `SIG_IGN` and `SIG_DFL`.
    private static func handlerAddress(_ action: sigaction) -> Int {
        #if canImport(Darwin)
            let handler = action.__sigaction_u.__sa_handler
        #else
            let handler = action.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self)
    }

    /// The highest signal number: the last real-time signal on Linux (wraps `__libc_current_sigrtmax`), 31 on macOS.
    static var highestSignal: Int32 {
        #if canImport(Darwin)
            return NSIG - 1
        #else
            return __libc_current_sigrtmax()
        #endif
    }

    /// The `posix_spawnattr_setflags` flag that starts the child in a new session (`POSIX_SPAWN_SETSID`).
    ///
    /// glibc and musl declare it only for `_GNU_SOURCE`, which the Swift import does not set, so its value
    /// is written here: 0x80 there, 0x400 on macOS (10.15 and later).
    static let spawnInNewSession: Int32 = {
        #if canImport(Darwin)
            return 0x400
        #else
            return 0x80
        #endif
    }()

    /// Gives memory freed to the allocator back to the system (wraps glibc's `malloc_trim`; nothing elsewhere).
    ///
    /// After a resize the old screens are freed, but glibc keeps freed memory
    /// in its heap; trimming brings the resident set back to what the new size needs.
    static func returnFreedMemory() {
        cnc_return_freed_memory()
    }

    /// Makes the program the reaper of its orphaned descendants, and says whether it now is (wraps
    /// `prctl(PR_SET_CHILD_SUBREAPER)` through the shim's `cnc_become_child_subreaper`).
    ///
    /// On Linux a process whose parent exits is then handed to this program instead of to init, whatever
    /// session or process group it moved to, so it stays among the program's descendants. macOS has no
    /// such thing: there the answer is always `false`.
    static func becomeChildSubreaper() -> Bool {
        cnc_become_child_subreaper() == 0
    }

    /// One process as the system lists it.
    struct ProcessEntry: Equatable, Sendable {
        /// Its process identifier.
        var identifier: pid_t
        /// Its parent's process identifier.
        var parent: pid_t
        /// Its session's identifier.
        var session: pid_t
        /// Whether it has exited and waits for its parent to collect its status (a zombie): it runs no more.
        var isZombie: Bool
    }

    /// Every process the system lists, for finding a program's descendants (Linux: each `/proc/<pid>/stat`,
    /// read with `opendir`, `readdir`, `open` and `read`).
    ///
    /// A process that ends while the list is read is left out. macOS has no `/proc`: the list is empty there,
    /// so a program knows only the children it started itself.
    static func processTable() -> [ProcessEntry] {
        #if canImport(Darwin)
            return []
        #else
            guard let directory = opendir("/proc") else { return [] }
            defer { closedir(directory) }
            var entries: [ProcessEntry] = []
            var buffer = [UInt8](repeating: 0, count: 1024)
            while let item = readdir(directory) {
                let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard let first = name.utf8.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9") else {
                    continue
                }
                let descriptor = Platform.open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC, 0)
                guard descriptor >= 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
                if count > 0, let entry = processEntry(stat: buffer[0..<count]) {
                    entries.append(entry)
                }
            }
            return entries
        #endif
    }

    /// A process's entry from the text of its Linux `/proc/<pid>/stat`, `pid (command) state ppid pgrp session …`,
    /// or `nil` when the text is not of that shape.
    ///
    /// The command may hold spaces and parentheses, so the fields after it are counted from its last `)`.
    static func processEntry(stat: ArraySlice<UInt8>) -> ProcessEntry? {
        guard let open = stat.firstIndex(of: UInt8(ascii: "(")), let close = stat.lastIndex(of: UInt8(ascii: ")")),
            open < close,
            let identifier = pid_t(String(decoding: stat[..<open].filter { $0 != UInt8(ascii: " ") }, as: UTF8.self))
        else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " ")).prefix(4).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard fields.count == 4, let state = fields[0].first, let parent = pid_t(fields[1]),
            let session = pid_t(fields[3])
        else { return nil }
        // Z: a zombie; X: dead, about to vanish from the list.
        return ProcessEntry(
            identifier: identifier, parent: parent, session: session, isZombie: state == "Z" || state == "X")
    }

    /// Makes a queue of folder changes (wraps Linux's `inotify_init1`, non-blocking and close-on-exec).
    ///
    /// - Returns: A descriptor that is readable once a watched folder changed (see ``folderChanges(in:)``), or
    ///   `nil` when there is none, and always on macOS, which has no inotify: there nothing is watched, and
    ///   nothing polls instead.
    static func makeChangeQueue() -> Int32? {
        #if canImport(Darwin)
            return nil
        #else
            let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
            return descriptor >= 0 ? descriptor : nil
        #endif
    }

    /// Watches a folder on a queue of ``makeChangeQueue()`` for what can change a path through it (wraps Linux's
    /// `inotify_add_watch`): a name made, removed or moved in or out, the folder itself removed or moved, and,
    /// where asked, a file written and closed.
    ///
    /// - Parameters:
    ///   - path: The folder.
    ///   - queue: The queue.
    ///   - includingWrites: Whether files written and closed in it are told too (`IN_CLOSE_WRITE`): only the
    ///     file's own folder needs them, and a folder of links on the way then wakes no one for every save in it.
    ///   - includingAttributes: Whether a change of a name's permissions or owner is told too (`IN_ATTRIB`): a
    ///     folder that is counted, and the one it is in, tell so when it can no longer be read.
    /// - Returns: The watch's number on the queue (the same for a folder already watched), or `nil` when the
    ///   folder cannot be watched (it is gone, or not a folder).
    static func watchFolder(_ path: String, in queue: Int32, includingWrites: Bool, includingAttributes: Bool = false)
        -> Int32?
    {
        #if canImport(Darwin)
            return nil
        #else
            let mask =
                (includingWrites ? UInt32(IN_CLOSE_WRITE) : 0) | (includingAttributes ? UInt32(IN_ATTRIB) : 0)
                | UInt32(IN_CREATE) | UInt32(IN_DELETE)
                | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
                | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)
            let watch = inotify_add_watch(queue, path, mask)
            return watch >= 0 ? watch : nil
        #endif
    }

    /// Stops a watch of ``watchFolder(_:in:includingWrites:includingAttributes:)`` (wraps Linux's `inotify_rm_watch`); a watch
    /// already gone (its folder removed) is no error worth a word.
    static func stopWatching(_ watch: Int32, in queue: Int32) {
        #if !canImport(Darwin)
            _ = inotify_rm_watch(queue, watch)
        #endif
    }

    /// What the folders watched on a queue of ``makeChangeQueue()`` saw since the last call (wraps `read` of
    /// Linux's `inotify_event` records, to the end of what is there); nothing on macOS.
    static func folderChanges(in queue: Int32) -> [FolderChange] {
        #if canImport(Darwin)
            return []
        #else
            var changes: [FolderChange] = []
            let headerSize = MemoryLayout<inotify_event>.size
            var buffer = [UInt8](repeating: 0, count: 4096 + headerSize + Int(NAME_MAX) + 1)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(queue, $0.baseAddress, $0.count) }
                if count < 0 && errorNumber == EINTR { continue }
                guard count > 0 else { return changes }
                var offset = 0
                while offset + headerSize <= count {
                    let event = buffer.withUnsafeBytes { bytes in
                        bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    }
                    let start = offset + headerSize
                    let end = min(start + Int(event.len), count)
                    let name = String(decoding: buffer[start..<end].prefix { $0 != 0 }, as: UTF8.self)
                    if let kind = FolderChange.Kind(inotifyMask: event.mask) {
                        changes.append(FolderChange(watch: event.wd, name: name, kind: kind))
                    }
                    offset = start + Int(event.len)
                }
            }
        #endif
    }

    /// The names in a folder, `.` and `..` left out (wraps `opendir`, `readdir` and `closedir`), or the error
    /// number of `opendir` when it cannot be read.
    static func folderNames(_ path: String) -> Result<[String], SystemError> {
        guard let directory = opendir(path) else {
            return .failure(SystemError(call: "opendir", errorNumber: errorNumber))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// What a symbolic link points to, as written in it (wraps `readlink`), or `nil` when the path is not a link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count - 1) }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A path with its symbolic links followed and `.` and `..` resolved (wraps `realpath`), or `nil` when it
    /// cannot be resolved (it is not there).
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The longest path a Unix socket can be made at or reached by, in bytes: `sun_path` less its closing zero
    /// (107 on Linux, 103 on macOS).
    static let longestSocketPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A new Unix stream socket, closed when the program runs another (wraps `socket` with `AF_UNIX` and
    /// `SOCK_STREAM`, then `fcntl` for `FD_CLOEXEC` on macOS, which has no `SOCK_CLOEXEC`); the descriptor, or -1
    /// with the error number set.
    static func makeUnixStreamSocket() -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
            if descriptor >= 0 { _ = Darwin.fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            return descriptor
        #else
            return socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    /// Calls `body` with a Unix socket address for a path, or returns -1 with `ENAMETOOLONG` for a path longer
    /// than ``longestSocketPathBytes``.
    private static func withSocketAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count <= longestSocketPathBytes, !bytes.contains(0) else {
            errorNumber = ENAMETOOLONG
            return -1
        }
        withUnsafeMutableBytes(of: &address.sun_path) { field in
            field.copyBytes(from: bytes)
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Makes a Unix socket at a path, readable and writable by its owner alone (wraps `umask` and `bind`: the
    /// socket file takes its mode from the mask, so the mask is 077 while it is made); 0, or -1 with the error
    /// number set.
    static func bindUnixSocket(_ descriptor: Int32, to path: String) -> Int32 {
        withSocketAddress(path) { address, length in
            let mask = umask(0o077)
            defer { umask(mask) }
            return bind(descriptor, address, length)
        }
    }

    /// Connects a Unix stream socket to the socket at a path (wraps `connect`); 0, or -1 with the error number set
    /// (`ECONNREFUSED` when nothing listens there, `ENOENT` when nothing is there).
    static func connectUnixSocket(_ descriptor: Int32, to path: String) -> Int32 {
        withSocketAddress(path) { address, length in
            connect(descriptor, address, length)
        }
    }

    /// Lets a bound socket take connections (wraps `listen`); 0, or -1 with the error number set.
    static func listenForConnections(_ descriptor: Int32, backlog: Int32) -> Int32 {
        listen(descriptor, backlog)
    }

    /// Takes the next connection waiting on a listening socket (wraps `accept`); its descriptor, or -1 with the
    /// error number set (`EAGAIN` when none waits on a non-blocking socket).
    static func acceptConnection(_ descriptor: Int32) -> Int32 {
        accept(descriptor, nil, nil)
    }

    /// Who is at the other end of a connected Unix socket: the user (wraps `getsockopt` with `SO_PEERCRED` on
    /// Linux, `getpeereid` on macOS) and, on Linux, the process; `nil` when it cannot be told.
    static func peer(ofSocket descriptor: Int32) -> (user: uid_t, process: pid_t?)? {
        #if canImport(Darwin)
            var user = uid_t(0)
            var group = gid_t(0)
            guard getpeereid(descriptor, &user, &group) == 0 else { return nil }
            return (user, nil)
        #else
            // `struct ucred` (process, user, group), which the Swift import leaves out without _GNU_SOURCE.
            var credentials: (process: pid_t, user: uid_t, group: gid_t) = (0, 0, 0)
            var length = socklen_t(MemoryLayout.size(ofValue: credentials))
            guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
            return (credentials.user, credentials.process)
        #endif
    }

    /// The user the program runs as, whose files it may trust (wraps `geteuid`).
    static var effectiveUser: uid_t { geteuid() }

    /// Waits a while (wraps `nanosleep`); a signal that arrives ends the wait early.
    static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        _ = nanosleep(&request, nil)
    }

    /// Waits until some of the descriptors are ready or a timeout passes (wraps `poll`); returns what `poll`
    /// returns, with each entry's `revents` filled in and `errno` left as the call set it.
    ///
    /// Every wait on descriptors in BadgeTerminal comes here, so a search for `poll(` finds it once.
    ///
    /// - Parameters:
    ///   - descriptors: What to wait for; an entry whose descriptor is negative is skipped.
    ///   - timeoutMilliseconds: The longest wait; 0 only checks, negative waits without a limit.
    static func poll(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        cPoll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
    }

    /// Collects a child that changed state, without waiting unless `options` leaves out `WNOHANG` (wraps
    /// `waitpid`): the process collected, 0 when none had, or -1 with `errno` set.
    ///
    /// - Parameters:
    ///   - process: The child, or -1 for any.
    ///   - status: Set to the status `waitpid` reports.
    ///   - options: `WNOHANG`, `WUNTRACED` and the like.
    static func collectChild(_ process: pid_t, status: inout Int32, options: Int32) -> pid_t {
        waitpid(process, &status, options)
    }

    /// Sends a signal to a process or a process group (wraps `kill`).
    ///
    /// `target` is a process when positive, the process group `-target` when negative, the program's own
    /// group when 0. Signal 0 only asks whether the target exists.
    ///
    /// - Returns: 0 when it was sent, -1 with `errno` set when not.
    @discardableResult
    static func sendSignal(_ signal: Int32, to target: pid_t) -> Int32 {
        kill(target, signal)
    }

    /// The signals whose default action is to stop the process, which job control relies on.
    static let stopSignals: Set<Int32> = [SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU]

    /// The signals whose default action is to do nothing.
    static let ignoredByDefault: Set<Int32> = {
        var signals: Set<Int32> = [SIGCHLD, SIGCONT, SIGURG, SIGWINCH]
        #if canImport(Darwin)
            signals.insert(SIGINFO)
        #endif
        return signals
    }()

    /// The name of a signal for messages, such as `SIGTERM` or `SIGRTMIN+3` (wraps `strsignal` only as a last resort).
    static func name(ofSignal signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGCHLD: "SIGCHLD", SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP", SIGTTIN: "SIGTTIN",
            SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGVTALRM: "SIGVTALRM",
            SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGSYS: "SIGSYS",
        ]
        if let name = names[signal] { return name }
        #if !canImport(Darwin)
            if signal == SIGSTKFLT { return "SIGSTKFLT" }
            if signal == SIGPWR { return "SIGPWR" }
            let first = __libc_current_sigrtmin()
            if signal >= first && signal <= __libc_current_sigrtmax() {
                return signal == first ? "SIGRTMIN" : "SIGRTMIN+\(signal - first)"
            }
        #endif
        return "signal \(signal)"
    }
}

/// `poll`, under a name the wrapper of the same name does not hide.
@inline(__always) private func cPoll(_ descriptors: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32)
    -> Int32
{
    poll(descriptors, count, timeout)
}

#if !canImport(Darwin)
    extension FolderChange.Kind {
        /// The kind of an `inotify_event`'s mask, or `nil` for one that changes nothing a path leads to.
        init?(inotifyMask mask: UInt32) {
            func has<Flag: BinaryInteger>(_ flag: Flag) -> Bool { mask & UInt32(flag) != 0 }
            if has(IN_Q_OVERFLOW) {
                self = .overflow
            } else if has(IN_DELETE_SELF) || has(IN_MOVE_SELF) || has(IN_IGNORED) || has(IN_UNMOUNT) {
                self = .folderGone
            } else if has(IN_CLOSE_WRITE) {
                self = .written
            } else if has(IN_MOVED_TO) {
                self = .movedIn
            } else if has(IN_CREATE) {
                self = .created
            } else if has(IN_DELETE) || has(IN_MOVED_FROM) {
                self = .removed
            } else if has(IN_ATTRIB) {
                self = .attributesChanged
            } else {
                return nil
            }
        }
    }
#endif
