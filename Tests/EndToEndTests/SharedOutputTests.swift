import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Pipes and sockets shared with other programs, and outputs that fail") struct SharedOutputTests {
        /// Runs a shell script with the binary as `$0` and more arguments, and returns what it left.
        private func shell(_ script: String, _ arguments: [String] = [], timeout: Double = 30) throws
            -> ProcessResult
        {
            try ChildProcess.run(
                "/bin/sh", ["-c", script, try BadgebarBinary.path()] + arguments,
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: timeout)
        }

        @Test("A cat beside a stream, and after one killed with SIGKILL, writes 8 MiB through the same slow pipe")
        func otherWritersOfThePipe() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let big = directory.path + "/big"
            try Data(count: 8 << 20).write(to: URL(fileURLWithPath: big))
            // The pipe's reader waits 2 s, so each cat finds the pipe full and must wait for room, as a blocking
            // writer does; with the description made non-blocking it fails with EAGAIN instead.
            let result = try shell(
                #"""
                B="$0"; big="$1"
                ( "$B" --stream --button Mail:envelope:0 --counts-from /dev/null & b=$!
                  sleep 0.5; cat "$big"; echo "beside $?" >&2; kill $b ) | (sleep 2; cat >/dev/null)
                ( timeout -s KILL 1 "$B" --stream --button Mail:envelope:0 --counts-from /dev/null
                  cat "$big"; echo "after $?" >&2 ) | (sleep 2; cat >/dev/null)
                """#, [big])
            #expect(result.standardError.contains("beside 0"), "\(result.standardError)")
            #expect(result.standardError.contains("after 0"), "\(result.standardError)")
            #expect(!result.standardError.contains("Resource temporarily unavailable"), "\(result.standardError)")
        }

        @Test("Standard input shared with the next reader is left blocking, after a SIGKILL too")
        func otherReadersOfStandardInput() throws {
            // The counts come from standard input, which the cat after badgebar reads too: an empty pipe left
            // non-blocking makes that cat fail at once with EAGAIN instead of waiting for the line.
            for front in [["--stream"], ["--lines"]] {
                let result = try shell(
                    #"""
                    B="$0"
                    { sleep 2; echo later; } | ( timeout -s KILL 1 "$B" "$1" --button Mail:envelope:0 \
                        --counts-from - >/dev/null 2>&1; cat; echo "reader after $?" >&2 )
                    """#, front)
                #expect(result.standardOutput == "later\n", "\(front): \(result.standardError)")
                #expect(result.standardError.contains("reader after 0"), "\(front): \(result.standardError)")
            }
        }

        @Test("A socket as standard output whose peer closes while idle ends it within a second, 0, children gone")
        func socketPeerGoesAway() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            var ends: [Int32] = [-1, -1]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0)
            var errorPipe: [Int32] = [-1, -1]
            #expect(pipe(&errorPipe) == 0)
            // As `socat EXEC:` starts it: standard input and output are one end of a socket pair.
            let pid = try ChildProcess.spawn(
                try BadgebarBinary.path(),
                [
                    "--stream", "--icons", "ascii", "--button", "Mail:envelope:3", "--watch",
                    "Mail=echo $$ > \(directory.path)/pid; exec sleep 300", "--every", "60s",
                ],
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]),
                files: [.duplicate(ends[1], as: 0), .duplicate(ends[1], as: 1), .duplicate(errorPipe[1], as: 2)])
            let process = BackgroundProcess(adopting: pid, name: "badgebar --stream")
            defer { process.stop() }
            close(ends[1])
            close(errorPipe[1])
            defer { close(errorPipe[0]) }
            var first = [UInt8](repeating: 0, count: 64)
            var polled = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            #expect(poll(&polled, 1, 5000) == 1)
            let count = read(ends[0], &first, first.count)
            #expect(count > 0 && String(decoding: first[..<max(count, 0)], as: UTF8.self).hasPrefix("@ 3"))
            let deadline = Date().addingTimeInterval(5)
            var watchPid: pid_t?
            while watchPid == nil, Date() < deadline {
                watchPid = (try? String(contentsOfFile: directory.path + "/pid", encoding: .utf8))
                    .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                usleep(20_000)
            }
            let watch = try #require(watchPid, "the watch started")
            #expect(process.staysRunning(for: 0.3), "idle, with the bar still there")
            close(ends[0])
            #expect(process.waitForExit(timeout: .seconds(1)) == .exited(0), "ended within a second of the close")
            _ = fcntl(errorPipe[0], F_SETFL, O_NONBLOCK)
            var errors = [UInt8](repeating: 0, count: 4096)
            let errorCount = read(errorPipe[0], &errors, errors.count)
            #expect(errorCount <= 0, "quietly: \(String(decoding: errors[..<max(errorCount, 0)], as: UTF8.self))")
            #expect(kill(watch, 0) != 0, "the watch's process is gone")
        }

        @Test("A full disk: --lines, --once and every --stream form say it once on standard error and end with 74")
        func fullDisk() throws {
            let forms = ["plain", "tmux", "json", "i3bar", "waybar", "polybar", "i3blocks"]
            let runs: [(String, String)] =
                [
                    (
                        "--lines",
                        #"printf 'Mail=3\n' | "$0" --lines --button Mail:envelope:0 --counts-from - >/dev/full"#
                    ),
                    ("--once", #""$0" --once --button Mail:envelope:0 >/dev/full"#),
                ]
                + forms.map { form in
                    (
                        "--stream \(form)",
                        #"timeout -s KILL 5 "$0" --stream --format "# + form
                            + #" --button Mail:envelope:0 >/dev/full"#
                    )
                }
            for (name, command) in runs {
                let result = try shell(command + #"; echo "[exit $?]" >&2"#)
                #expect(
                    result.standardErrorLines == [
                        "badgebar: cannot write to standard output: No space left on device", "[exit 74]",
                    ], "\(name)")
            }
        }
    }
}

extension BackgroundProcess {
    /// Whether it is still running after a while.
    fileprivate func staysRunning(for seconds: Double) -> Bool {
        usleep(UInt32(seconds * 1_000_000))
        return exitStatus() == nil
    }
}
