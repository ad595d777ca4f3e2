import BadgeKit
import CNCursesW

/// The program's child processes: started with `posix_spawn`, watched by the run loop, never waited for.
///
/// Each child runs `/bin/sh -c COMMAND` in a session of its own, so with no
/// controlling terminal (a password prompt on `/dev/tty` fails at once instead of
/// waiting to be stopped, and nothing it writes there lands on the board), with
/// standard input from `/dev/null`, standard output and error into pipes the
/// run loop polls, every signal at its default action and none blocked. A run in
/// the foreground is the exception: it stays in the program's session, in a process
/// group of its own, and gets the terminal on all three. Once standard output
/// passes its bound, reading it stops and its pipe is closed, so a command that
/// never stops writing can grow neither memory nor the program's CPU time. A
/// child past its time limit gets SIGTERM to its whole group, then SIGKILL a
/// moment later. A child that has exited is reaped at once (no zombies), and
/// ``endAll(waitingAtMostSeconds:endingEveryDescendant:)`` ends every group still
/// running, and what finished runs left in the background, when the program ends:
/// with ``ProcessTree/adoptOrphans()``, whatever session or group it moved to.
final class ProcessSupervisor: ChildProcesses {
    /// A child that is running, or has exited with output still to read.
    private struct Child {
        var request: ProcessRequest
        var processIdentifier: pid_t
        var output: FileDescriptor?
        var errors: FileDescriptor?
        var startTime: Double
        var collected: [UInt8] = []
        var errorText: [UInt8] = []
        /// How much standard error has been read, kept or not.
        var errorBytesRead = 0
        var outputWasCut = false
        var status: ProcessResult.Termination?
        var timedOut = false
        /// When the group was sent SIGTERM for running past its limit, to follow with SIGKILL.
        var terminatedAt: Double?
        /// Whether it runs in the foreground with the terminal, as opposed to with pipes.
        var isForeground: Bool
        /// When it last stopped and was continued, and how many times in a row it stopped soon after the one before.
        var stops = (lastTime: -Double.infinity, rapidCount: 0)

        var deadline: Double? {
            if let terminatedAt { return terminatedAt + ProcessSupervisor.killGraceSeconds }
            return request.timeLimitSeconds.map { startTime + $0 }
        }
    }

    /// How long a group has after SIGTERM before SIGKILL, in seconds.
    static let killGraceSeconds = 1.0
    /// How many times in a row a foreground child may stop within ``rapidStopSeconds`` of its last stop and still
    /// be continued: beyond that it stops as soon as it runs (reading a terminal it was never given, SIGTTIN), and
    /// continuing it again would only spin.
    static let mostRapidStops = 10
    /// How soon after its last stop a stop counts as one of a spin, in seconds.
    static let rapidStopSeconds = 0.1
    /// The most standard error kept, for the first line of a message.
    static let errorLimitBytes = 4096
    /// The most standard error read, kept or not: past it the pipe is closed, so a command that writes errors
    /// without end (`yes >&2`) costs no CPU, while one that writes a page of warnings runs to its end.
    static let errorReadLimitBytes = 1 << 20

    private var children: [Child] = []
    /// The process groups of finished runs that still have members (what a command started in the background).
    private var lingeringGroups: Set<pid_t> = []
    private var readBuffer = [UInt8](repeating: 0, count: 16_384)
    /// The program's environment as `NAME=value`, read once.
    private let baseEnvironment: [String]

    init() {
        var entries: [String] = []
        if var entry = cnc_environment() {
            while let text = entry.pointee {
                entries.append(String(cString: text))
                entry += 1
            }
        }
        baseEnvironment = entries
    }

    /// Whether any child is still running or has output to read.
    var isEmpty: Bool { children.isEmpty }

    /// The identifiers of the requests still running.
    var runningIdentifiers: [Int] { children.map(\.request.identifier) }

    /// The pipes to poll for output.
    var descriptors: [FileDescriptor] {
        children.flatMap { [$0.output, $0.errors].compactMap { $0 } }
    }

    /// The next time a child's time limit or kill grace runs out, if any.
    var nextDeadline: Double? {
        children.compactMap(\.deadline).min()
    }

    /// The process group of the child running in the foreground, if any.
    var foregroundGroup: pid_t? {
        children.first { $0.isForeground && $0.status == nil }?.processIdentifier
    }

