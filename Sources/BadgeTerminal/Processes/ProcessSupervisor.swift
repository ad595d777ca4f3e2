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
    struct Child {
        var request: ProcessRequest
        var processIdentifier: pid_t
        var output: SystemDescriptor?
        var errors: SystemDescriptor?
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

    /// The children running or with output still to read, in the order they started.
    var children: [Child] = []
    /// The process groups of finished runs that still have members (what a command started in the background).
    var lingeringGroups: Set<pid_t> = []
    /// Where reads from the pipes land.
    var readBuffer = [UInt8](repeating: 0, count: 16_384)
    /// The program's environment as `NAME=value`, read once.
    let baseEnvironment: [String]

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

    /// Whether no child is still running or has output to read.
    var isEmpty: Bool { children.isEmpty }

    /// The pipes to poll for output.
    var descriptors: [SystemDescriptor] {
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
}
