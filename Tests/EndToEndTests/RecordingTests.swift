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
            let result = try ChildProcess.run(
                try BadgebarBinary.path(), ["--record", "/nonexistent/dir/session.cast"],
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color"]), timeout: 10)
            #expect(result.status == .exited(73), "\(result.standardError)")
            #expect(result.standardOutput == "", "nothing drawn")
            #expect(result.standardErrorLines.first?.contains("/nonexistent/dir/session.cast") == true)
        }
    }
}
