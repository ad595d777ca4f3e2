/// How a child process ended, and what it wrote.
public struct ProcessResult: Sendable, Equatable {
    /// How a run ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with a status.
        case exited(Int32)
        /// A signal ended it: its number on this platform, and its name (`SIGKILL`).
        case signaled(Int32, name: String)
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

    /// Creates a result.
    public init(
        identifier: Int, command: String, termination: Termination, output: [UInt8] = [], outputWasCut: Bool = false,
        firstErrorLine: String? = nil, startTime: Double, endTime: Double
    ) {
        self.identifier = identifier
        self.command = command
        self.termination = termination
        self.output = output
        self.outputWasCut = outputWasCut
        self.firstErrorLine = firstErrorLine
        self.startTime = startTime
        self.endTime = endTime
    }

    /// Whether it exited with status 0.
    public var succeeded: Bool { termination == .exited(0) }

    /// How it ended, in words: `exit 1`, `killed by SIGKILL`, `timed out after 2 s`, or why it did not start.
    public var summary: String {
        switch termination {
        case .exited(let status): return "exit \(status)"
        case .signaled(_, let name): return "killed by \(name)"
        case .timedOut: return "timed out after \(Self.seconds(endTime - startTime))"
        case .couldNotStart(let reason): return "could not start: \(reason)"
        }
    }

    /// How it ended, with the first line it wrote to standard error when there is one: `exit 1 (no such folder)`.
    public var summaryWithErrorLine: String {
        guard let line = firstErrorLine, line.contains(where: { $0 != " " && $0 != "\t" }) else {
            return summary
        }
        return "\(summary) (\(Sanitizer.shortened(line)))"
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
    }

    /// What the run wrote on its standard output, as text (bytes that are not UTF-8 replaced), without the spaces,
    /// tabs and line ends around it.
    public var text: String {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var start = output.startIndex
        var end = output.endIndex
        while start < end && blanks.contains(output[start]) { start += 1 }
        while end > start && blanks.contains(output[end - 1]) { end -= 1 }
        return String(decoding: output[start..<end], as: UTF8.self)
    }

    /// The whole number the run printed (blanks and line ends around it allowed), when it exited with 0 and
    /// printed one; else `nil`.
    public var count: Int? {
        guard succeeded, !outputWasCut else { return nil }
        return BadgeCount.parse(text)
    }
}
