import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

/// A status line's producer run beside the program: its output read, its end, and nothing left behind.
@Suite struct BesideProcessTests {
    @Test func itsOutputIsReadAndEndingItLeavesNothingRunning() throws {
        let process = try BesideProcess.start(command: "echo ready; exec sleep 30").get()
        var polled = pollfd(fd: process.output.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&polled, 1, 2000) == 1)
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(process.output.rawValue, $0.baseAddress, $0.count) }
        #expect(String(decoding: bytes[..<max(count, 0)], as: UTF8.self) == "ready\n")
        let clock = MonotonicClock()
        process.end()
        #expect(clock.now < 0.9, "SIGTERM ends it at once")
        #expect(kill(process.processIdentifier, 0) == -1, "gone, and collected")
    }

    @Test func aChildCollectedElsewhereIsNotSignalledAgain() throws {
        let process = try BesideProcess.start(command: "exit 0").get()
        var status: Int32 = 0
        // As the runner's way out collects every descendant.
        #expect(waitpid(process.processIdentifier, &status, 0) == process.processIdentifier)
        let clock = MonotonicClock()
        process.end()
        #expect(clock.now < 0.1, "no second spent waiting for a child that is not there")
    }
}
