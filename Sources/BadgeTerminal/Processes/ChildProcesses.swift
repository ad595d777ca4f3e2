import BadgeKit
import CNCursesW

/// What the run loop needs of the children a program starts: starting them, their output, their time limits,
/// their ends, and ending them all when the program ends.
///
/// The reactor says which the runner uses (`Reactor.makeChildProcesses()`): by default real
/// children, each `/bin/sh -c COMMAND` started with `posix_spawn` and never waited for; a
/// ``ScriptedTerminal`` answers each request from its script on its virtual clock instead. The loop is
/// the same either way: it starts a run, watches ``descriptors``, wakes at ``nextDeadline`` or when
/// the reactor reports ``Wakeup/childStateChanged``, then enforces the limits and reaps.
public protocol ChildProcesses: AnyObject {
    /// Whether no run is still going or has output left to read.
    var isEmpty: Bool { get }
    /// The descriptors to watch for the runs' output; the loop calls ``read(from:)`` for those that are ready.
    var descriptors: [SystemDescriptor] { get }
    /// The next time a run's time limit (or the grace after it) runs out, if any, for the loop to wake at.
    var nextDeadline: Double? { get }
    /// The process group of the run in the foreground, if one is going, to hand the terminal to.
    var foregroundGroup: pid_t? { get }

    /// Starts a request.
    ///
    /// - Parameters:
    ///   - request: What to run.
    ///   - time: Now, on the runner's clock.
    ///   - foreground: Run with the terminal as its standard streams, for an interactive program,
    ///     instead of with pipes.
    ///   - terminal: For a foreground run, the terminal it gets as standard input, output and error; without
    ///     one it gets `/dev/null`.
    /// - Returns: The result at once when the command could not be started; `nil` when it runs.
    func start(_ request: ProcessRequest, at time: Double, foreground: Bool, terminal: SystemDescriptor?)
        -> ProcessResult?
    /// Reads what a run wrote to one of ``descriptors`` that is ready.
    func read(from descriptor: SystemDescriptor)
    /// Ends the runs past their time limit; their results come back from ``reap(at:)`` as timed out.
    func enforceTimeLimits(at time: Double)
    /// Collects the runs that have ended and returns their results.
    func reap(at time: Double) -> [ProcessResult]
    /// Ends the run in the foreground at once, for when it cannot have the terminal; its result comes back
    /// from ``reap(at:)``.
    func endForegroundRun(at time: Double)
    /// Ends one run still going, by its request's identifier, as its time limit would: SIGTERM to its process
    /// group, SIGKILL a moment later; its result comes back from ``reap(at:)``. Nothing for a run that has ended.
    func endRun(requestIdentifier: Int, at time: Double)
    /// Ends every run still going, and what finished runs left behind, waiting at most this long; at the
    /// program's way out (`endingEveryDescendant`), every descendant too.
    func endAll(waitingAtMostSeconds seconds: Double, endingEveryDescendant: Bool)
}