    /// Starts a request (wraps `pipe` and `posix_spawn`).
    ///
    /// - Parameters:
    ///   - request: What to run.
    ///   - time: Now, on the runner's clock.
    ///   - foreground: Run with the terminal as its standard streams, for an interactive program,
    ///     instead of with pipes.
    ///   - terminal: For a foreground run, the terminal it gets as standard input, output and error (the
    ///     program's own streams may be a pipe of counts or of events); without one it gets `/dev/null`.
    /// - Returns: The result at once when the command could not be started; `nil` when it runs.
    func start(
        _ request: ProcessRequest, at time: Double, foreground: Bool = false, terminal: FileDescriptor? = nil
    ) -> ProcessResult? {
        var output: (read: FileDescriptor, write: FileDescriptor)?
        var errors: (read: FileDescriptor, write: FileDescriptor)?
        do {
            if !foreground {
                if request.outputLimitBytes > 0 {
                    output = try FileDescriptor.pipe()
                    try output?.read.setNonBlocking()
                }
                errors = try FileDescriptor.pipe()
                try errors?.read.setNonBlocking()
            }
        } catch {
            for end in [output?.read, output?.write, errors?.read, errors?.write] { end?.close() }
            return failure(request, reason: error.description, at: time)
        }
        let streams: StandardStreams
        if let errors {
            streams = .pipes(output: output?.write, errors: errors.write)
        } else {
            streams = terminal.map { .terminal($0) } ?? .nothing
        }
        let spawned = spawn(request, streams: streams)
        output?.write.close()
        errors?.write.close()
        switch spawned {
        case .failure(let error):
            output?.read.close()
            errors?.read.close()
            return failure(request, reason: error.description, at: time)
        case .success(let processIdentifier):
            ProcessTree.supervise(processIdentifier)
            children.append(
                Child(
                    request: request, processIdentifier: processIdentifier, output: output?.read,
                    errors: errors?.read, startTime: time, isForeground: foreground))
            return nil
        }
    }

    /// What a child gets as standard input, output and error.
    private enum StandardStreams {
        /// `/dev/null` for input; output into a pipe (or `/dev/null` without one) and errors into a pipe.
        case pipes(output: FileDescriptor?, errors: FileDescriptor)
        /// The terminal on all three, for a program run in the foreground.
        case terminal(FileDescriptor)
        /// `/dev/null` on all three: a foreground run with no terminal to give it.
        case nothing
    }

    private func failure(_ request: ProcessRequest, reason: String, at time: Double) -> ProcessResult {
        ProcessResult(
            identifier: request.identifier, command: request.command, termination: .couldNotStart(reason),
            output: [], outputWasCut: false, firstErrorLine: nil, startTime: time, endTime: time)
    }

