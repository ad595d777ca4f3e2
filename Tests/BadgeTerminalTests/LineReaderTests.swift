import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

@Suite struct LineReaderTests {
    /// What one call to `readLines` handed out.
    struct Call: Equatable {
        var lines: [String] = []
        var discarded: [Int] = []
        var outcome: LineReader.ReadOutcome = .waiting
        /// The bytes the call accounted for: each line or discarded line with one line end.
        var bytes = 0
    }

    /// Calls `readLines` once and collects what it handed out.
    static func call(_ reader: LineReader) -> Call {
        var call = Call()
        call.outcome = reader.readLines { delivery in
            switch delivery {
            case .line(let bytes):
                call.lines.append(String(decoding: bytes, as: UTF8.self))
                call.bytes += bytes.count + 1
            case .discardedLine(let byteCount):
                call.discarded.append(byteCount)
                call.bytes += byteCount + 1
            }
        }
        return call
    }

    /// A reader of `-` whose standard input is the read end of a new pipe, and the pipe's write end.
    static func readerOfPipe() throws -> (reader: LineReader, writer: SystemDescriptor, input: SystemDescriptor) {
        let pipe = try SystemDescriptor.pipe()
        let reader = try LineReader(path: "-", standardInput: pipe.read, terminalsInUse: [])
        return (reader, pipe.write, pipe.read)
    }

    static func write(_ text: String, to descriptor: SystemDescriptor) throws {
        try Array(text.utf8).withUnsafeBytes { try descriptor.writeAll($0) }
    }

