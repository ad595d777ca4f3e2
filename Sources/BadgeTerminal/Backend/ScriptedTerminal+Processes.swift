import BadgeKit

extension ScriptedTerminal {
    /// How a scripted child's run ends: what it wrote, how it ended, and how long after its start.
    ///
    /// Its result reaches the program as `ProgramEvent.processFinished(_:)` at
    /// that time on the virtual clock, as a real child's would, with its output
    /// cut to the request's ``/BadgeKit/ProcessRequest/outputLimitBytes``. A request whose
    /// ``/BadgeKit/ProcessRequest/timeLimitSeconds`` runs out before the answer, or as it
    /// comes, ends ``/BadgeKit/ProcessResult/Termination/timedOut`` at the limit instead,
    /// having written nothing.
    public struct ProcessAnswer: Sendable, Equatable {
        /// What the run writes on its standard output.
        public var output: [UInt8]
        /// What it writes on its standard error; its first line that is not empty becomes the result's
        /// ``/BadgeKit/ProcessResult/firstErrorLine``.
        public var errors: String
        /// How it ends; ``/BadgeKit/ProcessResult/Termination/couldNotStart(_:)`` makes it fail as it starts.
        public var termination: ProcessResult.Termination
        /// How long after its start it ends, in seconds on the virtual clock.
        public var afterSeconds: Double

        /// Creates an answer that exits with a status.
        ///
        /// - Parameters:
        ///   - output: What the run writes on its standard output.
        ///   - errors: What it writes on its standard error.
        ///   - status: Its exit status.
        ///   - afterSeconds: How long after its start it ends, in seconds.
        public init(output: String = "", errors: String = "", status: Int32 = 0, afterSeconds: Double = 0) {
            self.init(output: output, errors: errors, termination: .exited(status), afterSeconds: afterSeconds)
        }

        /// Creates an answer that ends in any way, such as by a signal.
        ///
        /// - Parameters:
        ///   - output: What the run writes on its standard output.
        ///   - errors: What it writes on its standard error.
        ///   - termination: How it ends.
        ///   - afterSeconds: How long after its start it ends, in seconds.
        public init(
            output: String = "", errors: String = "", termination: ProcessResult.Termination, afterSeconds: Double = 0
        ) {
            self.output = Array(output.utf8)
            self.errors = errors
            self.termination = termination
            self.afterSeconds = afterSeconds
        }
    }

    /// A request the program made of its children, answered or not, and when.
    public struct RequestedRun: Sendable, Equatable {
        /// What was asked, with its command and environment.
        public var request: ProcessRequest
        /// When, in seconds on the virtual clock.
        public var time: Double
        /// Whether it was to run in the foreground with the terminal (`ProgramEffect.runInForeground(_:)`).
        public var isForeground: Bool

        /// Creates a record of a request, as a test expects it.
        public init(request: ProcessRequest, time: Double, isForeground: Bool) {
            self.request = request
            self.time = time
            self.isForeground = isForeground
        }
    }

    /// Every request the program made of its scripted children, in order, answered or not.
    public var processRequests: [RequestedRun] { scriptedChildren.requests }

    /// Answers the requests to run exactly this command.
    ///
    /// A request takes the first answer given that matches it, by command or by
    /// ``answer(where:with:)``. An answer is used once while another given after
    /// it matches the same request too, so the answers given for one command are
    /// used in turn, and the last one answers every request after. A request no
    /// answer matches fails as it starts, with
    /// ``/BadgeKit/ProcessResult/Termination/couldNotStart(_:)`` saying so.
    ///
    /// - Parameters:
    ///   - command: The command, as the request has it.
    ///   - answer: How its run ends.
    public func answer(command: String, with answer: ProcessAnswer) {
        self.answer(where: { $0.command == command }, with: answer)
    }

    /// Answers the requests that a test of its own matches, such as every command that starts with `notmuch`.
    ///
    /// The answers are taken as ``answer(command:with:)`` says.
    ///
    /// - Parameters:
    ///   - matches: Whether the answer is for a request.
    ///   - answer: How its run ends.
    public func answer(where matches: @escaping (ProcessRequest) -> Bool, with answer: ProcessAnswer) {
        scriptedChildren.answer(where: matches, with: answer)
    }
}