    /// Spawns `/bin/sh -c COMMAND` in a new process group with default signals (wraps `posix_spawn`).
    ///
    /// Every step of setting the spawn up is checked: one that fails is the run's failure to start.
    private func spawn(_ request: ProcessRequest, streams: StandardStreams) -> Result<pid_t, SystemError> {
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
            try Self.prepare(&attributes, ownSession: runsInTheBackground(streams))
        } catch {
            return .failure(error)
        }
        var environment = baseEnvironment.filter { entry in
            guard let equals = entry.firstIndex(of: "=") else { return true }
            return request.environment[String(entry[..<equals])] == nil
        }
        environment += request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let arguments = ["/bin/sh", "-c", request.command]
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
        case .nothing:
            try check(
                "posix_spawn_file_actions_addopen",
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDWR, 0))
            for stream: Int32 in 1...2 {
                try check("posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, 0, stream))
            }
        }
    }

    /// Whether a child's streams are pipes: a run in the background, as opposed to one in the foreground
    /// (which has the terminal, or `/dev/null` where there is none to give).
    private func runsInTheBackground(_ streams: StandardStreams) -> Bool {
        if case .pipes = streams { return true }
        return false
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
    static func check(_ call: String, _ result: Int32) throws(SystemError) {
        guard result == 0 else { throw SystemError(call: call, errorNumber: result) }
    }

    /// Reads what a child wrote to a pipe that is ready (wraps `read`); output past the limit is dropped.
    func read(from descriptor: FileDescriptor) {
        guard let index = children.firstIndex(where: { $0.output == descriptor || $0.errors == descriptor }) else {
            return
        }
        let isOutput = children[index].output == descriptor
        // A bounded number of reads per turn, so a child that never stops writing cannot hold up the loop.
        for _ in 0..<4 {
            let outcome = readBuffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try descriptor.read(into: buffer) }
            }
            guard case .success(let count?) = outcome, count > 0 else {
                if case .success(nil) = outcome { return }  // nothing more for now
                // The end, or an error: the child closed the pipe.
                descriptor.close()
                if isOutput { children[index].output = nil } else { children[index].errors = nil }
                return
            }
            keep(count, of: index, isOutput: isOutput)
            if isOutput && children[index].outputWasCut {
                // Past the limit: no more is read. The child's next write fails (SIGPIPE ends it by default),
                // so a command that never stops writing costs nothing, and its time limit bounds the rest.
                descriptor.close()
                children[index].output = nil
                return
            }
            if !isOutput && children[index].errorBytesRead > Self.errorReadLimitBytes {
                // The same for errors, at a bound far past anything a working command writes.
                descriptor.close()
                children[index].errors = nil
                return
            }
        }
    }

    private func keep(_ count: Int, of index: Int, isOutput: Bool) {
        if isOutput {
            let room = children[index].request.outputLimitBytes - children[index].collected.count
            if count > room { children[index].outputWasCut = true }
            children[index].collected += readBuffer[0..<max(min(count, room), 0)]
        } else {
            let room = Self.errorLimitBytes - children[index].errorText.count
            children[index].errorText += readBuffer[0..<max(min(count, room), 0)]
            children[index].errorBytesRead += count
        }
    }

    /// Collects the children that have exited (wraps `waitpid` with `WNOHANG`) and returns the finished runs.
    ///
    /// A run is finished once its child has exited; what it left in its pipes
    /// is read first. Background processes it started and that still hold a pipe
    /// do not hold the result up.
    func reap(at time: Double) -> [ProcessResult] {
        var finished: [ProcessResult] = []
        var index = 0
        while index < children.count {
            var status: Int32 = 0
            let options = children[index].isForeground ? WUNTRACED : 0
            let waited = waitpid(children[index].processIdentifier, &status, WNOHANG | options)
            if waited == children[index].processIdentifier {
                if status & 0xFF == 0x7F {
                    continueStopped(index, at: time)
                } else {
                    children[index].status =
                        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
                }
            } else if waited < 0 && Platform.errorNumber == ECHILD {
                children[index].status = .signaled(SIGKILL)
            }
            if children[index].status != nil {
                ProcessTree.release(children[index].processIdentifier)
            }
            if children[index].status != nil {
                finished.append(finish(index, at: time))
            } else {
                index += 1
            }
        }
        return finished
    }

    /// Continues a stopped foreground child (its own Ctrl-Z: it keeps the terminal and goes on), or ends its group
    /// when it stopped again and again at once, which continuing would only repeat.
    private func continueStopped(_ index: Int, at time: Double) {
        let group = children[index].processIdentifier
        let stops = children[index].stops
        let rapidCount = time - stops.lastTime < Self.rapidStopSeconds ? stops.rapidCount + 1 : 0
        children[index].stops = (time, rapidCount)
        guard rapidCount < Self.mostRapidStops else {
            SignalDisposition.send(SIGKILL, toGroup: group)
            return
        }
        SignalDisposition.send(SIGCONT, toGroup: group)
    }

    /// Reads what is left in a finished child's pipes, closes them and makes its result.
    private func finish(_ index: Int, at time: Double) -> ProcessResult {
        for descriptor in [children[index].output, children[index].errors].compactMap({ $0 }) {
            read(from: descriptor)
        }
        let child = children.remove(at: index)
        child.output?.close()
        child.errors?.close()
        // What the command left running in its group (`cmd &`) ends with the program, not before.
        lingeringGroups = lingeringGroups.filter(SignalDisposition.groupExists)
        if SignalDisposition.groupExists(child.processIdentifier) {
            lingeringGroups.insert(child.processIdentifier)
        }
        return ProcessResult(
            identifier: child.request.identifier, command: child.request.command,
            termination: child.timedOut ? .timedOut : child.status ?? .signaled(SIGKILL), output: child.collected,
            outputWasCut: child.outputWasCut, firstErrorLine: Self.firstLine(of: child.errorText),
            startTime: child.startTime, endTime: time)
    }

    /// The first line that is not empty of what a run wrote to standard error, for its result.
    static func firstLine(of errorText: [UInt8]) -> String? {
        String(decoding: errorText, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
    }

    /// Ends the groups of children past their time limit: SIGTERM, then SIGKILL once the grace has passed (wraps `kill`).
    func enforceTimeLimits(at time: Double) {
        for index in children.indices where children[index].status == nil {
            guard let deadline = children[index].deadline, time >= deadline else { continue }
            let group = children[index].processIdentifier
            if children[index].terminatedAt == nil {
                children[index].timedOut = true
                children[index].terminatedAt = time
                SignalDisposition.send(SIGTERM, toGroup: group)
                SignalDisposition.send(SIGCONT, toGroup: group)
            } else {
                SignalDisposition.send(SIGKILL, toGroup: group)
            }
        }
    }

    /// Ends the group of the child running in the foreground at once (wraps `kill` with SIGKILL).
    ///
    /// Without the terminal it would stop at its first read, again and again. Its end is reaped as any other.
    func endForegroundRun(at time: Double) {
        if let group = foregroundGroup {
            SignalDisposition.send(SIGKILL, toGroup: group)
        }
    }

    /// Ends every child's process group, and the groups finished runs left behind, and reaps the children
    /// (wraps `kill` and `waitpid`), so nothing is left running; at the program's way out, every descendant too.
    ///
    /// SIGTERM first, with a moment to exit; SIGKILL for every group still there, then a short bounded wait
    /// for the children to be reaped: a child that cannot die at once (in uninterruptible sleep) is left
    /// to the system rather than holding up the exit.
    ///
    /// - Parameters:
    ///   - seconds: The longest wait in all, grace and reaping together.
    ///   - endingEveryDescendant: Whether this is the program's way out, which ends, besides the groups, every
    ///     process descended from the program outside its own session (``ProcessTree``), whatever session or
    ///     group it moved to: one looked for again and again during the grace, as a parent that exits hands
    ///     its children over. It needs ``ProcessTree/adoptOrphans()``; without it only the groups are ended.
    func endAll(waitingAtMostSeconds seconds: Double = 1, endingEveryDescendant: Bool = false) {
        let clock = MonotonicClock()
        let sweeps = endingEveryDescendant && ProcessTree.adoptsOrphans
        let lingering = lingeringGroups.filter(SignalDisposition.groupExists)
        lingeringGroups.removeAll()
        var strays = sweeps ? ProcessTree.descendantsOutsideOwnSession() : []
        guard !children.isEmpty || !lingering.isEmpty || !strays.isEmpty else { return }
        let groups = lingering.union(children.map(\.processIdentifier))
        for group in groups {
            SignalDisposition.send(SIGTERM, toGroup: group)
            SignalDisposition.send(SIGCONT, toGroup: group)
        }
        var terminated: Set<pid_t> = []
        /// SIGTERM (and SIGCONT, for one that is stopped) to each descendant not yet sent it.
        func terminate(_ processes: Set<pid_t>) {
            for process in processes.subtracting(terminated) {
                SignalDisposition.send(SIGTERM, toProcess: process)
                SignalDisposition.send(SIGCONT, toProcess: process)
            }
            terminated.formUnion(processes)
        }
        terminate(strays)
        // The grace: the children and the adopted orphans reaped as they exit, the groups and the descendants
        // watched until they are gone.
        let grace = seconds * 0.8
        var remaining = groups
        while clock.now < grace {
            _ = reap(at: 0)
            if sweeps {
                ProcessTree.reapOrphans()
                strays = ProcessTree.descendantsOutsideOwnSession()
                terminate(strays)
            }
            remaining = remaining.filter(SignalDisposition.groupExists)
            if remaining.isEmpty && children.isEmpty && strays.isEmpty { break }
            usleep(10_000)
        }
        for group in remaining.union(children.map(\.processIdentifier)) {
            SignalDisposition.send(SIGKILL, toGroup: group)
        }
        if sweeps {
            for process in ProcessTree.descendantsOutsideOwnSession() {
                SignalDisposition.send(SIGKILL, toProcess: process)
            }
        }
        while true {
            _ = reap(at: 0)
            if sweeps { ProcessTree.reapOrphans() }
            let isDone = children.isEmpty && (!sweeps || ProcessTree.descendantsOutsideOwnSession().isEmpty)
            guard !isDone, clock.now < seconds else {
                // Those that died since the last look are zombies now, handed to the program: collected, not
                // left to an init that may never collect them.
                if sweeps { ProcessTree.reapOrphans() }
                break
            }
            usleep(5_000)
        }
        for child in children {
            child.output?.close()
            child.errors?.close()
            ProcessTree.release(child.processIdentifier)
        }
        children.removeAll()
        lingeringGroups.removeAll()
    }
}

