import Foundation
import Glibc
import Testing

extension EndToEnd {
    /// `--control`: the socket a bar's click command, a key binding or a script reaches a running badgebar through,
    /// attacked as a bar restarting it, a second badgebar, another user and a careless writer would.
    @Suite("The control socket of --control") struct ControlSocketTests {
        /// A folder of its own for a test's sockets and files.
        private func folder() throws -> String {
            let path = NSTemporaryDirectory() + "badgebar-control-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// Runs badgebar to its end (a client: `--press`, `--refresh`, `--send`, or a stream that is refused).
        private func badgebar(_ arguments: [String], timeout: Double = 10) throws -> ProcessResult {
            try ChildProcess.run(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: timeout)
        }

        /// Connects to a socket, writes bytes and closes, as any client may; whether it got in.
        @discardableResult
        private func connectAndWrite(_ path: String, _ bytes: [UInt8]) -> Bool {
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { return false }
            defer { close(socket) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard connected == 0 else { return false }
            var offset = 0
            while offset < bytes.count {
                // MSG_NOSIGNAL: a client the program closed on is told so, never killed by SIGPIPE.
                let count = bytes[offset...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }

        @Test("A bar that restarts badgebar keeps its clicks: the old one's slow end leaves the new one's socket")
        func restartKeepsTheSocket() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/ctl"
            // The old badgebar's watch ignores SIGTERM, so its end takes the whole second it is given.
            let old = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:4", "--control", control, "--every", "1h",
                "--watch", "Mail=trap '' TERM; sleep 5; echo 1",
            ])
            defer { old.stop() }
            #expect(old.nextLine() == "@ 4")
            kill(old.process.pid, SIGTERM)
            let new = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:4", "--control", control,
            ])
            defer { new.stop() }
            #expect(new.nextLine() == "@ 4", "the new one starts while the old one ends: \(new.readErrors())")
            #expect(old.process.waitForExit(timeout: .seconds(5)) == .exited(143))
            #expect(FileManager.default.fileExists(atPath: control), "the old one's end left the new one's socket")
            let press = try badgebar(["--press", "Mail", "--control", control])
            #expect(press.status == .exited(0), "\(press.standardError)")
            #expect(new.nextLine() == "@", "the press reached the new badgebar")
        }

