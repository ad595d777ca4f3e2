import Foundation
import Glibc

/// The program under test started by the test itself (not in tmux), on a ``PseudoTerminal`` as its controlling terminal.
///
/// The test is its parent, so it reads the exit status with `waitpid` and can time the exit.
/// A process still running when this is released is killed and reaped.
final class TerminalProcess {
    /// The program's pid.
    let pid: pid_t
    /// Where its standard error goes.
    let standardErrorPath: String
    /// How it ended, once it has.
    private(set) var status: ExitStatus?
    /// Its peak resident memory in KiB (`ru_maxrss`), once it has ended.
    private(set) var peakResidentKilobytes: Int?

    /// Starts the binary in a session of its own, with the pseudo-terminal's slave as standard input,
    /// output and controlling terminal, and standard error in a file.
    init(
        arguments: [String], on terminal: PseudoTerminal, standardErrorPath: String, environment: [String] = []
    ) throws {
        self.standardErrorPath = standardErrorPath
        pid = try ChildProcess.spawn(
            try BadgebarBinary.path(), arguments,
            environment: ChildProcess.cleanEnvironment(
                ["TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no"] + environment),
            files: [
                // Opened by a session leader without O_NOCTTY: it becomes the controlling terminal.
                .open(0, path: terminal.slavePath, flags: O_RDWR), .duplicate(0, as: 1),
                .open(2, path: standardErrorPath, flags: O_WRONLY | O_CREAT | O_TRUNC),
            ],
            newSession: true)
    }

    deinit {
        end()
    }

    /// Kills it if it still runs (SIGKILL) and reaps it.
    func end() {
        guard poll() == nil else { return }
        kill(pid, SIGKILL)
        var waitStatus: Int32 = 0
        var usage = rusage()
        if wait4(pid, &waitStatus, 0, &usage) == pid {
            status = ExitStatus(waitStatus: waitStatus)
            peakResidentKilobytes = usage.ru_maxrss
        }
    }

    /// Checks whether it has ended (wraps `wait4` with `WNOHANG`), and how.
    @discardableResult
    func poll() -> ExitStatus? {
        guard status == nil else { return status }
        var waitStatus: Int32 = 0
        var usage = rusage()
        if wait4(pid, &waitStatus, WNOHANG, &usage) == pid {
            status = ExitStatus(waitStatus: waitStatus)
            peakResidentKilobytes = usage.ru_maxrss
        }
        return status
    }

    /// Waits at most `timeout` for it to end, polling every 5 ms; nil if it still runs.
    func waitForExit(timeout: Duration) -> ExitStatus? {
        let deadline = ContinuousClock.now + timeout
        while poll() == nil && ContinuousClock.now < deadline {
            usleep(5_000)
        }
        return status
    }

    /// Waits until the program has taken the terminal (raw mode: no `icanon`), doing `meanwhile` on each turn.
    ///
    /// - Throws: When the program ends first, or after `timeout`.
    func waitForRawMode(
        of terminal: PseudoTerminal, timeout: Duration = .seconds(10), meanwhile: () throws -> Void = {}
    ) throws {
        let deadline = ContinuousClock.now + timeout
        while try terminal.modes().c_lflag & tcflag_t(ICANON) != 0 {
            if let status = poll() {
                throw EndToEndFailure("the program ended at start (\(status)): \(standardError)")
            }
            guard ContinuousClock.now < deadline else {
                throw EndToEndFailure("the program did not put the terminal in raw mode within \(timeout)")
            }
            try meanwhile()
            usleep(10_000)
        }
    }

    /// Sends it a signal.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// What it wrote to standard error.
    var standardError: String {
        (try? String(contentsOfFile: standardErrorPath, encoding: .utf8)) ?? ""
    }
}
