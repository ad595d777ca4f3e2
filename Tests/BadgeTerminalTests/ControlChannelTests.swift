import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

/// The control socket's rules for taking a path, letting it go, and reading its clients apart.
@Suite struct ControlChannelTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "control-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every line a reader of a control socket hands out until nothing more is ready, reading each ready client.
    private func lines(from reader: LineReader) -> [String] {
        var lines: [String] = []
        for _ in 0..<20 {
            let ready = reader.polledDescriptors.filter { descriptor in
                (try? descriptor.poll(for: Int16(POLLIN), timeoutMilliseconds: 0)).map { $0 != 0 } ?? false
            }
            if ready.isEmpty { break }
            for descriptor in ready {
                _ = reader.readBatches(from: descriptor) { batch in
                    if case .lines(let bytes, _) = batch {
                        lines += bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
                    }
                }
            }
        }
        return lines
    }

    @Test func aSocketLeftBehindOrAnOwnFIFOIsReplacedAndLetGo() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ctl"
        // A socket nobody listens on, as a badgebar killed with SIGKILL leaves.
        let left = Platform.makeUnixStreamSocket()
        #expect(Platform.bindUnixSocket(left, to: path) == 0)
        close(left)
        let channel = try ControlChannel.open(path: path, waitingAtMostSeconds: 0)
        #expect(channel.descriptor != nil)
        channel.release()
        #expect(!FileManager.default.fileExists(atPath: path), "released: the socket it made is removed")
        channel.release()

        #expect(mkfifo(path, 0o600) == 0)
        let overFIFO = try ControlChannel.open(path: path, waitingAtMostSeconds: 0)
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK)
        overFIFO.release()
    }

    @Test func aPathTakenSinceIsLeftAlone() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ctl"
        let channel = try ControlChannel.open(path: path)
        #expect(unlink(path) == 0)
        try "someone else's".write(toFile: path, atomically: false, encoding: .utf8)
        channel.release()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's")
    }

    @Test func aLiveListenerIsWaitedForThenRefused() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ctl"
        let first = try ControlChannel.open(path: path)
        defer { first.release() }
        #expect(throws: ControlChannel.Failure.inUse(path: path, process: getpid())) {
            try ControlChannel.open(path: path, waitingAtMostSeconds: 0.1)
        }
    }

    @Test func clientsAreReadApartAndTheirUnendedLinesStayTheirOwn() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ctl"
        let reader = LineReader(listeningOn: try ControlChannel.open(path: path))
        try ControlChannel.send(lines: ["press Mail", "Jobs=2"], to: path)
        #expect(lines(from: reader) == ["press Mail", "Jobs=2"])
        #expect(throws: ControlChannel.Failure.lineTooLong(byteCount: 2001)) {
            try ControlChannel.send(String(repeating: "x", count: 2000), to: path)
        }
        reader.finish()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(throws: ControlChannel.Failure.noListener(path: path)) { try ControlChannel.send("refresh", to: path) }
    }

    @Test func aPathTooLongForASocketIsSaidSo() {
        let path = "/tmp/" + String(repeating: "d", count: 200)
        #expect(throws: ControlChannel.Failure.pathTooLong(path: path)) { try ControlChannel.open(path: path) }
        #expect(ControlChannel.Failure.pathTooLong(path: path).description.contains("has at most 107"))
    }
}
