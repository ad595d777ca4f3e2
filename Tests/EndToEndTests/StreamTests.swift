import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Stream, for status bars that keep reading") struct StreamTests {
        /// A folder of its own for a test's FIFOs and files.
        private func folder() throws -> String {
            let path = NSTemporaryDirectory() + "badgebar-stream-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return path
        }

        /// Runs `badgebar --press`/`--refresh` and returns its exit status and standard error.
        private func send(_ arguments: [String]) throws -> ProcessResult {
            try ChildProcess.run(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: 10)
        }

        @Test("i3bar: the header, an endless array, a change by --control, a click that presses, --on-press and events")
        func i3barStream() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let control = directory + "/control"
            let run = try StreamRun(
                [
                    "--stream", "--format", "i3bar", "--icons", "ascii", "--button", "Mail:envelope:2:red",
                    "--button", "Jobs:gear:0", "--control", control, "--on-press", "Mail=touch \(directory)/pressed",
                    "--events-to", directory + "/events.jsonl",
                ], environment: ["LANG=C.UTF-8"])
            defer { run.stop() }
            #expect(run.nextLine() == #"{"version":1,"click_events":true}"#)
            #expect(run.nextLine() == "[")
            let first = try #require(run.nextLine())
            #expect(first.hasPrefix("[{") && first.contains(#""instance":"Mail""#) && first.contains("#FF3B30"))
            #expect(first.contains(#""markup":"pango""#))

            // A count through the control socket: the next array, after a comma.
            #expect(try send(["--control", control, "--press", "Nope"]).status == .exited(0))
            let changed = try send(["--refresh", "--control", control])
            #expect(changed.status == .exited(0), "\(changed.standardError)")
            #expect(try send(["--send", "Jobs=5", "--control", control]).status == .exited(0))
            let second = try #require(run.nextLine())
            #expect(second.hasPrefix(",[{"))
            #expect(second.contains(#""urgent":true"#), "Jobs went up: its block is urgent for a while: \(second)")

            // i3bar's click: `[`, then objects; a press clears Mail's badge, runs --on-press, writes the event.
            run.send("[\n")
            run.send(#"{"name":"badgebar","instance":"Mail","button":1,"x":10,"y":5}"# + "\n")
            let third = try #require(run.nextLine())
            #expect(
                third.hasPrefix(",[{") && third.contains(#""instance":"Mail","full_text":"@","#),
                "Mail's badge is gone: \(third)")
            let deadline = Date().addingTimeInterval(5)
            while !FileManager.default.fileExists(atPath: directory + "/pressed"), Date() < deadline {
                usleep(20_000)
            }
            #expect(FileManager.default.fileExists(atPath: directory + "/pressed"), "--on-press ran")
            let events = (try? String(contentsOfFile: directory + "/events.jsonl", encoding: .utf8)) ?? ""
            #expect(events.contains(#""event":"press""#) && events.contains(#""source":"click""#), "\(events)")
            #expect(run.readErrors().contains("'press Nope' names no button"))
        }

        @Test(
            "i3bar: a click on a 2000-character title presses it; a 2 MiB line is skipped, said once, and clicks go on")
        func longClickLines() throws {
            let title = String(repeating: "M", count: 2000)
            let run = try StreamRun(
                [
                    "--stream", "--format", "i3bar", "--icons", "ascii", "--button", "\(title):envelope:2",
                    "--button", "Mail:envelope:4",
                ], environment: ["LANG=C.UTF-8"])
            defer { run.stop() }
            #expect(run.nextLine() == #"{"version":1,"click_events":true}"#)
            #expect(run.nextLine() == "[")
            #expect(try #require(run.nextLine()).contains(#""instance":"\#(title)""#))
            run.send("[\n")
            run.send(#"{"name":"badgebar","instance":""# + title + #"","button":1,"x":10,"y":5}"# + "\n")
            let pressed = try #require(run.nextLine())
            #expect(pressed.contains(#""instance":"\#(title)","full_text":"@","#), "the long title's badge is gone")

            // A line of 2 MiB without a line end for most of it, written as a bar would, without ever blocking for
            // more than five seconds: it is read on, to its end.
            _ = fcntl(run.input, F_SETFL, fcntl(run.input, F_GETFL) | O_NONBLOCK)
            var junk = [UInt8](repeating: 0x78, count: 2 << 20)
            junk[0] = 0x2C
            junk.append(0x0A)
            var written = 0
            let deadline = Date().addingTimeInterval(20)
            while written < junk.count, Date() < deadline {
                let count = junk[written...].withUnsafeBytes { write(run.input, $0.baseAddress, $0.count) }
                if count > 0 {
                    written += count
                } else {
                    var polled = pollfd(fd: run.input, events: Int16(POLLOUT), revents: 0)
                    guard poll(&polled, 1, 5000) > 0 else { break }
                }
            }
            #expect(written == junk.count, "standard input is read on past the long line: \(written) bytes taken")
            run.send(#",{"name":"badgebar","instance":"Mail","button":1}"# + "\n")
            let after = try #require(run.nextLine())
            #expect(after.contains(#""instance":"Mail","full_text":"@","#), "a click after the long line presses")
            let errors = run.readErrors()
            #expect(
                errors.components(separatedBy: "was too long").count == 2
                    && errors.contains("a click event of 1 MiB or more was too long"), "\(errors)")
        }

        @Test("Every source feeds it: a watch, SIGUSR1 and --refresh run it again, and the demo's auto-play plays")
        func everySource() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try "4\n".write(toFile: directory + "/mail", atomically: true, encoding: .utf8)
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:0", "--watch",
                "Mail=cat \(directory)/mail", "--every", "60s", "--control", directory + "/control",
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@")
            #expect(run.nextLine() == "@ 4", "the watch's first reading")
            try "7\n".write(toFile: directory + "/mail", atomically: true, encoding: .utf8)
            kill(run.process.pid, SIGUSR1)
            #expect(run.nextLine() == "@ 7", "SIGUSR1 runs the watch now, long before its minute")
            try "9\n".write(toFile: directory + "/mail", atomically: true, encoding: .utf8)
            #expect(try send(["--refresh", "--control", directory + "/control"]).status == .exited(0))
            #expect(run.nextLine() == "@ 9", "--refresh does the same through the control socket")

            let demo = try StreamRun(["--stream", "--icons", "ascii"])
            defer { demo.stop() }
            let first = try #require(demo.nextLine())
            let next = try #require(demo.nextLine(timeout: 5), "auto-play changes a count within its 1.3 s step")
            #expect(first != next)
        }

        @Test("A board's file streams, and is read again on SIGUSR2 keeping the counts; a broken edit says why")
        func boardFile() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let file = directory + "/board.conf"
            try "[Mail]\nsymbol = envelope\nbadge = 2\n".write(toFile: file, atomically: true, encoding: .utf8)
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--config", file, "--control", directory + "/control",
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 2")
            #expect(try send(["--send", "Mail=7", "--control", directory + "/control"]).status == .exited(0))
            #expect(run.nextLine() == "@ 7")
            try "[Mail]\nsymbol = envelope\nbadge = 2\n\n[Jobs]\nsymbol = gear\nbadge = 1\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            kill(run.process.pid, SIGUSR2)
            #expect(run.nextLine() == "@ 7  % 1", "Mail keeps the count it was given; Jobs is new")
            try "[Mail]\nsymbl = envelope\n".write(toFile: file, atomically: true, encoding: .utf8)
            kill(run.process.pid, SIGUSR2)
            #expect(run.staysSilent(for: 0.5), "a broken file leaves the board as it was")
            #expect(run.readErrors().contains("board.conf:2:"), "and says where: \(run.errorText)")
            try "".write(toFile: file, atomically: true, encoding: .utf8)
            kill(run.process.pid, SIGUSR2)
            #expect(run.staysSilent(for: 0.5), "an emptied file does not turn the bar into the demo")
            #expect(run.readErrors().contains("has no button's section now"), "\(run.errorText)")

            // A board's file that is a FIFO nothing writes to never holds the program.
            let fifo = directory + "/fifo.conf"
            #expect(mkfifo(fifo, 0o600) == 0)
            let once = try send(["--once", "--icons", "ascii", "--config", fifo])
            #expect(once.status == .exited(0), "read as an empty file: \(once.standardError)")
        }

        @Test("Running all day: what watches leave behind is collected as it exits, no zombie piles up")
        func orphansAreCollected() throws {
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:0", "--watch",
                "Mail=setsid sh -c 'sleep 0.2' & echo 1", "--every", "1s",
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@")
            #expect(run.nextLine() == "@ 1")
            // Three runs, each leaving a process that exits 0.2 s later as badgebar's adopted orphan.
            usleep(3_000_000)
            let zombies = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap {
                entry -> String? in
                guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return nil }
                let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
                return fields.count > 1 && fields[0] == "Z" && fields[1] == "\(run.process.pid)" ? entry : nil
            }
            #expect(zombies == [], "badgebar's children that exited and were never collected")
        }

        @Test("Idle means asleep: no output and no wakeups while nothing changes")
        func idleStream() throws {
            let run = try StreamRun([
                "--stream", "--format", "plain", "--icons", "ascii", "--button", "Mail:envelope:3",
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 3")
            #expect(run.staysSilent(for: 0.3))
            let before = try #require(run.contextSwitches())
            #expect(run.staysSilent(for: 1.5))
            let after = try #require(run.contextSwitches())
            #expect(after == before, "no wakeup in 1.5 s of nothing: \(before) → \(after)")
        }

        @Test("The bar going away (standard output closed) ends it at once, quietly, with every child ended")
        func barGoesAway() throws {
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:3",
                "--watch", "Mail=echo $$ > \(directory)/pid; exec sleep 300", "--every", "60s",
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 3")
            let deadline = Date().addingTimeInterval(5)
            var watchPid: pid_t?
            while watchPid == nil, Date() < deadline {
                watchPid = (try? String(contentsOfFile: directory + "/pid", encoding: .utf8))
                    .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                usleep(20_000)
            }
            let watch = try #require(watchPid, "the watch started")
            run.closeOutput()
            #expect(run.process.waitForExit(timeout: .seconds(3)) == .exited(0))
            #expect(run.readErrors() == "", "no error spam when the bar goes away")
            #expect(kill(watch, 0) != 0, "the watch's process is gone")
        }

        @Test("A signal ends it with 128+N; --once refuses i3bar; --press with no reader says so")
        func endings() throws {
            let run = try StreamRun(["--stream", "--icons", "ascii", "--button", "Mail:envelope:3"])
            #expect(run.nextLine() == "@ 3")
            kill(run.process.pid, SIGTERM)
            #expect(run.process.waitForExit(timeout: .seconds(3)) == .exited(143))
            run.stop()

            let refused = try send(["--once", "--format", "i3bar"])
            #expect(refused.status == .exited(64))
            #expect(refused.standardError.contains("give --stream instead of --once"))
            let directory = try folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let lonely = try send(["--press", "Mail", "--control", directory + "/control"])
            #expect(lonely.status == .exited(69))
            #expect(lonely.standardError.contains("no badgebar listens on"))

            // Standard output closed (`>&-`): said at once, never written into the next file opened.
            let events = directory + "/events.jsonl"
            let closed = try ChildProcess.run(
                "/bin/sh",
                [
                    "-c",
                    #""$0" --stream --format i3bar --button Mail:envelope:1 --events-to "$1" >&-; echo "[exit $?]" >&2"#,
                    try BadgebarBinary.path(), events,
                ],
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: 10)
            #expect(
                closed.standardError.contains("standard output is closed") && closed.standardError.contains("[exit 74]")
            )
            #expect(((try? String(contentsOfFile: events, encoding: .utf8)) ?? "") == "")
        }

        @Test("A missing counts source still shows every icon, marked stale, in --once and --stream")
        func missingCounts() throws {
            let once = try send([
                "--once", "--format", "tmux", "--icons", "ascii", "--button", "Mail:envelope:3", "--counts-from",
                "/nonexistent/counts",
            ])
            #expect(once.status == .exited(66))
            #expect(once.standardOutput.hasPrefix("@") && once.standardOutput.contains("?"), "\(once.standardOutput)")
            let run = try StreamRun([
                "--stream", "--icons", "ascii", "--button", "Mail:envelope:3", "--counts-from", "/nonexistent/counts",
            ])
            defer { run.stop() }
            #expect(run.nextLine() == "@ 3?")
        }
    }
}
