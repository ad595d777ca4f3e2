import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

@Suite struct SessionRecorderTests {
    /// A recording read back: the header, then each event as `[seconds, code, data]`.
    struct Recording {
        var header: [String: Any]
        var events: [(seconds: Double, code: String, data: String)]
        /// The events' times as written, such as `0.250000`.
        var timeTexts: [String]
    }

    /// Reads a file line by line as JSON, failing on any line that is not a complete asciicast v2 line.
    static func read(_ path: String) throws -> Recording {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"), "the file ends in a complete line")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        var recording = Recording(header: header, events: [], timeTexts: [])
        for line in lines.dropFirst() {
            let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
            let seconds = try #require((array.first as? NSNumber)?.doubleValue, "\(line)")
            let code = try #require(array.count == 3 ? array[1] as? String : nil, "\(line)")
            let data = try #require(array[2] as? String, "\(line)")
            recording.events.append((seconds, code, data))
            recording.timeTexts.append(String(line.dropFirst().prefix { $0 != "," }))
        }
        return recording
    }

    /// Opens a recorder on a pipe's write end, through its `/dev/fd` path as a user's `>(...)` would.
    static func recorderOnPipe(bufferLimitBytes: Int = SessionRecorder.defaultBufferLimitBytes) throws -> (
        recorder: SessionRecorder, reader: SystemDescriptor
    ) {
        let pipe = try SystemDescriptor.pipe()
        defer { pipe.write.close() }
        let recorder = try SessionRecorder(
            path: "/dev/fd/\(pipe.write.rawValue)", columns: 80, rows: 24, unixTime: 0, terminalType: nil,
            bufferLimitBytes: bufferLimitBytes)
        return (recorder, pipe.read)
    }

    @Test func outputBecomesAValidJSONString() throws {
        let bytes = Array("a\"b\\c\n\u{1B}[1m🔔\u{7F}\t".utf8)
        let literal = SessionRecorder.jsonString(bytes)
        #expect(literal == "\"a\\\"b\\\\c\\n\\u001b[1m🔔\\u007f\\t\"")
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == String(decoding: bytes, as: UTF8.self))
        #expect(SessionRecorder.jsonString([0x61, 0xFF, 0x62]) == "\"a\u{FFFD}b\"", "invalid UTF-8 is replaced")
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

    @Test func aRecordingParsesLineByLineWithRisingTimes() throws {
        let path = SystemFixtures.temporaryPath("normal.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try SessionRecorder(
            path: path, columns: 80, rows: 24, unixTime: 1_800_000_000, terminalType: "xterm-256color")
        recorder.recordOutput(Array("\u{1B}[?1049h\u{1B}[2J".utf8) + Array("🔔".utf8).prefix(2), at: 0.25)
        recorder.recordOutput(Array("🔔".utf8).suffix(2), at: 0.5)
        recorder.recordResize(columns: 100, rows: 30, at: 1.000_000_4)
        recorder.recordOutput(Array("\u{1B}[?1049l".utf8), at: 0.75)  // a clock that went back counts as the same time
        #expect(recorder.hasPendingOutput, "recording only appends")
        recorder.writePending()
        #expect(!recorder.hasPendingOutput)
        recorder.finish(waitingAtMostSeconds: 1)
        #expect(recorder.failure == nil)
        #expect(!recorder.isRecording && recorder.descriptor == nil)

        let recording = try Self.read(path)
        #expect(recording.header["version"] as? Int == 2)
        #expect(recording.header["width"] as? Int == 80 && recording.header["height"] as? Int == 24)
        #expect(recording.header["timestamp"] as? Int == 1_800_000_000)
        #expect((recording.header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        #expect(recording.events.map(\.code) == ["o", "o", "r", "o"])
        #expect(recording.events.map(\.data) == ["\u{1B}[?1049h\u{1B}[2J", "🔔", "100x30", "\u{1B}[?1049l"])
        #expect(recording.timeTexts == ["0.250000", "0.500000", "1.000000", "1.000000"])
        let times = recording.events.map(\.seconds)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func aTerminalIsRefused() throws {
        let terminal = try SystemFixtures.openPseudoTerminal()
        defer { close(terminal.master) }
        #expect(throws: RecordingOpenError.isTerminal(path: terminal.slavePath)) {
            try SessionRecorder(path: terminal.slavePath, columns: 80, rows: 24, unixTime: 0, terminalType: nil)
        }
        let message = RecordingOpenError.isTerminal(path: "/dev/tty").description
        #expect(message.hasPrefix("cannot record to '/dev/tty': it is a terminal"), "\(message)")
        // Nothing was written to the terminal.
        var byte: UInt8 = 0
        _ = fcntl(terminal.master, F_SETFL, O_NONBLOCK)
        #expect(Glibc.read(terminal.master, &byte, 1) == -1)
    }

