/// A shell command for the runner to run as a child of the program, and how long to let it run.
public struct ProcessRequest: Sendable, Equatable {
    /// The program's own name for the run, handed back with its result.
    public var identifier: Int
    /// The command, run with `/bin/sh -c`.
    public var command: String
    /// Variables added to the program's own environment for the command.
    public var environment: [String: String]
    /// How long it may run before its whole process group is ended, in seconds; `nil` for no limit.
    public var timeLimitSeconds: Double?
    /// How much of its standard output to keep.
    ///
    /// Once more arrives, reading stops: the command's next write fails, and SIGPIPE ends it by default.
    /// 0 sends its standard output to `/dev/null`.
    public var outputLimitBytes: Int

    /// The most standard output kept by default: far more than a count needs.
    public static let defaultOutputLimitBytes = 65_536

    /// Creates a request.
    public init(
        identifier: Int, command: String, environment: [String: String] = [:], timeLimitSeconds: Double? = nil,
        outputLimitBytes: Int = ProcessRequest.defaultOutputLimitBytes
    ) {
        self.identifier = identifier
        self.command = command
        self.environment = environment
        self.timeLimitSeconds = timeLimitSeconds
        self.outputLimitBytes = outputLimitBytes
    }
}
