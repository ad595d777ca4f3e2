import CNCursesW

/// One start of `/bin/sh -c COMMAND`: its standard streams, its session or process group and its signals, set up
/// for `posix_spawn`.
///
/// Every step of setting the spawn up is checked: one that fails is the run's failure to start.
struct ShellSpawn {
    /// What a child gets as standard input, output and error.
    enum StandardStreams {
        /// `/dev/null` for input; output into a pipe (or `/dev/null` without one) and errors into a pipe.
        case pipes(output: SystemDescriptor?, errors: SystemDescriptor)
        /// The terminal on all three, for a program run in the foreground.
        case terminal(SystemDescriptor)
        /// `/dev/null` on all three: a foreground run with no terminal to give it.
        case nothing
        /// Input from a pipe and output into another, errors where the program's own go: a status line's producer
        /// that runs beside the program (`--beside`).
        case connected(input: SystemDescriptor, output: SystemDescriptor)
    }

    /// The command `/bin/sh -c` runs.
    let command: String
    /// The child's whole environment, as `NAME=value`.
    let environment: [String]
    /// What the child gets as standard input, output and error.
    let streams: StandardStreams

    /// Spawns `/bin/sh -c COMMAND` in a new process group with default signals (wraps `posix_spawn`).
    ///
    /// - Returns: The child's process identifier, which names its process group too, or why it could not start.
    func run() -> Result<pid_t, SystemError> {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        do {
            try Self.check("posix_spawn_file_actions_init", posix_spawn_file_actions_init(&actions))
        } catch {
            return .failure(error)
        }
        defer { posix_spawn_file_actions_destroy(&actions) }
        do {
            try Self.check("posix_spawnattr_init", posix_spawnattr_init(&attributes))
        } catch {
            return .failure(error)
        }
        defer { posix_spawnattr_destroy(&attributes) }
        do {
            try Self.prepare(&actions, streams: streams)
            try Self.prepare(&attributes, ownSession: runsInTheBackground)
        } catch {
            return .failure(error)
        }
        let arguments = ["/bin/sh", "-c", command]
        var argumentPointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var environmentPointers: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argumentPointers { free(pointer) }
            for pointer in environmentPointers { free(pointer) }
        }
        var processIdentifier: pid_t = 0
        let result = posix_spawn(
            &processIdentifier, "/bin/sh", &actions, &attributes, &argumentPointers, &environmentPointers)
        guard result == 0 else {
            return .failure(SystemError(call: "posix_spawn", errorNumber: result))
        }
        return .success(processIdentifier)
    }

    /// Says which descriptors the child gets (wraps `posix_spawn_file_actions_addopen` and `_adddup2`).
    private static func prepare(_ actions: inout posix_spawn_file_actions_t, streams: StandardStreams)
        throws(SystemError)
    {
        switch streams {
        case .pipes(let output, let errors):
            try check(
                "posix_spawn_file_actions_addopen",
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0))
            if let output {
                try check(
                    "posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1))
            } else {
                try check(
                    "posix_spawn_file_actions_addopen",
                    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0))
            }
            try check(
                "posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, errors.rawValue, 2))
        case .terminal(let terminal):
            for stream: Int32 in 0...2 {
                try check(
                    "posix_spawn_file_actions_adddup2",
                    posix_spawn_file_actions_adddup2(&actions, terminal.rawValue, stream))
            }
        case .connected(let input, let output):
            try check(
                "posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, input.rawValue, 0))
            try check(
                "posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1))
        case .nothing:
            try check(
                "posix_spawn_file_actions_addopen",
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDWR, 0))
            for stream: Int32 in 1...2 {
                try check("posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, 0, stream))
            }
        }
    }

    /// Whether the child's streams are pipes: a run in the background, as opposed to one in the foreground
    /// (which has the terminal, or `/dev/null` where there is none to give).
    private var runsInTheBackground: Bool {
        switch streams {
        case .pipes, .connected: return true
        case .terminal, .nothing: return false
        }
    }

    /// Puts the child in a session of its own, or for a run that takes the terminal in a process group of its
    /// own, with every signal at its default action and none blocked (wraps `posix_spawnattr_setsigmask`,
    /// `_setsigdefault`, `_setpgroup` and `_setflags`).
    ///
    /// A new session's leader leads a new process group too, whose number is its own, like the group of
    /// a run in the foreground: either way the child's process identifier names its group.
    private static func prepare(_ attributes: inout posix_spawnattr_t, ownSession: Bool) throws(SystemError) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var everySignal = sigset_t()
        sigemptyset(&everySignal)
        for signal in 1...Platform.highestSignal where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&everySignal, signal)
        }
        try check("posix_spawnattr_setsigmask", posix_spawnattr_setsigmask(&attributes, &noSignals))
        try check("posix_spawnattr_setsigdefault", posix_spawnattr_setsigdefault(&attributes, &everySignal))
        // A session leader may not join another group, so a new session and SETPGROUP exclude each other.
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if ownSession {
            flags |= Platform.spawnInNewSession
        } else {
            try check("posix_spawnattr_setpgroup", posix_spawnattr_setpgroup(&attributes, 0))
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        }
        try check("posix_spawnattr_setflags", posix_spawnattr_setflags(&attributes, Int16(flags)))
    }

    /// Turns the result of a `posix_spawn` setup call (an error number, 0 for success) into a thrown error.
    private static func check(_ call: String, _ result: Int32) throws(SystemError) {
        guard result == 0 else { throw SystemError(call: call, errorNumber: result) }
    }
}
