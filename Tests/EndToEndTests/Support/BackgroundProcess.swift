import Foundation
import Glibc

/// A program left running while a test works, started with `posix_spawn` (see ``ChildProcess``).
///
/// Always ``stop()`` it (in a `defer`); `deinit` stops it too, so no path leaves it running.
final class BackgroundProcess {
    /// The program's name, for messages.
    let name: String
    /// Its process id.
    let pid: pid_t
    private var status: ExitStatus?

    /// Starts the program.
    ///
    /// - Parameters:
    ///   - executable: A path, or a name looked up in `PATH`.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment, as `NAME=value` strings.
    ///   - standardOutput: The descriptor its standard output goes to (the caller keeps its own copy).
    ///   - standardError: The descriptor its standard error goes to.
    init(
        _ executable: String, _ arguments: [String], environment: [String], standardOutput: Int32,
        standardError: Int32
    ) throws {
        name = executable
        pid = try ChildProcess.spawn(
            executable, arguments, environment: environment,
            files: [
                .open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(standardOutput, as: 1),
                .duplicate(standardError, as: 2),
            ])
    }

    /// Takes charge of a program already started with ``ChildProcess/spawn(_:_:environment:files:newSession:)``.
    init(adopting pid: pid_t, name: String) {
        self.name = name
        self.pid = pid
    }

    deinit {
        stop()
    }

    /// How it ended, or nil while it runs (reaps it once it has ended).
    func exitStatus() -> ExitStatus? {
        if status == nil {
            var waitStatus: Int32 = 0
            if waitpid(pid, &waitStatus, WNOHANG) == pid {
                status = ExitStatus(waitStatus: waitStatus)
            }
        }
        return status
    }

    /// Polls every 20 ms until it ends; returns how, or nil after the timeout.
    func waitForExit(timeout: Duration) -> ExitStatus? {
        let deadline = ContinuousClock.now + timeout
        while exitStatus() == nil, ContinuousClock.now < deadline {
            usleep(20_000)
        }
        return exitStatus()
    }

    /// Ends it: SIGTERM, up to two seconds to go, then SIGKILL; it is reaped either way.
    func stop() {
        guard exitStatus() == nil else { return }
        kill(pid, SIGTERM)
        if waitForExit(timeout: .seconds(2)) == nil {
            kill(pid, SIGKILL)
            var waitStatus: Int32 = 0
            while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
            status = ExitStatus(waitStatus: waitStatus)
        }
    }
}
