import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

/// Reading counts once, to the end of the input, as `--once` does.
@Suite struct LineReaderReadToEndTests {
    /// Every line and discarded line `readToEnd` hands out, and how it ended.
    static func readAll(_ reader: LineReader) -> (lines: [String], discarded: [Int], outcome: LineReader.ReadOutcome) {
        var lines: [String] = []
        var discarded: [Int] = []
        let outcome = reader.readToEnd { delivery in
            switch delivery {
            case .line(let bytes): lines.append(String(decoding: bytes, as: UTF8.self))
            case .discardedLine(let byteCount): discarded.append(byteCount)
            }
        }
        return (lines, discarded, outcome)
    }

    @Test func itWaitsForLinesThatComeLaterUntilThePipeCloses() throws {
        let pipe = try SystemDescriptor.pipe()
        defer { pipe.read.close() }
        let reader = try LineReader(path: "-", standardInput: pipe.read, terminalsInUse: [])
        let writer = pipe.write
        let thread = Thread {
            for piece in ["Mail=1\nBui", "lds+=2\n", String(repeating: "x", count: 2000) + "\n", "last=3"] {
                usleep(30_000)
                _ = try? Array(piece.utf8).withUnsafeBytes { try writer.writeAll($0) }
            }
            writer.close()
        }
        thread.start()
        let result = Self.readAll(reader)
        #expect(result.lines == ["Mail=1", "Builds+=2", "last=3"])
        #expect(result.discarded == [2000])
        #expect(result.outcome == .ended)
    }

    @Test func aFIFOThatEndsWithItsWritersIsReadUntilTheLastWriterCloses() throws {
        let path = SystemFixtures.temporaryPath("once.fifo")
        try #require(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let thread = Thread {
            // The reader's open waits for this writer.
            usleep(50_000)
            guard let writer = try? SystemDescriptor.open(path, O_WRONLY) else { return }
            _ = try? Array("Mail=4\n".utf8).withUnsafeBytes { try writer.writeAll($0) }
            usleep(50_000)
            _ = try? Array("Cart=2\n".utf8).withUnsafeBytes { try writer.writeAll($0) }
            writer.close()
        }
        thread.start()
        let reader = try LineReader(path: path, endsWithItsWriters: true)
        let result = Self.readAll(reader)
        #expect(result.lines == ["Mail=4", "Cart=2"])
        #expect(result.outcome == .ended)
    }

    @Test func aPipeWithALineOfMoreThanOneMebibyteIsReadOnToTheNextLine() throws {
        try SystemFixtures.withSignalIgnored(SIGPIPE) {
            let pipe = try SystemDescriptor.pipe()
            defer { pipe.read.close() }
            let reader = try LineReader(path: "-", standardInput: pipe.read, terminalsInUse: [])
            let writer = pipe.write
            let thread = Thread {
                let piece = [UInt8](repeating: 0x78, count: 65_536)
                for _ in 0..<40 {
                    guard (try? piece.withUnsafeBytes { try writer.writeAll($0) }) != nil else { break }
                }
                _ = try? Array("\nMail=7\n".utf8).withUnsafeBytes { try writer.writeAll($0) }
                writer.close()
            }
            thread.start()
            let result = Self.readAll(reader)
            #expect(result.outcome == .ended, "a pipe is read as fast as its writer writes, and never given up")
            #expect(result.lines == ["Mail=7"])
            #expect(result.discarded.count == 1, "the long line is said once")
            #expect(result.discarded.allSatisfy { $0 >= LineBatch.maximumBytesWithoutLineEnd })
        }
    }

    @Test func aSourceWithNoLineEndStops() throws {
        let reader = try LineReader(path: "/dev/zero")
        let result = Self.readAll(reader)
        #expect(result.outcome == .stopped(.noLineEnd(source: "'/dev/zero'")))
    }
}
