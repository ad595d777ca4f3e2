import Foundation
import Glibc

/// A directory of its own under /tmp for a test's files (a FIFO, say), removed by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/badgebar-e2e-files.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw EndToEndFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The screens seen while capturing as fast as tmux answers.
struct FrameRecording {
    /// Each screen that differed from the one before, in order; the first capture comes first.
    var frames: [Screen]
    /// How many captures were taken in all.
    var captures: Int
    /// How long the recording ran.
    var duration: Duration

    /// Every frame's text, for failure messages.
    var transcript: String {
        frames.enumerated().map { "frame \($0.offset):\n\($0.element)" }.joined(separator: "\n")
    }
}

extension TmuxTerminal {
    /// Captures the pane in a tight loop (no sleep) until `done` accepts the latest screen, given how
    /// long it has been unchanged, or until the deadline.
    func recordFrames(
        until deadline: ContinuousClock.Instant, done: (_ screen: Screen, _ unchangedFor: Duration) -> Bool
    ) throws -> FrameRecording {
        let start = ContinuousClock.now
        var frames: [Screen] = []
        var captures = 0
        var changedAt = start
        while true {
            let screen = try capture()
            captures += 1
            if screen != frames.last {
                frames.append(screen)
                changedAt = .now
            }
            let now = ContinuousClock.now
            if done(screen, now - changedAt) || now > deadline {
                return FrameRecording(frames: frames, captures: captures, duration: now - start)
            }
        }
    }

    /// Whether the process is alive (not gone, not a zombie).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let state = processState(pid) else { return false }
        return state != "Z" && state != "X"
    }

    /// The CPU time a process has used, in clock ticks (utime + stime from /proc/PID/stat).
    static func cpuTicks(_ pid: pid_t) -> Int? {
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        guard let fields = statFields(of: pid), fields.count > 12, let user = Int(fields[11]),
            let system = Int(fields[12])
        else { return nil }
        return user + system
    }

    /// A process's peak resident memory in KiB (`VmHWM` in /proc/PID/status), or nil when it is gone.
    static func peakResidentKilobytes(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
    }
}
