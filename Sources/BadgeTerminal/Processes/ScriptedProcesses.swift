import BadgeKit
import CNCursesW

/// Children that are never started: each request is answered from a script, on the runner's clock.
///
/// A request takes the first answer that matches it; that answer is used up
/// when another one further on matches too, so the answers given for one
/// command are used in turn and the last stays for every request after. A run
/// ends at its start plus the answer's delay, with the answer's output (cut to
/// the request's limit) and termination, unless its time limit comes first or
/// at the same time: then the limit ends it, timed out, once the loop enforces
/// it. A request that no answer matches cannot start. Nothing is spawned, no
/// descriptor is watched and no signal is sent: the foreground group is a
/// number made up for the run, and the reactor's wait wakes the loop at
/// ``nextEndTime`` as a child's end would.
final class ScriptedProcesses: ChildProcesses {
    /// An answer, and which requests it answers.
    private struct Entry {
        var matches: (ProcessRequest) -> Bool
        var answer: ScriptedTerminal.ProcessAnswer
    }

    /// A request being answered.
    private struct Run {
        var request: ProcessRequest
        var answer: ScriptedTerminal.ProcessAnswer
        var startTime: Double
        var group: pid_t
        var isForeground: Bool
        /// How it was ended before its answer, and when: at its time limit, or because it could not have the terminal.
        var ending: (termination: ProcessResult.Termination, time: Double)?

        /// When its answer comes.
        var answerTime: Double { startTime + max(answer.afterSeconds, 0) }
        /// When its time limit runs out, when the answer does not come before; `nil` when it ends by its answer.
        var limitTime: Double? {
            guard let limit = request.timeLimitSeconds, startTime + limit <= answerTime else { return nil }
            return startTime + limit
        }
        /// When it ends, as it stands: its answer's time, or the time it was ended.
        var endTime: Double { ending?.time ?? answerTime }
    }

    /// The first of the numbers made up for the runs' process groups, past those real processes are given.
    static let firstGroup: pid_t = 100_000_000

    private var entries: [Entry] = []
    private var runs: [Run] = []
    private var nextGroup = ScriptedProcesses.firstGroup
    /// Every request made, answered or not, in order.
    private(set) var requests: [ScriptedTerminal.RequestedRun] = []

    /// Adds an answer for the requests that match, after those already given.
    func answer(where matches: @escaping (ProcessRequest) -> Bool, with answer: ScriptedTerminal.ProcessAnswer) {
        entries.append(Entry(matches: matches, answer: answer))
    }

    /// When the next run ends, by its answer or because it was ended, if any is going.
    var nextEndTime: Double? {
        runs.filter { $0.ending != nil || $0.limitTime == nil }.map(\.endTime).min()
    }

    var isEmpty: Bool { runs.isEmpty }

    /// None: the answers need no reading.
    var descriptors: [SystemDescriptor] { [] }

    var nextDeadline: Double? {
        runs.filter { $0.ending == nil }.compactMap(\.limitTime).min()
    }

    var foregroundGroup: pid_t? {
        runs.first { $0.isForeground && $0.ending == nil }?.group
    }

    /// Records the request and starts answering it, or says why it cannot start: no answer matches it, or the
    /// answer is that it cannot.
    func start(_ request: ProcessRequest, at time: Double, foreground: Bool, terminal: SystemDescriptor?)
        -> ProcessResult?
    {
        requests.append(ScriptedTerminal.RequestedRun(request: request, time: time, isForeground: foreground))
        guard let index = entries.firstIndex(where: { $0.matches(request) }) else {
            return Self.failure(request, reason: "no scripted answer for '\(request.command)'", at: time)
        }
        let answer = entries[index].answer
        if entries[(index + 1)...].contains(where: { $0.matches(request) }) {
            entries.remove(at: index)
        }
        if case .couldNotStart(let reason) = answer.termination {
            return Self.failure(request, reason: reason, at: time)
        }
        runs.append(Run(request: request, answer: answer, startTime: time, group: nextGroup, isForeground: foreground))
        nextGroup += 1
        return nil
    }

    private static func failure(_ request: ProcessRequest, reason: String, at time: Double) -> ProcessResult {
        ProcessResult(
            identifier: request.identifier, command: request.command, termination: .couldNotStart(reason),
            startTime: time, endTime: time)
    }

    /// Nothing to read.
    func read(from descriptor: SystemDescriptor) {}

    /// Ends the runs whose limit has passed before their answer came, as timed out at this time.
    func enforceTimeLimits(at time: Double) {
        for index in runs.indices where runs[index].ending == nil {
            guard let limit = runs[index].limitTime, time >= limit else { continue }
            runs[index].ending = (.timedOut, time)
        }
    }

    /// Returns the results of the runs that have ended by now, in the order they ended.
    func reap(at time: Double) -> [ProcessResult] {
        let ended = runs.filter { run in
            run.ending.map { $0.time <= time } ?? (run.limitTime == nil && run.answerTime <= time)
        }
        runs.removeAll { run in ended.contains { $0.group == run.group } }
        return ended.sorted { $0.endTime < $1.endTime }.map(Self.result)
    }

    /// The result of a run that has ended: its answer's output, cut to the request's limit, and how it ended; or,
    /// for a run ended before its answer came, how and when, with nothing written.
    private static func result(of run: Run) -> ProcessResult {
        if let ending = run.ending {
            return ProcessResult(
                identifier: run.request.identifier, command: run.request.command, termination: ending.termination,
                startTime: run.startTime, endTime: ending.time)
        }
        let limit = run.request.outputLimitBytes
        return ProcessResult(
            identifier: run.request.identifier, command: run.request.command, termination: run.answer.termination,
            output: Array(run.answer.output.prefix(max(limit, 0))),
            outputWasCut: limit > 0 && run.answer.output.count > limit,
            firstErrorLine: ProcessSupervisor.firstLine(
                of: Array(run.answer.errors.utf8.prefix(ProcessSupervisor.errorLimitBytes))),
            startTime: run.startTime, endTime: run.answerTime)
    }

    /// Ends the run in the foreground now, as SIGKILL would.
    func endForegroundRun(at time: Double) {
        guard let index = runs.firstIndex(where: { $0.isForeground && $0.ending == nil }) else { return }
        runs[index].ending = (.signaled(SIGKILL), time)
    }

    /// Ends a run still going now, as SIGTERM would.
    func endRun(requestIdentifier: Int, at time: Double) {
        guard let index = runs.firstIndex(where: { $0.request.identifier == requestIdentifier && $0.ending == nil })
        else { return }
        runs[index].ending = (.signaled(SIGTERM), time)
    }

    /// Forgets the runs still going: the program has ended, and they with it.
    func endAll(waitingAtMostSeconds seconds: Double, endingEveryDescendant: Bool) {
        runs.removeAll()
    }
}
