import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("What the commands leave behind, wherever it went, ends with the program")
    struct ProcessTreeTests {
        /// A way out of the full screen.
        enum WayOut: String, CaseIterable, CustomTestStringConvertible {
            case quit = "q"
            case terminate = "SIGTERM"
            case hangup = "SIGHUP"

            var testDescription: String { rawValue }
        }

        /// A command that starts a daemon of its own session (`setsid`), which writes its pid to a file once it is
        /// in that session, and returns once the file is there: the daemon has left the command's process group
        /// and session before the command ends, so ending those groups cannot reach it.
        ///
        /// - Parameters:
        ///   - pidFile: Where the daemon writes its pid.
        ///   - body: What the daemon runs after writing it.
        static func daemon(pidFile: String, body: String = "exec sleep 300") -> String {
            "setsid sh -c 'echo $$ > \"\(pidFile)\"; \(body)' & "
                + "while [ ! -s '\(pidFile)' ]; do sleep 0.05; done"
        }

        /// The pid a daemon wrote, waiting for it.
        static func readPID(_ file: String, timeout: Duration = .seconds(10)) throws -> pid_t {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let text = try? String(contentsOfFile: file, encoding: .utf8),
                    let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
                {
                    return pid
                }
                usleep(20_000)
            }
            throw EndToEndFailure("no pid in \(file) after \(timeout)")
        }

        /// Waits until a process has ended (gone, or a zombie nobody collected), polling /proc; whether it did.
        static func waitUntilEnded(_ pid: pid_t, timeout: Duration = .seconds(5)) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while TmuxTerminal.isRunning(pid) {
                guard ContinuousClock.now < deadline else { return false }
                usleep(20_000)
            }
            return true
        }

        /// Kills a process the test started through the program, should the program have left it running.
        static func cleanUp(_ file: String) {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1
            {
                kill(pid, SIGKILL)
            }
        }

        /// The parent's pid of a process, from /proc/PID/stat, or nil when it is gone.
        static func parent(of pid: pid_t) -> pid_t? {
            guard let fields = TmuxTerminal.statFields(of: pid), fields.count > 1 else { return nil }
            return pid_t(fields[1])
        }

        @Test(
            "A watch's daemon of its own session ends with the full screen, by every way out",
            arguments: WayOut.allCases)
        func fullScreen(_ wayOut: WayOut) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let pidFile = directory.path + "/daemon"
            defer { Self.cleanUp(pidFile) }
            let terminal = try TmuxTerminal(arguments: [
                "--button", "Mail:envelope:0", "--every", "5m",
                "--watch", "Mail=\(Self.daemon(pidFile: pidFile)); echo 3",
            ])
            defer { terminal.close() }
            try terminal.waitUntil("the watch's count") { $0.words(row: InboxLayout.badgeRow) == ["3"] }
            let daemon = try Self.readPID(pidFile)
            let program = try terminal.programPID()
            #expect(TmuxTerminal.isRunning(daemon), "the daemon runs")
            #expect(TmuxTerminal.processSession(daemon) == daemon, "in a session of its own")
            switch wayOut {
            case .quit:
                try terminal.sendKeys("q")
                #expect(try terminal.waitForExit() == 0)
            case .terminate:
                kill(program, SIGTERM)
                #expect(try terminal.waitForExit() == 128 + SIGTERM)
            case .hangup:
                kill(program, SIGHUP)
                #expect(try terminal.waitForExit() == 128 + SIGHUP)
            }
            #expect(Self.waitUntilEnded(daemon), "the watch's daemon \(daemon) outlived \(wayOut.rawValue)")
        }

        @Test("A watch's daemon of its own session ends with --once")
        func once() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let pidFile = directory.path + "/daemon"
            defer { Self.cleanUp(pidFile) }
            let result = try ChildProcess.run(
                try BadgebarBinary.path(),
                [
                    "--once", "--icons", "ascii", "--button", "Mail:envelope:0",
                    "--watch", "Mail=\(Self.daemon(pidFile: pidFile)); echo 3",
                ],
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: 15)
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(result.standardOutput == "@ 3\n")
            let daemon = try Self.readPID(pidFile)
            #expect(Self.waitUntilEnded(daemon), "the watch's daemon \(daemon) outlived --once")
        }

        @Test("An --on-press command's daemon ends with line mode when its input ends")
        func lineModeEndOfInput() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let pidFile = directory.path + "/daemon"
            defer { Self.cleanUp(pidFile) }
            // Line mode reads the command `1` (press Mail) from the pipe, which ends once the daemon is there.
            let pipeline =
                "{ printf '1\\n'; while [ ! -s '\(pidFile)' ]; do sleep 0.05; done; } | \"$0\" \"$@\""
            let result = try ChildProcess.run(
                "sh",
                [
                    "-c", pipeline, try BadgebarBinary.path(), "--lines", "--button", "Mail:envelope:2",
                    "--on-press", "Mail=\(Self.daemon(pidFile: pidFile))",
                ],
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: 15)
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(result.standardOutput.contains("Mail: none unread (cleared)"), "\(result.standardOutput)")
            let daemon = try Self.readPID(pidFile)
            #expect(Self.waitUntilEnded(daemon), "the --on-press daemon \(daemon) outlived line mode")
        }

        @Test("A daemon a watch left is handed to badgebar, which collects it when it exits: no zombie piles up")
        func orphansAreReaped() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let pidFile = directory.path + "/daemon"
            let stopFile = directory.path + "/stop"
            defer { Self.cleanUp(pidFile) }
            let body = "while [ ! -e \"\(stopFile)\" ]; do sleep 0.05; done"
            let terminal = try TmuxTerminal(arguments: [
                "--button", "Mail:envelope:0", "--every", "5m",
                "--watch", "Mail=\(Self.daemon(pidFile: pidFile, body: body)); echo 3",
            ])
            defer { terminal.close() }
            try terminal.waitUntil("the watch's count") { $0.words(row: InboxLayout.badgeRow) == ["3"] }
            let daemon = try Self.readPID(pidFile)
            let program = try terminal.programPID()
            let deadline = ContinuousClock.now + .seconds(5)
            while Self.parent(of: daemon) != program && ContinuousClock.now < deadline {
                usleep(20_000)
            }
            #expect(Self.parent(of: daemon) == program, "the orphan's parent is badgebar, not init")
            // It exits by itself while badgebar runs: collected, not left a zombie.
            #expect(FileManager.default.createFile(atPath: stopFile, contents: nil))
            let gone = ContinuousClock.now + .seconds(5)
            while TmuxTerminal.processState(daemon) != nil && ContinuousClock.now < gone {
                usleep(20_000)
            }
            #expect(
                TmuxTerminal.processState(daemon) == nil,
                "the daemon \(daemon) is in state \(TmuxTerminal.processState(daemon).map(String.init) ?? "-")")
            #expect(TmuxTerminal.isRunning(program), "badgebar still runs")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("What an --open command left in another process group of the terminal's session runs on, as before")
        func openLeavesTheTerminalsJobs() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let pidFile = directory.path + "/job"
            defer { Self.cleanUp(pidFile) }
            // bash with job control (`set -m`) starts the background job in a process group of its own, in the
            // terminal's session, as an interactive shell does.
            let terminal = try TmuxTerminal(arguments: [
                "--button", "Mail:envelope:0",
                "--open", "Mail=bash -c 'set -m; sleep 400 & echo $! > \"\(pidFile)\"'",
            ])
            defer { terminal.close() }
            try terminal.waitUntil("the toolbar") { $0[InboxLayout.toolbarRow].contains("Badges") }
            let program = try terminal.programPID()
            try terminal.sendKeys("Enter")
            let job = try Self.readPID(pidFile)
            try terminal.waitUntil("the terminal back") { _ in try terminal.display("#{alternate_on}") == "1" }
            #expect(TmuxTerminal.processSession(job) == TmuxTerminal.processSession(program), "the terminal's session")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            usleep(300_000)
            #expect(TmuxTerminal.isRunning(job), "the job the --open command left runs on")
        }
    }
}
