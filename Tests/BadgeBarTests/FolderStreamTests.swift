import BadgeKit
import BadgeTerminal
import CNCursesW
import Foundation
import Testing

@testable import badgebar

/// `--stream --maildir` as a program: the folders' first readings, and a batch of mail told in one line.
@Suite struct FolderStreamTests {
    @Test func aBatchOfMailWaitsAMomentForItsRestThenIsOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)").path
        for name in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = BoardEngine.Configuration()
        configuration.folderSources = [FolderSource(buttonTitle: "Mail", path: folder, kind: .maildir)]
        let toolbar = BadgeToolbar(title: "B", buttons: [BadgedButton(title: "Mail", symbolName: "envelope", count: 9)])
        var stream = StreamProgram(
            board: BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false)),
            configuration: configuration,
            stream: StatusBarStream(format: .plain, style: StreamProgramTests.plain), sources: [],
            framesPerSecond: 60, startTime: 0)
        let watcher = FolderWatcher(sources: configuration.folderSources, home: nil)
        stream.monitors = BoardMonitors(folders: watcher)
        let tests = StreamProgramTests()
        #expect(tests.written(stream.update(.tick, at: 0), sink: 0) == ["@"], "the Maildir's count, not the 9")

        for name in ["1", "2", "3"] {
            #expect(FileManager.default.createFile(atPath: folder + "/tmp/" + name, contents: Data("x".utf8)))
            #expect(rename(folder + "/tmp/" + name, folder + "/new/" + name) == 0)
        }
        var polled = pollfd(fd: try #require(watcher.descriptor).rawValue, events: Int16(POLLIN), revents: 0)
        #expect(poll(&polled, 1, 1000) == 1)
        #expect(watcher.takeChange())
        #expect(tests.written(stream.update(.fileChanged(monitor: 0), at: 1), sink: 0).isEmpty, "the rest may come")
        #expect(stream.nextWakeTime(after: 1) == 1 + StreamView.settleSeconds)
        #expect(tests.written(stream.update(.tick, at: 1 + StreamView.settleSeconds), sink: 0) == ["@ 3"])
        #expect(stream.nextWakeTime(after: 1.01) == nil, "then nothing to wake for")
    }
}

/// `--beside` as a program: the other status line's blocks after the buttons, and gone when it ends.
@Suite struct BesideStreamTests {
    @Test func itsBlocksFollowTheButtonsAndGoWhenItEnds() {
        let toolbar = BadgeToolbar(title: "B", buttons: [BadgedButton(title: "Mail", symbolName: "envelope", count: 2)])
        var stream = BoardProgram(
            board: BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false)),
            view: StreamView(
                stream: StatusBarStream(format: .i3bar, style: StreamProgramTests.plain), framesPerSecond: 10,
                besideProducer: true),
            sources: [.beside], reportsSink: .messages)
        let tests = StreamProgramTests()
        _ = stream.update(.tick, at: 0)
        _ = stream.update(.lines(LineBatch([#"{"version":1}"#, "["]), source: .beside), at: 0.5)
        let line = tests.written(
            stream.update(.line(#"[{"name":"tztime","full_text":"12:00"}]"#, source: .beside), at: 1), sink: 0)
        #expect(line.count == 1 && line[0].hasSuffix(#"},{"name":"tztime","full_text":"12:00"}]"#), "\(line)")
        let ended = stream.update(.sourceEnded(source: .beside, problem: nil), at: 2)
        #expect(tests.written(ended, sink: 1) == ["badgebar: the --beside command ended"])
        let after = tests.written(ended, sink: 0)
        #expect(after.count == 1 && !after[0].contains("tztime"), "its blocks go, the buttons stay: \(after)")
    }
}