extension ProcessSupervisor {
    /// Runs one request to its end and returns its result, waiting for it (wraps `poll`), for a question asked
    /// before the run loop starts; the request's time limit bounds the wait.
    func runToEnd(_ request: ProcessRequest) -> ProcessResult {
        Self.runAllToEnd([request])[0]
    }

    /// Runs requests side by side to their ends and returns their results in the requests' order, waiting for
    /// them (wraps `poll`); each request's time limit bounds its run.
    ///
    /// A termination signal (as `interruption` reports it, such as the one the ``SignalRelay`` caught) cuts
    /// the wait short: the runs still going are ended and come back as ended by SIGTERM. Whatever the runs
    /// left in the background is ended before this returns, on every way out.
    ///
    /// - Parameters:
    ///   - requests: What to run.
    ///   - endingEveryDescendant: Whether the end of these runs is the program's way out, which ends every
    ///     descendant of the program outside its own session too (see ``endAll(waitingAtMostSeconds:endingEveryDescendant:)``).
    ///   - interruption: The termination signal that arrived, if any; asked between waits.
    static func runAllToEnd(
        _ requests: [ProcessRequest], endingEveryDescendant: Bool = false, interruption: () -> Int32? = { nil }
    ) -> [ProcessResult] {
        let supervisor = ProcessSupervisor()
        let clock = MonotonicClock()
        var results: [Int: ProcessResult] = [:]
        for (position, request) in requests.enumerated() {
            var numbered = request
            numbered.identifier = position
            if let failed = supervisor.start(numbered, at: clock.now) {
                results[position] = failed
            }
        }
        let wake = SignalRelay.wakeDescriptor
        while results.count < requests.count && interruption() == nil {
            let now = clock.now
            supervisor.enforceTimeLimits(at: now)
            for result in supervisor.reap(at: now) {
                results[result.identifier] = result
            }
            guard results.count < requests.count else { break }
            let watched = supervisor.descriptors
            var polled = watched.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: wake.rawValue, events: Int16(POLLIN), revents: 0))
            let wait = supervisor.nextDeadline.map { Int32(max(min(($0 - now) * 1000, 50), 1)) } ?? 50
            _ = poll(&polled, nfds_t(polled.count), wait)
            if polled[watched.count].revents != 0 {
                // A signal: perhaps SIGCHLD for an adopted orphan that exited.
                SignalRelay.drainWakeups()
                ProcessTree.reapOrphans()
            }
            for (index, descriptor) in watched.enumerated() where polled[index].revents != 0 {
                supervisor.read(from: descriptor)
            }
        }
        let endTime = clock.now
        supervisor.endAll(endingEveryDescendant: endingEveryDescendant)
        return requests.indices.map { position in
            var result =
                results[position]
                ?? ProcessResult(
                    identifier: position, command: requests[position].command, termination: .signaled(SIGTERM),
                    output: [], outputWasCut: false, firstErrorLine: nil, startTime: 0, endTime: endTime)
            result.identifier = requests[position].identifier
            return result
        }
    }
}

extension ProcessRequest {
    /// Runs requests side by side to their ends, outside any run loop, and returns their results in order.
    ///
    /// For programs that ask once and print, such as `--once`: each request's time limit bounds its run, a
    /// termination signal ends them all, and nothing they started outlives the call: their process groups
    /// are ended, and with `endingEveryDescendant` (after ``ProcessTree/adoptOrphans()``) whatever they
    /// moved to a session or group of its own as well.
    ///
    /// - Parameters:
    ///   - requests: What to run.
    ///   - endingEveryDescendant: Whether the end of these runs is the program's way out, the last commands
    ///     it runs: every descendant of the program outside its own session is ended then too.
    ///   - interruption: The termination signal that arrived, if any, such as
    ///     `{ SignalRelay.terminationSignal }`; asked between waits, and the wake-ups of the relay's pipe
    ///     are watched for.
    public static func runAllToEnd(
        _ requests: [ProcessRequest], endingEveryDescendant: Bool = false, interruption: () -> Int32? = { nil }
    ) -> [ProcessResult] {
        ProcessSupervisor.runAllToEnd(
            requests, endingEveryDescendant: endingEveryDescendant, interruption: interruption)
    }
}