        @Test("A second badgebar on a path another one listens on is refused with a message, and the first goes on")
        func secondBadgebarIsRefused() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/ctl"
            let first = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:2", "--control", control,
            ])
            defer { first.stop() }
            #expect(first.nextLine() == "@ 2")
            let second = try badgebar(["--stream", "--button", "Mail:envelope:2", "--control", control])
            #expect(second.status == .exited(73))
            #expect(
                second.standardError.contains("another badgebar (process \(first.process.pid)) listens there"),
                "\(second.standardError)")
            #expect(try badgebar(["--send", "Mail=6", "--control", control]).status == .exited(0))
            #expect(first.nextLine() == "@ 6", "every line reaches the first, none is split off")
        }

        @Test("What badgebar did not make at the path, or another user owns, is refused; its own socket is private")
        func foreignPathsAreRefused() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            chmod(directory, 0o1777)
            // Another user's FIFO, writable by all, as a stranger could leave in /tmp.
            let fifo = directory + "/fifo"
            #expect(mkfifo(fifo, 0o666) == 0)
            chmod(fifo, 0o666)
            let file = directory + "/file"
            try "".write(toFile: file, atomically: false, encoding: .utf8)
            let link = directory + "/link"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory + "/elsewhere")
            if getuid() == 0 {
                #expect(chown(fifo, 65534, 65534) == 0)
                let refused = try badgebar(["--stream", "--button", "Mail:envelope:2", "--control", fifo])
                #expect(refused.status == .exited(73))
                #expect(
                    refused.standardError.contains("belongs to another user (uid 65534)"), "\(refused.standardError)")
            }
            for (path, kind) in [(file, "a regular file"), (link, "a symbolic link"), (directory, "a folder")] {
                let refused = try badgebar(["--stream", "--button", "Mail:envelope:2", "--control", path])
                #expect(refused.status == .exited(73))
                #expect(
                    refused.standardError.contains("\(kind) that badgebar did not make"), "\(refused.standardError)")
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/elsewhere"), "nothing made through the link")
            // A folder anybody may write to without the sticky bit: anybody could swap the socket.
            let open = directory + "/open"
            try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
            chmod(open, 0o777)
            let unsafe = try badgebar(["--stream", "--button", "Mail:envelope:2", "--control", open + "/ctl"])
            #expect(unsafe.status == .exited(73))
            #expect(unsafe.standardError.contains("no sticky bit"), "\(unsafe.standardError)")

            let control = directory + "/ctl"
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:2", "--control", control,
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 2")
            var status = stat()
            #expect(lstat(control, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFSOCK && status.st_mode & 0o077 == 0, "a socket for its user alone")
        }

        @Test(
            "Another user can neither connect nor, through a socket opened to all, be heard; --press says 77",
            .enabled(if: getuid() == 0, "needs root to act as another user"))
        func anotherUserIsKeptOut() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            chmod(directory, 0o755)
            let control = directory + "/ctl"
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:2", "--control", control,
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 2")
            let asNobody = try ChildProcess.run(
                "/usr/bin/setpriv",
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", try BadgebarBinary.path(), "--press", "Mail",
                    "--control", control,
                ], environment: ChildProcess.cleanEnvironment(), timeout: 10)
            #expect(asNobody.status == .exited(77), "\(asNobody.standardError)")
            #expect(asNobody.standardError.contains("belongs to another user (uid 0)"), "\(asNobody.standardError)")
            // Even with the socket opened to all, a stranger's own client gets in but is closed unread.
            chmod(control, 0o777)
            let stranger = try ChildProcess.run(
                "/usr/bin/setpriv",
                [
                    "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
                    "import socket, sys\ns = socket.socket(socket.AF_UNIX)\ns.connect(sys.argv[1])\ntry:\n"
                        + "    s.sendall(b'Mail=9\\n')\nexcept OSError:\n    pass",
                    control,
                ], environment: ChildProcess.cleanEnvironment(), timeout: 10)
            #expect(stranger.status == .exited(0), "it connected through the file's mode: \(stranger.standardError)")
            #expect(try badgebar(["--send", "Mail=5", "--control", control]).status == .exited(0))
            #expect(run.nextLine() == "@ 5", "the stranger's line was never read")
        }

        @Test("One client's unended line never costs another client's line")
        func unendedLinesStayApart() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/ctl"
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:0", "--button", "Jobs:gear:0", "--control",
                control,
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@  %")
            for round in 1...20 {
                #expect(connectAndWrite(control, Array("Mail=\(round)".utf8)))
                #expect(connectAndWrite(control, Array("Jobs=\(round)\n".utf8)))
            }
            var last = ""
            while let line = run.nextLine(timeout: 1) {
                last = line
            }
            #expect(last == "@ 20  % 20", "every line of every client arrived whole: \(last) \(run.readErrors())")
            #expect(!run.readErrors().contains("not a counts line"), "\(run.errorText)")
        }

        @Test("A line of over a mebibyte with no end costs its client alone: the socket goes on, nothing hangs")
        func endlessLineCostsItsClientAlone() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/ctl"
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:0", "--control", control,
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@")
            // Whether the program reads it all or closes on it part-way, the client alone is concerned.
            connectAndWrite(control, [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20))
            let sent = try badgebar(["--send", "Mail=1", "--control", control], timeout: 5)
            #expect(sent.status == .exited(0), "\(sent.standardError)")
            #expect(run.nextLine() == "@ 1", "the next client is read: \(run.readErrors())")
            let pressed = try badgebar(["--press", "Mail", "--control", control], timeout: 5)
            #expect(pressed.status == .exited(0))
            #expect(run.nextLine() == "@")
        }

        @Test("A stopped badgebar never holds a client: once its queue is full, --press says 69 at once")
        func stoppedBadgebarHoldsNoClient() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/ctl"
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:4", "--control", control,
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 4")
            kill(run.process.pid, SIGSTOP)
            var statuses: [ExitStatus] = []
            for _ in 0..<24 {
                statuses.append(try badgebar(["--press", "Mail", "--control", control], timeout: 4).status)
            }
            kill(run.process.pid, SIGCONT)
            #expect(statuses.allSatisfy { $0 == .exited(0) || $0 == .exited(69) }, "none waited: \(statuses)")
            #expect(statuses.contains(.exited(69)), "the full queue was said: \(statuses)")
            #expect(run.nextLine() == "@", "the presses it had taken are read once it goes on")
        }

        @Test("--send sends one counts line or the lines of standard input; with no badgebar it says 69")
        func sendAndItsStatuses() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/ctl"
            let lonely = try badgebar(["--send", "Mail=1", "--control", control])
            #expect(lonely.status == .exited(69))
            #expect(lonely.standardError.contains("no badgebar listens on"))
            #expect(!FileManager.default.fileExists(atPath: control), "a client makes nothing at the path")
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:0", "--button", "Jobs:gear:0", "--control",
                control,
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@  %")
            try "Mail=3\nJobs+=2".write(toFile: directory + "/lines", atomically: true, encoding: .utf8)
            let piped = try ChildProcess.run(
                try BadgebarBinary.path(), ["--send", "-", "--control", control],
                environment: ChildProcess.cleanEnvironment(), standardInput: directory + "/lines", timeout: 10)
            #expect(piped.status == .exited(0), "\(piped.standardError)")
            var last = ""
            while let line = run.nextLine(timeout: 1) {
                last = line
            }
            #expect(last == "@ 3  % 2")
            let long = try badgebar(["--send", "Mail=" + String(repeating: "1", count: 2000), "--control", control])
            #expect(long.status == .exited(64))
            let missing = try badgebar(["--send", "Mail=1"])
            #expect(missing.status == .exited(64))
            #expect(missing.standardError.contains("--send talks to the badgebar that listens on --control PATH"))
        }
    }
}
