import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Every way out writes every event made: line mode, the full screen and --once")
    struct EventsOnTheWayOutTests {
        private static let buttons = ["--button", "Mail:envelope:5", "--button", "B:hammer:2"]

        /// The presses and changes of a JSON lines file, each as `event button count previous source`.
        private func summary(ofEventsAt path: String) throws -> [String] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
            return try text.split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return ["event", "button", "count", "previous", "source"].map { "\(object[$0] ?? "-")" }
                    .joined(separator: " ")
            }
        }

        /// Runs a shell pipeline in a session of its own (no controlling terminal), `$0` the binary, `$@` the
        /// arguments.
        private func runPipeline(_ pipeline: String, _ arguments: [String]) throws -> ProcessResult {
            try ChildProcess.run(
                "setsid", ["sh", "-c", pipeline, try BadgebarBinary.path()] + arguments,
                environment: ChildProcess.cleanEnvironment(["TERM=dumb", "SWIFT_BACKTRACE=enable=no"]), timeout: 20)
        }

        @Test("printf '1\\n2\\nq\\n' | badgebar --lines --events-to: both presses written, every time of five")
        func linesPressesAndQuitInOneRead() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            for run in 1...5 {
                let events = directory.path + "/events-\(run).jsonl"
                let result = try runPipeline(
                    #"printf '1\n2\nq\n' | "$0" "$@""#,
                    ["--lines", "--no-autoplay"] + Self.buttons + ["--events-to", events])
                #expect(result.status == .exited(0), "run \(run): \(result.standardError)")
                #expect(
                    result.standardOutput
                        == "Badges. Mail: 5 unread; B: 2 unread\nMail: none unread (cleared)\nB: none unread (cleared)\n",
                    "run \(run)")
                #expect(
                    try summary(ofEventsAt: events) == ["press Mail 0 5 key", "press B 0 2 key"],
                    "run \(run): \(result.standardError)")
            }
        }

        @Test("Line mode: the end of the input, SIGTERM, SIGINT and Ctrl-C each leave both presses in the events' file")
        func linesOtherWaysOut() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let ended = directory.path + "/ended.jsonl"
            let result = try runPipeline(
                #"printf '1\n2\n' | "$0" "$@""#, ["--lines", "--no-autoplay"] + Self.buttons + ["--events-to", ended])
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(try summary(ofEventsAt: ended) == ["press Mail 0 5 key", "press B 0 2 key"])

            for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, 130)] {
                let events = directory.path + "/signal-\(signal).jsonl"
                let terminal = try TmuxTerminal(
                    arguments: ["--lines", "--no-autoplay"] + Self.buttons + ["--events-to", events],
                    redirections: [.standardOutputToFile],
                    pipeline: #"(printf '1\n2\n'; tmux wait-for done) | "$0" "$@""#)
                defer { terminal.close() }
                try terminal.waitUntil("both presses said") { _ in
                    terminal.standardOutput.contains("B: none unread (cleared)")
                }
                let pid = try terminal.programPID()
                kill(pid, signal)
                // The writer of the commands ends only once the program has gone, so no end of input comes first.
                try TmuxTerminal.waitForProcessState(pid, nil)
                try terminal.signal("done")
                #expect(try terminal.waitForExit() == status, "signal \(signal)")
                #expect(
                    try summary(ofEventsAt: events) == ["press Mail 0 5 key", "press B 0 2 key"], "signal \(signal)")
            }

            // Keys from the terminal: 1, 2 and Ctrl-C in one read.
            let keyed = directory.path + "/keys.jsonl"
            let terminal = try TmuxTerminal(
                arguments: ["--lines", "--no-autoplay"] + Self.buttons + ["--events-to", keyed])
            defer { terminal.close() }
            try terminal.waitUntil("the first line") { $0.trimmed(row: 0) == "Badges. Mail: 5 unread; B: 2 unread" }
            try terminal.sendLiteral("12\u{03}")
            #expect(try terminal.waitForExit() == 0)
            #expect(try summary(ofEventsAt: keyed) == ["press Mail 0 5 key", "press B 0 2 key"])
        }

        @Test("The full screen: 1 then q in one read (one send-keys) writes the press before it quits")
        func fullScreenPressAndQuitInOneRead() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            for run in 1...3 {
                let events = directory.path + "/events-\(run).jsonl"
                let terminal = try TmuxTerminal(arguments: ["--no-autoplay"] + Self.buttons + ["--events-to", events])
                defer { terminal.close() }
                try terminal.waitUntil("the toolbar") { $0.contains("[ ") && $0.contains(" 5 ") }
                try terminal.sendLiteral("1q")
                #expect(try terminal.waitForExit() == 0, "run \(run)")
                #expect(try summary(ofEventsAt: events) == ["press Mail 0 5 key"], "run \(run)")
            }
        }

        @Test("--once --events-to: each change it made is written, when it prints and when SIGTERM ends it")
        func onceWritesItsChanges() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let printed = directory.path + "/printed.jsonl"
            let result = try runPipeline(
                #"printf 'Mail=3\nB+=1\n' | "$0" "$@""#,
                ["--once", "--icons", "ascii"] + Self.buttons + ["--counts-from", "-", "--events-to", printed])
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(try summary(ofEventsAt: printed) == ["change Mail 3 5 counts", "change B 3 2 counts"])

            let counts = directory.path + "/counts"
            try "Mail=3\n".write(toFile: counts, atomically: true, encoding: .utf8)
            let signalled = directory.path + "/signalled.jsonl"
            let process = try BackgroundProcess(
                try BadgebarBinary.path(),
                ["--once"] + Self.buttons + [
                    "--counts-from", counts, "--watch", "B=sleep 30", "--events-to", signalled,
                ],
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), standardOutput: 2,
                standardError: 2)
            defer { process.stop() }
            // The counts are read before the watch runs; SIGTERM comes while the watch sleeps.
            let deadline = ContinuousClock.now + .seconds(10)
            while try summary(ofEventsAt: signalled).isEmpty, ContinuousClock.now < deadline {
                usleep(20_000)
            }
            kill(process.pid, SIGTERM)
            #expect(process.waitForExit(timeout: .seconds(5)) == .exited(143))
            #expect(try summary(ofEventsAt: signalled) == ["change Mail 3 5 counts"])
        }
    }
}
