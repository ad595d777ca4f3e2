import Foundation
import Testing

extension EndToEnd {
    @Suite("Recording") struct RecordingTests {
        /// One line of an asciicast v2 file after the header: `[seconds, code, data]`.
        struct Event {
            var seconds: Double
            var code: String
            var data: String
        }

        /// Reads a recording: its header and its events, failing on anything that is not asciicast v2.
        static func read(_ path: String) throws -> (header: [String: Any], events: [Event]) {
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            guard let first = lines.first,
                let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
            else {
                throw EndToEndFailure("\(path) has no JSON header")
            }
            var events: [Event] = []
            for line in lines.dropFirst() {
                guard let array = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], array.count == 3,
                    let seconds = (array[0] as? NSNumber)?.doubleValue, let code = array[1] as? String,
                    let data = array[2] as? String
                else {
                    throw EndToEndFailure("not an asciicast event: \(line)")
                }
                events.append(Event(seconds: seconds, code: code, data: data))
            }
            return (header, events)
        }

        @Test("--record writes asciicast v2 whose replay in another terminal shows the live screen")
        func recordingReplaysToTheLiveScreen() throws {
            let directory = NSTemporaryDirectory() + "badgebar-cast-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let cast = directory + "/session.cast"

            // Auto-play on, so the recording holds motion: a roll, a bounce and a pop-in.
            let terminal = try TmuxTerminal(arguments: ["--record", cast])
            defer { terminal.close() }
            _ = try terminal.waitUntil("the cart's badge to pop in", timeout: .seconds(8)) {
                $0.words(row: InboxLayout.badgeRow) == ["2", "1", "98"]
            }
            try terminal.sendKeys("Tab")
            let live = try terminal.waitUntilStill()

            let (header, events) = try Self.read(cast)
            #expect(header["version"] as? Int == 2)
            #expect(header["width"] as? Int == 80)
            #expect(header["height"] as? Int == 24)
            #expect((header["timestamp"] as? Int ?? 0) > 1_700_000_000)
            #expect(events.count > 5, "motion is recorded frame by frame")
            #expect(events.allSatisfy { $0.code == "o" || $0.code == "r" })
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.seconds <= $1.seconds })

            // Replay exactly the recorded bytes in a fresh terminal of the same size.
            let replayFile = directory + "/replay.bin"
            let bytes = events.filter { $0.code == "o" }.map(\.data).joined()
            try Data(bytes.utf8).write(to: URL(fileURLWithPath: replayFile))
            let replay = try TmuxTerminal(shell: ["sh", "-c", "cat \"$0\"; exec sleep 600", replayFile])
            defer { replay.close() }
            let replayed = try replay.waitUntil("the replay to show the live screen") { $0.lines == live.lines }
            #expect(replayed.lines == live.lines)

            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("--record to a file that cannot be created exits 73 before the screen starts")
        func unwritableRecording() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--record", "/nonexistent/dir/session.cast"], redirections: [.standardErrorToFile])
            defer { terminal.close() }
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 73, "\(terminal.standardError)")
            #expect(screen.trimmed(row: 0) == "[exit 73]", "nothing drawn\n\(screen)")
            #expect(terminal.standardError.contains("/nonexistent/dir/session.cast"), "\(terminal.standardError)")
        }

        @Test("--record with standard output not a terminal (line mode, which draws no screen) is refused with 64")
        func recordingInLineMode() throws {
            let result = try ChildProcess.run(
                try BadgebarBinary.path(), ["--record", "session.cast"],
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color"]), timeout: 10)
            #expect(result.status == .exited(64), "\(result.standardError)")
            #expect(result.standardOutput == "")
            #expect(
                result.standardError == "badgebar: --record records the full screen, which line mode does not draw\n")
        }

        @Test("--record /dev/tty (the terminal itself) is refused with 64 before the screen starts")
        func terminalAsRecording() throws {
            let terminal = try TmuxTerminal(arguments: ["--record", "/dev/tty"], redirections: [.standardErrorToFile])
            defer { terminal.close() }
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 64, "\(screen)")
            #expect(!screen.contains("version"), "no JSON on the screen\n\(screen)")
            let lines = terminal.standardError.split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            #expect(
                lines.first?.hasPrefix("badgebar: cannot record to '/dev/tty': it is a terminal") == true, "\(lines)")
        }

        @Test("--record /dev/full: the error shows in the status line at once; on quit one line on stderr and 74")
        func fullDevice() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--no-autoplay", "--record", "/dev/full"], redirections: [.standardErrorToFile])
            defer { terminal.close() }
            let message = "recording to '/dev/full' stopped: No space left on device"
            try terminal.waitUntil("the failure in the status line") {
                $0[InboxLayout.statusRow].hasPrefix(" " + message)
            }
            try terminal.sendKeys("Tab")
            try terminal.waitUntil("keys to work after the failure") {
                $0.text(row: InboxLayout.focusRow, columns: InboxLayout.cartButton) == InboxLayout.focusLine
            }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 74)
            #expect(terminal.standardError == "badgebar: \(message)\n")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
        }

        @Test("A disk that fills up mid-run leaves a file of complete lines, says so, and ends in 74")
        func fileSizeLimitMidRun() throws {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let cast = files.path + "/session.cast"
            // 8 blocks of 512 bytes: the first frames fit, a later one is cut by EFBIG (SIGXFSZ ignored).
            let terminal = try TmuxTerminal(
                arguments: ["--record", cast], redirections: [.standardErrorToFile],
                pipeline: "ulimit -f 8; trap '' XFSZ; \"$0\" \"$@\"")
            defer { terminal.close() }
            // Each resize repaints the whole screen, more than 500 bytes of recording.
            var columns = 80
            let deadline = ContinuousClock.now + .seconds(20)
            while !(try terminal.capture()[InboxLayout.statusRow].contains("stopped: File too large")) {
                guard ContinuousClock.now < deadline else {
                    Issue.record("no failure in the status line after 20 s of resizes\n\(try terminal.capture())")
                    return
                }
                columns = columns == 80 ? 90 : 80
                try terminal.resize(columns: columns, rows: 24)
                usleep(200_000)
            }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 74)
            #expect(terminal.standardError == "badgebar: recording to '\(cast)' stopped: File too large\n")
            let size = (try FileManager.default.attributesOfItem(atPath: cast)[.size] as? NSNumber)?.intValue ?? -1
            #expect(size > 0 && size <= 4096, "\(size) bytes")
            let text = try String(contentsOfFile: cast, encoding: .utf8)
            #expect(text.hasSuffix("\n"), "the file ends in a complete line")
            let (header, events) = try Self.read(cast)
            #expect(header["version"] as? Int == 2)
            #expect(!events.isEmpty)
        }

        @Test("A FIFO whose reader never reads: keys keep working; on quit the rest is given up after a bounded wait")
        func stalledFIFOReader() throws {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let fifo = files.path + "/session.fifo"
            try #require(mkfifo(fifo, 0o600) == 0)
            // A reader that never reads, with the smallest pipe the kernel allows, so it is full at once.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            try #require(reader >= 0)
            defer { Glibc.close(reader) }
            let pipeSize = fcntl(reader, 1031, 4096)  // F_SETPIPE_SZ, which Glibc's module does not export
            try #require(pipeSize == 4096)

            let terminal = try TmuxTerminal(arguments: ["--record", fifo], redirections: [.standardErrorToFile])
            defer { terminal.close() }
            try terminal.waitUntil("the cart's badge to pop in", timeout: .seconds(8)) {
                $0.words(row: InboxLayout.badgeRow) == ["2", "1", "98"]
            }
            // Bytes in the FIFO, once they stop growing: the next event does not fit, the recording is stalled.
            var waiting: Int32 = 0
            var stable = 0
            let deadline = ContinuousClock.now + .seconds(10)
            while stable < 10 && ContinuousClock.now < deadline {
                var now: Int32 = 0
                _ = ioctl(reader, UInt(FIONREAD), &now)
                stable = now == waiting && now > 0 ? stable + 1 : 0
                waiting = now
                usleep(50_000)
            }
            try #require(waiting > 2048, "the FIFO holds \(waiting) bytes: the recording is stalled")
            try terminal.resize(columns: 100, rows: 30)
            try terminal.resize(columns: 80, rows: 24)
            for key in ["Tab", "Tab", "BTab"] {
                try terminal.sendKeys(key)
            }
            try terminal.waitUntil("keys to work while the recording is stalled") {
                $0.text(row: InboxLayout.focusRow, columns: InboxLayout.cartButton) == InboxLayout.focusLine
            }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit(timeout: .seconds(8)) == 74)
            let message = terminal.standardError
            #expect(
                message.hasPrefix("badgebar: recording to '\(fifo)' stopped: its reader took nothing for 2 s"),
                "\(message)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
        }
    }
}
