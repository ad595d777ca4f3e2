import BadgeKit

extension ProcessSupervisor {
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
        _ request: ProcessRequest, at time: Double, foreground: Bool = false, terminal: SystemDescriptor? = nil
    ) -> ProcessResult? {
        var output: (read: SystemDescriptor, write: SystemDescriptor)?
        var errors: (read: SystemDescriptor, write: SystemDescriptor)?
        do {
            if !foreground {
                if request.outputLimitBytes > 0 {
                    output = try SystemDescriptor.pipe()
                    try output?.read.setNonBlocking()
                }
                errors = try SystemDescriptor.pipe()
                try errors?.read.setNonBlocking()
            }
        } catch {
            for end in [output?.read, output?.write, errors?.read, errors?.write] { end?.close() }
            return failure(request, reason: error.description, at: time)
        }
        let streams: ShellSpawn.StandardStreams
        if let errors {
            streams = .pipes(output: output?.write, errors: errors.write)
        } else {
            streams = terminal.map { .terminal($0) } ?? .nothing
        }
        let spawn = ShellSpawn(command: request.command, environment: environment(for: request), streams: streams)
        let spawned = spawn.run()
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

    private func failure(_ request: ProcessRequest, reason: String, at time: Double) -> ProcessResult {
        ProcessResult(
            identifier: request.identifier, command: request.command, termination: .couldNotStart(reason),
            output: [], outputWasCut: false, firstErrorLine: nil, startTime: time, endTime: time)
    }

    /// The program's environment with the request's variables in place of those of the same name, as `NAME=value`.
    private func environment(for request: ProcessRequest) -> [String] {
        var environment = baseEnvironment.filter { entry in
            guard let equals = entry.firstIndex(of: "=") else { return true }
            return request.environment[String(entry[..<equals])] == nil
        }
        environment += request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return environment
    }
}
