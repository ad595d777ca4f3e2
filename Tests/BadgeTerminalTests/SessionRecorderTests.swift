import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

@Suite struct SessionRecorderTests {
    @Test func outputBecomesAValidJSONString() throws {
        let bytes = Array("a\"b\\c\n\u{1B}[1m🔔\u{7F}\t".utf8)
        let literal = SessionRecorder.jsonString(bytes)
        #expect(literal == "\"a\\\"b\\\\c\\n\\u001b[1m🔔\\u007f\\t\"")
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == String(decoding: bytes, as: UTF8.self))
    }

    @Test func aUTF8SequenceCutAtTheEndOfAChunkWaitsForTheRest() {
        let bell = Array("🔔".utf8)  // four bytes
        for cut in 1..<4 {
            let chunk = Array("ab".utf8) + bell.prefix(cut)
            #expect(SessionRecorder.incompleteTail(of: chunk) == Array(bell.prefix(cut)))
        }
        #expect(SessionRecorder.incompleteTail(of: Array("ab".utf8) + bell).isEmpty)
        #expect(SessionRecorder.incompleteTail(of: Array("é".utf8).prefix(1).map { $0 }) == [0xC3])
        #expect(SessionRecorder.incompleteTail(of: []).isEmpty)
    }

    @Test func aRecordingIsAHeaderAndTimedEvents() throws {
        let path = NSTemporaryDirectory() + "recorder-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).cast"
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let recorder = try SessionRecorder(path: path, columns: 80, rows: 24, unixTime: 1_800_000_000)
            recorder.recordOutput(Array("\u{1B}[2J".utf8) + Array("🔔".utf8).prefix(2))
            recorder.recordOutput(Array("🔔".utf8).suffix(2))
            recorder.recordResize(columns: 100, rows: 30)
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        let header = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(header?["version"] as? Int == 2)
        #expect(header?["width"] as? Int == 80 && header?["height"] as? Int == 24)
        #expect(header?["timestamp"] as? Int == 1_800_000_000)
        let events = try lines.dropFirst().map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any] }
        #expect(events[0]?[1] as? String == "o" && events[0]?[2] as? String == "\u{1B}[2J")
        #expect(events[1]?[2] as? String == "🔔")
        #expect(events[2]?[1] as? String == "r" && events[2]?[2] as? String == "100x30")
    }

    @Test func anUnwritablePathIsAClearError() {
        #expect(throws: TerminalError.self) {
            try SessionRecorder(path: "/nonexistent/dir/x.cast", columns: 80, rows: 24, unixTime: 0)
        }
        let message = TerminalError.cannotOpen(path: "/nonexistent/dir/x.cast", errorNumber: ENOENT).description
        #expect(message == "cannot open '/nonexistent/dir/x.cast': No such file or directory")
    }
}
