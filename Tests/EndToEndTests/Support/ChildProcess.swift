import Foundation
import Glibc

/// How a child process ended.
enum ExitStatus: Equatable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)

    /// Decodes a `waitpid` status (the `WIFEXITED` family of macros is not imported into Swift).
    init(waitStatus: Int32) {
        if waitStatus & 0x7F == 0 {
            self = .exited((waitStatus >> 8) & 0xFF)
        } else {
            self = .signaled(waitStatus & 0x7F)
        }
    }

    var description: String {
        switch self {
        case .exited(let status): return "exit status \(status)"
        case .signaled(let signal): return "killed by signal \(signal)"
        }
    }
}

/// What a finished child process left behind.
struct ProcessResult {
    var status: ExitStatus
    var standardOutput: String
    var standardError: String

    /// The lines written to standard error, without the final newline.
    var standardErrorLines: [String] {
        var lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// A failure of the test harness itself, or of an expectation it waits for.
struct EndToEndFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs programs with `posix_spawn`, never Foundation's `Process`.
///
/// `Process` hands the child an extra descriptor to notice its exit; the tmux server
/// keeps it and `waitUntilExit()` hangs. Here the child gets standard input from a file,
/// standard output and error through pipes, no other inherited descriptor, an empty
/// signal mask and default signal dispositions (Swift Testing runs tests on threads
/// that block HUP, INT, TERM, CHLD and WINCH, and a spawned child would inherit that).
enum ChildProcess {
    /// The signals reset to their default action in the child.
    private static let signalsToReset: [Int32] = [
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGWINCH, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2,
        SIGTSTP, SIGTTIN, SIGTTOU,
    ]

    /// Runs a program to completion and collects its output.
    ///
    /// - Parameters:
    ///   - executable: A path, or a name looked up in `PATH`.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment, as `NAME=value` strings.
    ///   - standardInput: The file opened as the child's standard input.
    ///   - timeout: Seconds before the child is killed and this throws.
    ///   - standardOutputReaderGone: Close the read end of standard output's pipe before the child starts, so that
    ///     every write to it fails (`EPIPE`, or SIGPIPE where that is not ignored), as under `| head -c0`.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String],
        standardInput: String = "/dev/null", timeout: Double = 10, standardOutputReaderGone: Bool = false
    ) throws -> ProcessResult {
        let outputPipe = try makePipe()
        let errorPipe = try makePipe()
        var readEnds = [outputPipe.read, errorPipe.read]
        if standardOutputReaderGone {
            close(outputPipe.read)
            readEnds[0] = -1
        }
        defer { for descriptor in readEnds where descriptor >= 0 { close(descriptor) } }

        let pid: pid_t
        do {
            defer {
                close(outputPipe.write)
                close(errorPipe.write)
            }
            pid = try spawn(
                executable, arguments, environment: environment,
                files: [
                    .open(0, path: standardInput, flags: O_RDONLY), .duplicate(outputPipe.write, as: 1),
                    .duplicate(errorPipe.write, as: 2),
                ])
        }

        var collected: [[UInt8]] = [[], []]
        var status: ExitStatus?
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // While the child runs, wait on the pipes; once it has exited, only drain what is
            // already there (a daemon it forked, such as the tmux server, may keep them open).
            let sawData = readAvailable(from: &readEnds, into: &collected, timeoutMilliseconds: status == nil ? 20 : 0)
            if status == nil {
                var waitStatus: Int32 = 0
                let result = waitpid(pid, &waitStatus, WNOHANG)
                if result == pid {
                    status = ExitStatus(waitStatus: waitStatus)
                } else if result < 0, errno != EINTR {
                    throw EndToEndFailure("waitpid failed for \(executable): \(String(cString: strerror(errno)))")
                }
            } else if !sawData || readEnds.allSatisfy({ $0 < 0 }) {
                break
            }
            if status == nil, Date() > deadline {
                kill(pid, SIGKILL)
                var waitStatus: Int32 = 0
                _ = waitpid(pid, &waitStatus, 0)
                throw EndToEndFailure(
                    "\(executable) \(arguments.joined(separator: " ")) did not finish within \(timeout) s; "
                        + "output so far: \(String(decoding: collected[0], as: UTF8.self)) "
                        + "\(String(decoding: collected[1], as: UTF8.self))")
            }
        }
        return ProcessResult(
            status: status!,
            standardOutput: String(decoding: collected[0], as: UTF8.self),
            standardError: String(decoding: collected[1], as: UTF8.self))
    }

    /// The environment the programs under test get: nothing from the developer's shell
    /// but `PATH` and `HOME`, so NO_COLOR, BADGEBAR_REDUCE_MOTION, TMUX and the like cannot leak in;
    /// XDG_CONFIG_HOME names a folder that is not there, so no board file of the developer's is read.
    static func cleanEnvironment(_ extra: [String] = []) -> [String] {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
        let configuration = extra.contains { $0.hasPrefix("XDG_CONFIG_HOME=") } ? [] : ["XDG_CONFIG_HOME=/nonexistent"]
        return ["PATH=\(path)", "HOME=\(home)", "LANG=C.UTF-8", "SHELL=/bin/sh"] + configuration + extra
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw EndToEndFailure("pipe failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return (descriptors[0], descriptors[1])
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which the Glibc module does not import.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// `POSIX_SPAWN_SETSID` (glibc 2.26): the child starts a session of its own. The Glibc module does not import it.
    private static let spawnSetsSession: Int32 = 0x80

    /// What a spawned child's descriptors 0, 1 and 2 are; every other descriptor is closed.
    enum FileAction {
        /// Opens a file as a descriptor (`posix_spawn_file_actions_addopen`).
        case open(Int32, path: String, flags: Int32)
        /// Makes a descriptor of the parent's another number in the child (`posix_spawn_file_actions_adddup2`).
        case duplicate(Int32, as: Int32)
    }

    /// Starts a program with an empty signal mask and default signal dispositions, and returns its pid.
    ///
    /// - Parameters:
    ///   - executable: A path, or a name looked up in `PATH`.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment, as `NAME=value` strings.
    ///   - files: Its standard descriptors, set up in order; descriptors from 3 up are closed.
    ///   - newSession: Whether it starts a session of its own (`setsid`), so that the first terminal
    ///     it opens without `O_NOCTTY` becomes its controlling terminal.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String], files: [FileAction],
        newSession: Bool = false
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for file in files {
            switch file {
            case .open(let descriptor, let path, let flags):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o600)
            case .duplicate(let descriptor, let target):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else {
            throw EndToEndFailure(
                "this glibc has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later needed)")
        }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        guard addCloseFrom(&actions, 3) == 0 else {
            throw EndToEndFailure("posix_spawn_file_actions_addclosefrom_np failed")
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in signalsToReset { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? spawnSetsSession : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw EndToEndFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Reads whatever the pipes hold; returns whether anything (data or end of file) was seen.
    private static func readAvailable(
        from descriptors: inout [Int32], into collected: inout [[UInt8]], timeoutMilliseconds: Int32
    ) -> Bool {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard polled.contains(where: { $0.fd >= 0 }) else { return false }
        let ready = poll(&polled, nfds_t(polled.count), timeoutMilliseconds)
        guard ready > 0 else { return false }
        var sawData = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
            let count = read(polled[index].fd, &buffer, buffer.count)
            if count > 0 {
                collected[index].append(contentsOf: buffer[..<count])
                sawData = true
            } else if count == 0 || errno != EINTR {
                close(descriptors[index])
                descriptors[index] = -1
                sawData = true
            }
        }
        return sawData
    }
}
