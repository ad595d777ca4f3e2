import Synchronization

/// A shell command run again and again on an interval, as a value a program holds: a watch without a board.
///
/// It never starts a process or reads a clock. The program asks ``takeDue(at:)``
/// for the request to run now (on the runner, `.run(request)`), hands the result
/// to ``finish(_:at:)``, and reads it as ``ProcessResult/text`` or
/// ``ProcessResult/count``; ``nextRunTime(after:)`` says when to wake. One run at
/// a time: a run still going at its next turn skips that turn. The rules are those
/// of a board's watches, whose schedule it runs on.
///
/// Each command made without an identifier gets one of its own, so that the
/// results of two commands are never taken for each other's.
public struct RepeatingCommand: Sendable, Equatable {
    /// The command, run with `/bin/sh -c`.
    public let command: String
    /// The identifier its requests carry, to tell its results from those of other runs.
    public let identifier: Int
    /// The next identifier given to a command made without one: counted from 2^40 for the whole process, far
    /// from the identifiers a program counts from 0 or 1 itself (as a ``BoardEngine`` does).
    private static let nextIdentifier = Atomic<Int>(1 << 40)
    /// Variables added to the program's environment for each run.
    public var environment: [String: String]
    /// The schedule of its one watch.
    private var schedule: WatchSchedule

    /// Creates a command that first runs at `startTime`, then every `intervalSeconds`.
    ///
    /// - Parameters:
    ///   - command: The shell command.
    ///   - intervalSeconds: How often it runs, in seconds; each run may take as long, at most a minute.
    ///   - identifier: The identifier of its requests; without one, the command gets one no other command made
    ///     without one has, from a count kept for the whole process (from 2^40 up).
    ///   - startTime: When it first runs, in seconds on the program's clock.
    ///   - environment: Variables added to the environment of each run.
    public init(
        _ command: String, every intervalSeconds: Double, identifier: Int? = nil, startTime: Double = 0,
        environment: [String: String] = [:]
    ) {
        self.command = command
        self.identifier = identifier ?? Self.nextIdentifier.add(1, ordering: .relaxed).oldValue
        self.environment = environment
        schedule = WatchSchedule(
            watches: [(ButtonCommand(buttonTitle: "", command: command), 0)], intervalSeconds: intervalSeconds,
            startTime: startTime)
    }

    /// How long a run may take before it is ended, in seconds: the interval, at most a minute.
    public var timeLimitSeconds: Double { schedule.watches[0].timeLimitSeconds }

    /// Whether a run is in progress.
    public var isRunning: Bool { schedule.watches[0].isRunning }

    /// The request to run now, when a run is due and none is in progress; it counts as running from then on.
    public mutating func takeDue(at time: Double) -> ProcessRequest? {
        guard !schedule.takeDue(at: time).isEmpty else { return nil }
        return ProcessRequest(
            identifier: identifier, command: command, environment: environment, timeLimitSeconds: timeLimitSeconds)
    }

    /// When the next run is due, or `nil` while one is in progress (its result comes first).
    public func nextRunTime(after time: Double) -> Double? {
        schedule.nextRunTime(after: time)
    }

    /// Asks for a run at once, or right after the run in progress.
    public mutating func refresh() {
        schedule.refreshAll()
    }

    /// Takes a finished run: returns it when it is this command's, else `nil` (another run's result).
    @discardableResult
    public mutating func finish(_ result: ProcessResult, at time: Double) -> ProcessResult? {
        guard result.identifier == identifier, isRunning else { return nil }
        let reading = WatchReading.reading(of: result, buttonTitle: "", timeLimitSeconds: timeLimitSeconds)
        _ = schedule.finish(watchAt: 0, with: reading, at: time, buttonTitles: [""])
        return result
    }
}
