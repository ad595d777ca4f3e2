import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

/// Being told of a changed file without polling: inotify on Linux, through the run loop.
@Suite struct FileChangeMonitorTests {
    /// A folder of its own, removed at the end.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        func write(_ text: String, to name: String) throws {
            try text.write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Whether the watch's descriptor is readable within a moment.
    private func isReadable(_ watch: FileChangeMonitor) -> Bool {
        guard let descriptor = watch.descriptor else { return false }
        var polled = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, 500) == 1
    }

    @Test func aFileWrittenOrMovedIntoPlaceIsToldAndOthersInItsFolderAreNot() throws {
        let folder = try Folder()
        try folder.write("one", to: "board.conf")
        let watch = FileChangeMonitor(path: folder.path + "/board.conf")
        try #require(watch.descriptor != nil, "inotify on Linux")
        #expect(!isReadable(watch), "nothing happened yet")
        try folder.write("two", to: "board.conf")
        #expect(isReadable(watch) && watch.takeChange())
        #expect(!isReadable(watch), "taken")
        try folder.write("other", to: "notes.txt")
        #expect(isReadable(watch) && !watch.takeChange(), "another file wakes the watch but is not the file")
        // An editor's save: a new file moved over the old one.
        try folder.write("three", to: "board.conf.tmp")
        #expect(rename(folder.path + "/board.conf.tmp", folder.path + "/board.conf") == 0)
        #expect(isReadable(watch) && watch.takeChange())
    }

    @Test func aLinkIsFollowedToTheFileItNames() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/dotfiles", withIntermediateDirectories: true)
        try folder.write("one", to: "dotfiles/board.conf")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/board.conf", withDestinationPath: folder.path + "/dotfiles/board.conf")
        let watch = FileChangeMonitor(path: folder.path + "/board.conf")
        try folder.write("two", to: "dotfiles/board.conf")
        #expect(isReadable(watch) && watch.takeChange())
    }

    /// Whether the watch tells of a change within a moment: readable, and the path changed.
    private func tells(_ watch: FileChangeMonitor) -> Bool {
        isReadable(watch) && watch.takeChange()
    }

    @Test func aLinkRepointedIsFollowedAndTheOldTargetNoLonger() throws {
        let folder = try Folder()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.path + "/one", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder.path + "/two", withIntermediateDirectories: true)
        try folder.write("one", to: "one/board.conf")
        try folder.write("two", to: "two/board.conf")
        try manager.createSymbolicLink(atPath: folder.path + "/current", withDestinationPath: "one")
        try folder.write("notes", to: "notes.txt")
        let watch = FileChangeMonitor(path: folder.path + "/current/board.conf")
        try folder.write("more notes", to: "notes.txt")
        #expect(!isReadable(watch), "a save in the link's folder wakes no one: only the file's folder tells writes")
        // As ln -sfn does: a new link moved over the old one.
        try manager.createSymbolicLink(atPath: folder.path + "/current.new", withDestinationPath: "two")
        #expect(rename(folder.path + "/current.new", folder.path + "/current") == 0)
        #expect(tells(watch), "the link re-pointed")
        try folder.write("old", to: "one/board.conf")
        #expect(!tells(watch), "the old target is no longer followed")
        try folder.write("new", to: "two/board.conf")
        #expect(tells(watch), "the new target is")
    }

    @Test func aFileDeletedIsToldAtOnceAndMadeAgainOnceWritten() throws {
        let folder = try Folder()
        try folder.write("one", to: "board.conf")
        let watch = FileChangeMonitor(path: folder.path + "/board.conf")
        #expect(unlink(folder.path + "/board.conf") == 0)
        #expect(tells(watch), "the deletion")
        let made = open(folder.path + "/board.conf", O_WRONLY | O_CREAT, 0o600)
        #expect(!tells(watch), "made, still empty and open: nothing to read yet")
        #expect(write(made, "two", 3) == 3)
        close(made)
        #expect(tells(watch), "written and closed")
    }

    @Test func aFolderRemovedAndMadeAgainIsFollowedFromTheNearestFolderThere() throws {
        let folder = try Folder()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder.path + "/badgebar", withIntermediateDirectories: true)
        try folder.write("one", to: "badgebar/board.conf")
        let watch = FileChangeMonitor(path: folder.path + "/badgebar/board.conf")
        try manager.removeItem(atPath: folder.path + "/badgebar")
        #expect(tells(watch), "the file is gone with its folder")
        try manager.createDirectory(atPath: folder.path + "/badgebar", withIntermediateDirectories: true)
        #expect(!tells(watch), "the folder is back, the file not yet")
        try folder.write("two", to: "badgebar/board.conf")
        #expect(tells(watch), "the file made again in the folder made again")
        try folder.write("three", to: "badgebar/board.conf")
        #expect(tells(watch), "and saved after")
    }

    @Test func aPathWhoseFolderIsNotThereYetIsWatchedFromTheNearestFolderThere() throws {
        let folder = try Folder()
        let watch = FileChangeMonitor(path: folder.path + "/a/b/board.conf")
        #expect(watch.descriptor != nil)
        try FileManager.default.createDirectory(atPath: folder.path + "/a/b", withIntermediateDirectories: true)
        #expect(!tells(watch))
        try folder.write("one", to: "a/b/board.conf")
        #expect(tells(watch))
    }

    /// A program that quits when told of a changed file.
    private struct Reloader: TerminalProgram {
        var told: [ProgramEvent] = []
        mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
            guard case .fileChanged = event else { return .none }
            told.append(event)
            return .quit
        }
        func render(into canvas: inout Canvas, at time: Double) {}
        func nextWakeTime(after time: Double) -> Double? { nil }
    }

    @Test func theRunnerTellsTheProgramOfAChangeByTheWatchsIndex() throws {
        let folder = try Folder()
        try folder.write("one", to: "a.conf")
        try folder.write("one", to: "b.conf")
        let watches = [
            FileChangeMonitor(path: folder.path + "/a.conf"), FileChangeMonitor(path: folder.path + "/b.conf"),
        ]
        try folder.write("two", to: "b.conf")
        let terminal = ScriptedTerminal(script: [.init(at: 1000, .input(.character("q")))])
        var program = Reloader()
        #expect(ProgramRunner.run(&program, on: terminal, fileMonitors: watches) == .quit)
        #expect(program.told == [.fileChanged(monitor: 1)])
    }
}