    @Test func crlfLineEndsAreAcceptedAndTheLastLineComesAtTheEnd() throws {
        let path = SystemFixtures.temporaryPath("counts.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("Messages=5\r\nBuilds+=2\r\n\r\n# note\nlast=1".utf8).write(to: URL(fileURLWithPath: path))
        let reader = try LineReader(path: path)
        let call = Self.call(reader)
        #expect(call.lines == ["Messages=5", "Builds+=2", "", "# note", "last=1"])
        #expect(call.outcome == .ended)
        #expect(reader.descriptor == nil, "the file is closed at its end")
        #expect(Self.call(reader) == Call(outcome: .ended), "a reader that is done stays done")
    }

    @Test func aLastLineWithoutALineEndIsDeliveredWhenThePipeCloses() throws {
        let (reader, writer, input) = try Self.readerOfPipe()
        defer { input.close() }
        try Self.write("Mail=1\nBuilds=2", to: writer)
        #expect(Self.call(reader) == Call(lines: ["Mail=1"], outcome: .waiting, bytes: 7))
        #expect(Self.call(reader) == Call(outcome: .waiting), "nothing new: no line yet")
        writer.close()
        #expect(Self.call(reader) == Call(lines: ["Builds=2"], outcome: .ended, bytes: 9))
        #expect(reader.descriptor == nil)
        #expect(try input.statusFlags() & O_NONBLOCK == 0, "standard input is given its blocking mode back")
    }

    @Test func aLongLineIsDiscardedWholeAndReportedOnce() throws {
        let (reader, writer, input) = try Self.readerOfPipe()
        defer { input.close() }
        defer { writer.close() }
        let longest = LineBatch.maximumLineBytes
        try Self.write(String(repeating: "a", count: longest + 1) + "\n", to: writer)
        try Self.write(String(repeating: "b", count: longest) + "\n", to: writer)
        try Self.write(String(repeating: "c", count: longest) + "\r\n", to: writer)
        // A long line in pieces, read in several calls: still one report, and no tail taken for a line.
        var calls = [Self.call(reader)]
        for _ in 0..<3 {
            try Self.write(String(repeating: "d", count: 2000), to: writer)
            calls.append(Self.call(reader))
        }
        try Self.write("\nMail=7\n", to: writer)
        calls.append(Self.call(reader))
        let lines = calls.flatMap(\.lines)
        #expect(lines.map(\.utf8.count) == [longest, longest, 6])
        #expect(
            lines.first?.allSatisfy { $0 == "b" } == true && lines.dropFirst().first?.allSatisfy { $0 == "c" } == true)
        #expect(lines.last == "Mail=7")
        #expect(
            calls.map(\.discarded) == [[longest + 1], [], [], [], [6000]], "each long line reported once, at its end")
        #expect(
            LineBatch.discardedLineNotice(byteCount: 6000)
                == "ignored a line of 6000 bytes: a counts line has at most 1024")
    }

    @Test func aWriterThatNeverPausesIsReadInBoundedChunks() throws {
        let (reader, writer, input) = try Self.readerOfPipe()
        defer { input.close() }
        // A pipe of 1 MiB, filled before the first read: far more than one call may take.
        let pipeSize = fcntl(writer.rawValue, 1031, 1 << 20)  // F_SETPIPE_SZ, which Glibc's module does not export
        try #require(pipeSize >= 1 << 20)
        let line = "Mail+=1\n"
        let total = 4 << 20
        try Self.write(String(repeating: line, count: (1 << 20) / line.utf8.count), to: writer)
        let first = Self.call(reader)
        #expect(first.outcome == .more, "the call stopped at its bound with more waiting")
        #expect(first.bytes == LineReader.maximumBytesPerCall)
        // The rest comes from a writer that never pauses, while the reader keeps reading.
        let rest = String(repeating: line, count: (total - (1 << 20)) / line.utf8.count)
        Thread {
            try? Self.write(rest, to: writer)
            writer.close()
        }.start()
        var calls = [first]
        let deadline = ContinuousClock.now + .seconds(60)
        while calls.last?.outcome != .ended && ContinuousClock.now < deadline {
            if calls.last?.outcome == .waiting {
                _ = try input.poll(for: Int16(POLLIN), timeoutMilliseconds: 1000)
            }
            calls.append(Self.call(reader))
        }
        #expect(calls.last?.outcome == .ended)
        #expect(calls.allSatisfy { $0.bytes <= LineReader.maximumBytesPerCall }, "\(calls.map(\.bytes).max() ?? 0)")
        #expect(calls.reduce(0) { $0 + $1.lines.count } == total / line.utf8.count)
        #expect(calls.allSatisfy { $0.lines.allSatisfy { $0 == "Mail+=1" } && $0.discarded.isEmpty })
    }

    @Test func aSourceWithNoLineEndIsGivenUpAfterOneMebibyte() throws {
        let reader = try LineReader(path: "/dev/zero")
        var calls: [Call] = []
        while calls.count < 100, reader.descriptor != nil {
            calls.append(Self.call(reader))
        }
        let expectedCalls = LineBatch.maximumBytesWithoutLineEnd / LineReader.maximumBytesPerCall
        #expect(calls.count == expectedCalls, "it stops after 1 MiB, read in bounded calls")
        #expect(calls.dropLast().allSatisfy { $0 == Call(outcome: .more) })
        #expect(calls.last == Call(outcome: .stopped(.noLineEnd(source: "'/dev/zero'"))))
        #expect(
            LineReader.Stop.noLineEnd(source: "'/dev/zero'").message
                == "'/dev/zero' is not a counts source: no line end in 1 MiB")
        #expect(Self.call(reader) == Call(outcome: .ended))
    }

    @Test func aLineOfMoreThanOneMebibyteIsSkippedToItsEndAndTheNextLineIsRead() throws {
        let path = SystemFixtures.temporaryPath("long-line.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let long = 3 << 20
        try Data((String(repeating: "x", count: long) + "\nMail=7\n" + String(repeating: "y", count: 5000)).utf8)
            .write(to: URL(fileURLWithPath: path))
        let reader = try LineReader(path: path)
        var calls: [Call] = []
        while calls.count < 200, reader.descriptor != nil {
            calls.append(Self.call(reader))
        }
        #expect(calls.last?.outcome == .ended, "a regular file is read to its end")
        #expect(calls.flatMap(\.lines) == ["Mail=7"], "the line after the long one is read")
        #expect(
            calls.flatMap(\.discarded) == [LineBatch.maximumBytesWithoutLineEnd, 5000],
            "the long line is said once, when 1 MiB of it has come; the short long line at its end")
        #expect(
            LineBatch.discardedLineNotice(byteCount: LineBatch.maximumBytesWithoutLineEnd)
                == "ignored a line of 1 MiB or more: a counts line has at most 1024")
    }

    @Test func aReaderHasALineLimitOfItsOwn() throws {
        let path = SystemFixtures.temporaryPath("clicks.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let line = String(repeating: "c", count: 2000)
        try Data((line + "\n" + String(repeating: "d", count: 4097) + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try LineReader(path: path, lineLimit: 4096)
        #expect(reader.lineLimit == 4096)
        let call = Self.call(reader)
        #expect(call.lines == [line], "a line longer than the default limit but within this reader's is delivered")
        #expect(call.discarded == [4097])
    }

    @Test func standardInputThatStopsBeingReadIsReplacedByTheNullDevice() throws {
        let zero = try SystemDescriptor.open("/dev/zero", O_RDONLY)
        defer { zero.close() }
        let reader = try LineReader(path: "-", standardInput: zero, terminalsInUse: [])
        var calls: [Call] = []
        while calls.count < 100, reader.descriptor != nil {
            calls.append(Self.call(reader))
        }
        #expect(calls.last == Call(outcome: .stopped(.noLineEnd(source: "standard input"))))
        let null = try SystemDescriptor.status(ofPath: "/dev/null")
        let now = try zero.status()
        #expect(
            now.st_rdev == null.st_rdev && now.st_ino == null.st_ino,
            "what standard input named is let go: /dev/null takes its place")
    }

    @Test func aFIFONeverEndsBetweenWriters() throws {
        let path = SystemFixtures.temporaryPath("counts.fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let reader = try LineReader(path: path)
        #expect(Self.call(reader) == Call(outcome: .waiting), "no writer yet is no end")
        let writer = try SystemDescriptor.open(path, O_WRONLY | O_NONBLOCK)
        try Self.write("Builds=4\n", to: writer)
        writer.close()
        #expect(Self.call(reader) == Call(lines: ["Builds=4"], outcome: .waiting, bytes: 9))
        #expect(reader.descriptor != nil)
    }

    @Test func aWritersUnfinishedLastLineEndsWithItAndIsNotJoinedToTheNextWriters() throws {
        let path = SystemFixtures.temporaryPath("writers.fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let reader = try LineReader(path: path)
        let first = try SystemDescriptor.open(path, O_WRONLY | O_NONBLOCK)
        try Self.write("Builds=4\nMail=", to: first)
        first.close()
        #expect(
            Self.call(reader) == Call(lines: ["Builds=4", "Mail="], outcome: .waiting, bytes: 15),
            "the first writer's last line ends with it")
        #expect(
            reader.descriptor.map { (try? $0.poll(for: Int16(POLLIN), timeoutMilliseconds: 0)) ?? -1 } == 0,
            "the end of a writer is not reported again while no one writes")
        let second = try SystemDescriptor.open(path, O_WRONLY | O_NONBLOCK)
        try Self.write("7\nChat=2\n", to: second)
        second.close()
        #expect(Self.call(reader) == Call(lines: ["7", "Chat=2"], outcome: .waiting, bytes: 9))
        #expect(reader.descriptor != nil, "the FIFO stays open for the next writer")
    }

    @Test func aFIFOWhosePathNowNamesAFileStopsInsteadOfReadingTheFileAgainAndAgain() throws {
        let path = SystemFixtures.temporaryPath("replaced.fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let reader = try LineReader(path: path)
        let writer = try SystemDescriptor.open(path, O_WRONLY | O_NONBLOCK)
        try Self.write("Builds=4\n", to: writer)
        // While the writer still holds the FIFO, its path is given to a regular file.
        unlink(path)
        try #require(FileManager.default.createFile(atPath: path, contents: Data("Builds=5\n".utf8)))
        writer.close()
        let call = Self.call(reader)
        #expect(call.lines == ["Builds=4"], "the FIFO's own line, not the file's")
        #expect(call.outcome == .stopped(.replaced(source: "'\(path)'")))
        #expect(reader.descriptor == nil)
    }

    @Test func aDirectoryIsRefused() throws {
        let path = NSTemporaryDirectory()
        #expect(throws: CountsSourceError.isDirectory(path: path)) { try LineReader(path: path) }
        let message = CountsSourceError.isDirectory(path: "/tmp").description
        #expect(message.hasPrefix("cannot read counts from '/tmp': it is a directory"), "\(message)")
    }

    @Test func aMissingPathIsRefusedWithItsName() throws {
        let error = SystemError(call: "open", errorNumber: ENOENT)
        #expect(throws: CountsSourceError.cannotOpen(path: "/nonexistent", error)) {
            try LineReader(path: "/nonexistent")
        }
        #expect(
            CountsSourceError.cannotOpen(path: "/nonexistent", error).description
                == "cannot open '/nonexistent': No such file or directory")
    }

    @Test func theProgramsOwnTerminalIsRefusedAndAnotherIsNot() throws {
        let terminal = try SystemFixtures.openPseudoTerminal()
        defer { close(terminal.master) }
        let slave = try SystemDescriptor.open(terminal.slavePath, O_RDWR | O_NOCTTY)
        defer { slave.close() }
        // The same terminal as the program's standard output, by device number.
        #expect(throws: CountsSourceError.isProgramTerminal(path: terminal.slavePath)) {
            try LineReader(path: terminal.slavePath, standardInput: .standardInput, terminalsInUse: [slave])
        }
        // A terminal the program does not run in may carry counts.
        let other = try LineReader(path: terminal.slavePath, standardInput: .standardInput, terminalsInUse: [])
        #expect(other.descriptor != nil)
    }

    @Test func standardInputThatIsATerminalIsRefused() throws {
        let terminal = try SystemFixtures.openPseudoTerminal()
        defer { close(terminal.master) }
        let slave = try SystemDescriptor.open(terminal.slavePath, O_RDWR | O_NOCTTY)
        defer { slave.close() }
        #expect(throws: CountsSourceError.standardInputIsTerminal) {
            try LineReader(path: "-", standardInput: slave, terminalsInUse: [])
        }
    }
}
