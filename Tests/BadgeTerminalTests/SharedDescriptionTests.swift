import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

/// A pipe or socket the program was handed is shared with other programs: reading and writing it never waits, and
/// never changes its open file description (`O_NONBLOCK` there would make the others' writes fail with `EAGAIN`).
@Suite struct SharedDescriptionTests {
    /// A connected pair of Unix stream sockets, both ends close-on-exec and blocking.
    static func socketPair() throws -> (SystemDescriptor, SystemDescriptor) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw SystemError(call: "socketpair", errorNumber: errno)
        }
        return (SystemDescriptor(rawValue: ends[0]), SystemDescriptor(rawValue: ends[1]))
    }

    /// Whether a descriptor's open file description is non-blocking.
    static func isNonBlocking(_ descriptor: SystemDescriptor) throws -> Bool {
        try descriptor.statusFlags() & O_NONBLOCK != 0
    }

    @Test func aSinkOnAPipeNeverWaitsAndLeavesThePipesDescriptionBlocking() throws {
        let pipe = try SystemDescriptor.pipe()
        defer { pipe.read.close() }
        let sink = OutputSink(descriptor: pipe.write, name: "pipe", owned: true)
        // More than the pipe holds (64 KiB): the sink keeps the rest instead of waiting for the reader.
        let line = String(repeating: "x", count: 99)
        for _ in 0..<2000 {
            sink.write(line: line)
        }
        #expect(sink.hasPending, "the pipe is full and the rest waits in the sink")
        #expect(try !Self.isNonBlocking(pipe.write), "the description shared with other writers stays blocking")
        sink.finish(waitingAtMostSeconds: 0)
    }

    @Test func aPipeIsWrittenThroughADescriptionOfItsOwnAndASocketWithSend() throws {
        let pipe = try SystemDescriptor.pipe()
        defer {
            pipe.read.close()
            pipe.write.close()
        }
        let toPipe = NonBlockingAccess.writing(pipe.write)
        defer { toPipe.close() }
        #expect(toPipe.ownsDescriptor && toPipe.descriptor != pipe.write && toPipe.method == .direct)
        #expect(try Self.isNonBlocking(toPipe.descriptor) && !Self.isNonBlocking(pipe.write))
        let status = (try pipe.write.status(), try toPipe.descriptor.status())
        #expect(status.0.st_ino == status.1.st_ino, "the same pipe")

        let (near, far) = try Self.socketPair()
        defer {
            near.close()
            far.close()
        }
        let toSocket = NonBlockingAccess.writing(near)
        #expect(toSocket.method == .socket && toSocket.descriptor == near)
        let chunk = [UInt8](repeating: 0x41, count: 1 << 16)
        var taken = 0
        var refused = false
        for _ in 0..<64 {
            guard let count = try chunk.withUnsafeBytes({ try toSocket.write($0) }) else {
                refused = true
                break
            }
            taken += count
        }
        #expect(refused && taken > 0, "a full socket takes nothing now, and the write returns at once")
        #expect(try !Self.isNonBlocking(near), "the socket's description stays blocking")

        let file = try SystemDescriptor.open("/dev/null", O_WRONLY)
        defer { file.close() }
        #expect(NonBlockingAccess.writing(file).method == .direct)
        #expect(NonBlockingAccess.writing(file).descriptor == file, "a device is written as it is")
    }

    @Test func standardInputThatIsASharedPipeOrSocketIsReadWithoutChangingItsDescription() throws {
        let pipe = try SystemDescriptor.pipe()
        defer { pipe.read.close() }
        let reader = try LineReader(path: "-", standardInput: pipe.read, terminalsInUse: [])
        #expect(try !Self.isNonBlocking(pipe.read), "the pipe's description stays as another reader has it")
        #expect(LineReaderTests.call(reader) == LineReaderTests.Call(outcome: .waiting), "nothing yet: no wait")
        try LineReaderTests.write("Mail=1\n", to: pipe.write)
        #expect(LineReaderTests.call(reader) == LineReaderTests.Call(lines: ["Mail=1"], outcome: .waiting, bytes: 7))
        pipe.write.close()
        #expect(LineReaderTests.call(reader).outcome == .ended)
        #expect(try !Self.isNonBlocking(pipe.read))

        let (near, far) = try Self.socketPair()
        defer { near.close() }
        let clicks = try LineReader(path: "-", standardInput: near, terminalsInUse: [])
        #expect(LineReaderTests.call(clicks) == LineReaderTests.Call(outcome: .waiting))
        try LineReaderTests.write("[\n", to: far)
        #expect(LineReaderTests.call(clicks).lines == ["["])
        #expect(try !Self.isNonBlocking(near), "the socket, standard output too under socat, stays blocking")
        far.close()
        #expect(LineReaderTests.call(clicks).outcome == .ended)
    }

    @Test func aSocketWhosePeerClosedWakesTheWaitThoughBytesWaitToBeRead() throws {
        let terminal = try LineModeTerminal(keys: .none, environment: { _ in nil })
        defer { terminal.close() }
        let (near, far) = try Self.socketPair()
        defer { near.close() }
        try LineReaderTests.write("[\n", to: far)
        func wait(seconds: Double) -> [Wakeup] {
            terminal.reactor.wait(until: terminal.now + seconds, for: WaitInterests(ends: [near]))
                .filter { $0 != .childStateChanged }
        }
        #expect(wait(seconds: 0.1) == [], "bytes to read are not the end")
        far.close()
        let start = terminal.now
        var events: [Wakeup] = []
        while events.isEmpty && terminal.now < start + 5 {
            events = wait(seconds: 5)
        }
        #expect(events == [.ready(near)])
    }
}

/// A write that fails is told to the program in the turn it failed, before the runner waits for anything.
@Suite struct FailedWriteTests {
    /// Writes one line at the start, then waits for nothing; quits when told of a problem with a sink.
    struct WritesOnce: TerminalProgram {
        var problems: [SinkProblem] = []
        var wrote = false

        mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
            if case .sinkProblem(_, let problem) = event {
                problems.append(problem)
                return .quit
            }
            guard !wrote else { return .none }
            wrote = true
            return .write("Mail 3", sink: "out")
        }

        func render(into canvas: inout Canvas, at time: Double) {}
        func nextWakeTime(after time: Double) -> Double? { nil }
        var controlKeys: ControlKeys { [] }
    }

    @Test func aFullDiskIsToldBeforeTheRunnerWaits() throws {
        let full = try SystemDescriptor.open("/dev/full", O_WRONLY)
        let sink = OutputSink(descriptor: full, name: "standard output", owned: true)
        // Nothing is scripted: a runner that waited first would end with a hangup, never told of the failure.
        let terminal = ScriptedTerminal(script: [])
        var program = WritesOnce()
        #expect(ProgramRunner.run(&program, on: terminal, sinks: ["out": sink]) == .quit)
        #expect(
            program.problems == [
                .closed(errorNumber: ENOSPC, reason: SystemError(call: "write", errorNumber: ENOSPC).reason)
            ])
    }
}
