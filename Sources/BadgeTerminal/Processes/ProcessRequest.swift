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

/// How a child process ended, and what it wrote.
public struct ProcessResult: Sendable, Equatable {
    /// How a run ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with a status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It ran past its time limit and its process group was ended.
        case timedOut
        /// It could not be started, with the reason.
        case couldNotStart(String)
    }

    /// The request's identifier.
    public var identifier: Int
    /// The command that ran.
    public var command: String
    /// How it ended.
    public var termination: Termination
    /// Its standard output, up to the request's limit.
    public var output: [UInt8]
    /// Whether standard output went past the limit, so reading stopped there.
    public var outputWasCut: Bool
    /// The first line of its standard error, if it wrote any, for messages.
    public var firstErrorLine: String?
    /// When it started and ended, in seconds on the runner's clock.
    public var startTime: Double
    /// When it ended, in seconds on the runner's clock.
    public var endTime: Double

    /// Whether it exited with status 0.
    public var succeeded: Bool { termination == .exited(0) }

    /// How it ended, in words: `exit 1`, `killed by SIGKILL`, `timed out after 2 s`, or why it did not start.
    public var summary: String {
        switch termination {
        case .exited(let status): return "exit \(status)"
        case .signaled(let signal): return "killed by \(Platform.name(ofSignal: signal))"
        case .timedOut: return "timed out after \(Self.seconds(endTime - startTime))"
        case .couldNotStart(let reason): return "could not start: \(reason)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
    }
}
