import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

@Suite struct MessageWriterTests {
    /// Writes to a non-blocking descriptor until it takes nothing more; whether it got there.
    static func fill(_ descriptor: SystemDescriptor) -> Bool {
        let block = [UInt8](repeating: 0x78, count: 4096)
        for _ in 0..<100_000 where (block.withUnsafeBytes { try? descriptor.write($0) }) == nil {
            return true
        }
        return false
    }

    @Test func aTerminalThatReadsGetsTheWholeMessage() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        #expect(MessageWriter.write(Array("badgebar: hello\n".utf8), to: terminal.slave))
        #expect(terminal.waitFor("badgebar: hello"))
    }

    @Test func aTerminalThatStoppedReadingHoldsTheWriterUpOnlyUntilItsDeadline() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        terminal.isReading = false
        // Fill the terminal's buffer through a non-blocking description of its own.
        let (filler, isNonBlocking) = TerminalDevice.openOutput(for: terminal.slave)
        defer { filler.close() }
        try #require(isNonBlocking)
        // Twice, in case the emulator's reader took one more piece as it stopped.
        for _ in 0..<2 {
            try #require(Self.fill(filler), "the terminal's buffer filled")
            usleep(100_000)
        }
        let clock = MonotonicClock()
        let message = Array(String(repeating: "a stalled terminal ", count: 100).utf8)
        #expect(!MessageWriter.write(message, to: terminal.slave, waitingAtMostSeconds: 0.5))
        #expect(clock.now < 3, "gave up after \(clock.now) s")
    }

    @Test func aPipeThatIsNotReadHoldsTheWriterUpOnlyUntilItsDeadline() throws {
        let ends = try SystemDescriptor.pipe()
        defer {
            ends.read.close()
            ends.write.close()
        }
        // A blocking pipe filled to the brim, as standard error piped into a reader that stopped.
        try ends.write.setNonBlocking()
        try #require(Self.fill(ends.write))
        let flags = try ends.write.statusFlags()
        try ends.write.setStatusFlags(flags & ~O_NONBLOCK)
        let clock = MonotonicClock()
        #expect(!MessageWriter.write(Array("badgebar: lost\n".utf8), to: ends.write, waitingAtMostSeconds: 0.5))
        #expect(clock.now < 3, "gave up after \(clock.now) s")
        #expect(try ends.write.statusFlags() & O_NONBLOCK == 0, "the stream's own flags are left alone")
    }

    @Test func aClosedStreamFailsAtOnceWithoutSpinningToTheDeadline() {
        // As `2>&-` leaves standard error: a number no descriptor has.
        let closed = SystemDescriptor(rawValue: 1_000_000_000)
        let clock = MonotonicClock()
        #expect(!MessageWriter.write(Array("badgebar: nowhere\n".utf8), to: closed, waitingAtMostSeconds: 5))
        #expect(clock.now < 1, "gave up after \(clock.now) s")
    }

    @Test func aStreamWithRoomTakesTheMessageEvenWithNoTimeLeftToWait() throws {
        let ends = try SystemDescriptor.pipe()
        defer {
            ends.read.close()
            ends.write.close()
        }
        #expect(MessageWriter.write(Array("badgebar: last words\n".utf8), to: ends.write, waitingAtMostSeconds: 0))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { (try? ends.read.read(into: $0)) ?? nil } ?? 0
        #expect(String(decoding: buffer[0..<count], as: UTF8.self) == "badgebar: last words\n")
    }
}