    @Test func anUnwritablePathIsAClearError() {
        let path = "/nonexistent/dir/x.cast"
        #expect(throws: RecordingOpenError.cannotOpen(path: path, SystemError(call: "open", errorNumber: ENOENT))) {
            try SessionRecorder(path: path, columns: 80, rows: 24, unixTime: 0, terminalType: nil)
        }
        let message = RecordingOpenError.cannotOpen(path: path, SystemError(call: "open", errorNumber: ENOENT))
        #expect(message.description == "cannot open '/nonexistent/dir/x.cast': No such file or directory")
    }

    @Test func aFIFOThatNoOneReadsIsRefusedAtOnce() throws {
        let path = SystemFixtures.temporaryPath("unread.fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let opened = SystemFixtures.run(waitingAtMostSeconds: 10) {
            Result { () throws(RecordingOpenError) in
                _ = try SessionRecorder(path: path, columns: 80, rows: 24, unixTime: 0, terminalType: nil)
            }
        }
        #expect(opened != nil, "opening a FIFO without a reader returns")
        guard case .failure(let error) = opened else {
            Issue.record("a FIFO without a reader was opened")
            return
        }
        #expect(error == .noReader(path: path))
        #expect(error.description.contains("nothing is reading it"), "\(error)")
    }

    @Test func aFullDeviceStopsTheRecordingWithAMessage() throws {
        let recorder = try SessionRecorder(path: "/dev/full", columns: 80, rows: 24, unixTime: 0, terminalType: nil)
        let failure = try #require(recorder.failure, "the header's write failed")
        #expect(failure.cause == .writeFailed(SystemError(call: "write", errorNumber: ENOSPC)))
        #expect(failure.message == "recording to '/dev/full' stopped: No space left on device")
        #expect(!failure.endsInCutLine)
        #expect(!recorder.isRecording && !recorder.hasPendingOutput && recorder.descriptor == nil)
        recorder.recordOutput(Array("more".utf8), at: 1)
        #expect(!recorder.hasPendingOutput, "nothing is kept once the recording stopped")
        recorder.finish(waitingAtMostSeconds: 1)
        #expect(recorder.failure == failure, "the first failure stays")
    }

    @Test func aPartialWriteIsCutBackToTheLastCompleteLine() throws {
        let path = SystemFixtures.temporaryPath("partial.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try SessionRecorder(path: path, columns: 80, rows: 24, unixTime: 0, terminalType: nil)
        recorder.recordOutput(Array("first".utf8), at: 0.1)
        recorder.writePending()
        let complete = try SystemFixtures.fileSize(path)
        recorder.recordOutput([UInt8](repeating: 0x78, count: 2 << 20), at: 0.2)
        // The file may grow by 1 MiB more: the kernel writes part of the 2 MiB line, then refuses with EFBIG.
        try SystemFixtures.withFileSizeLimit(complete + (1 << 20)) { recorder.writePending() }

        let failure = try #require(recorder.failure)
        #expect(failure.cause == .writeFailed(SystemError(call: "write", errorNumber: EFBIG)))
        #expect(failure.message == "recording to '\(path)' stopped: File too large", "\(failure)")
        #expect(try SystemFixtures.fileSize(path) == complete, "the cut line is gone")
        let recording = try Self.read(path)
        #expect(recording.events.map(\.data) == ["first"])
    }

    @Test func aReaderThatNeverReadsNeverBlocksTheCallerAndEndsInAFailure() throws {
        let limit = 256 << 10
        let pipe = try SystemDescriptor.pipe()
        let path = "/dev/fd/\(pipe.write.rawValue)"
        // On a thread of its own, so that a call that blocks makes the test fail instead of hang.
        let result = SystemFixtures.run(waitingAtMostSeconds: 30) {
            Result { () throws(RecordingOpenError) -> (Duration, RecordingFailure?) in
                let recorder = try SessionRecorder(
                    path: path, columns: 80, rows: 24, unixTime: 0, terminalType: nil, bufferLimitBytes: limit)
                let frame = [UInt8](repeating: 0x41, count: 4096)
                var slowestCall = Duration.zero
                // Twice the limit and the pipe's own buffer: far more than the pipe will ever take.
                for index in 0..<(2 * (limit + (1 << 20)) / frame.count) {
                    let start = ContinuousClock.now
                    recorder.recordOutput(frame, at: Double(index) / 60)
                    recorder.writePending()
                    slowestCall = max(slowestCall, start.duration(to: .now))
                }
                return (slowestCall, recorder.failure)
            }
        }
        // A writer still blocked would be killed by SIGPIPE if the reader went away: then both ends stay open.
        let (slowestCall, failure) = try #require(result, "recording to a pipe nobody reads blocked the caller").get()
        pipe.read.close()
        pipe.write.close()
        #expect(slowestCall < .seconds(1), "the slowest call took \(slowestCall)")
        let stopped = try #require(failure)
        #expect(stopped.cause == .readerFellBehind(bufferLimitBytes: limit))
        #expect(stopped.message.hasPrefix("recording to '/dev/fd/"), "\(stopped)")
        #expect(stopped.message.contains("stopped: its reader fell more than 256 KiB behind"), "\(stopped)")
    }

    @Test func aReaderThatKeepsUpGetsEverythingThroughTheBuffer() throws {
        let limit = 64 << 10
        let (recorder, reader) = try Self.recorderOnPipe(bufferLimitBytes: limit)
        let path = SystemFixtures.temporaryPath("copy.cast")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A reader slower than the writer, copying the pipe to a file until the end of the recording.
        let copied = DispatchSemaphore(value: 0)
        Thread {
            defer { copied.signal() }
            defer { reader.close() }
            guard let output = try? SystemDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC) else { return }
            defer { output.close() }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while let count = try? buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }), count > 0 {
                _ = try? buffer.withUnsafeBytes { try output.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                usleep(200)
            }
        }.start()
        let frame = [UInt8](repeating: 0x42, count: 3000)
        for index in 0..<200 {
            recorder.recordOutput(frame, at: Double(index) / 60)
            // The run loop's part: poll for POLLOUT while much waits, and write what the pipe takes.
            while recorder.pendingByteCount > limit / 2, let descriptor = recorder.descriptor {
                _ = try descriptor.poll(for: Int16(POLLOUT), timeoutMilliseconds: 1000)
                recorder.writePending()
            }
        }
        recorder.finish(waitingAtMostSeconds: 20)
        #expect(recorder.failure == nil)
        #expect(copied.wait(timeout: .now() + 20) == .success, "the reader saw the end of the recording")
        let recording = try Self.read(path)
        #expect(recording.events.count == 200)
        #expect(recording.events.allSatisfy { $0.data.utf8.count == 3000 })
    }

    @Test func aReaderThatGoesAwayGivesABrokenPipeFailure() throws {
        try SystemFixtures.withSignalIgnored(SIGPIPE) {
            let (recorder, reader) = try Self.recorderOnPipe()
            recorder.writePending()
            #expect(recorder.failure == nil, "the header went into the pipe")
            reader.close()
            recorder.recordOutput(Array("frame".utf8), at: 0.5)
            recorder.writePending()
            let failure = try #require(recorder.failure)
            #expect(failure.cause == .writeFailed(SystemError(call: "write", errorNumber: EPIPE)))
            #expect(failure.message.hasSuffix("stopped: Broken pipe"), "\(failure)")
            #expect(!failure.endsInCutLine)
        }
    }

    @Test func finishingWaitsABoundedTimeForAStalledReader() throws {
        let (recorder, reader) = try Self.recorderOnPipe()
        defer { reader.close() }
        // More than the pipe holds, so some of it can never be written.
        for index in 0..<40 {
            recorder.recordOutput([UInt8](repeating: 0x43, count: 4000), at: Double(index))
        }
        recorder.writePending()
        #expect(recorder.hasPendingOutput)
        let start = ContinuousClock.now
        recorder.finish(waitingAtMostSeconds: 0.3)
        let waited = start.duration(to: .now)
        #expect(waited >= .milliseconds(250) && waited < .seconds(5), "\(waited)")
        let failure = try #require(recorder.failure)
        guard case .readerStalledAtEnd(let seconds, let unwritten) = failure.cause else {
            Issue.record("\(failure)")
            return
        }
        #expect(seconds == 0.3 && unwritten > 0)
        #expect(failure.message.contains("its reader took nothing for 0.3 s, and the last"), "\(failure)")
        #expect(recorder.descriptor == nil)
    }
}
