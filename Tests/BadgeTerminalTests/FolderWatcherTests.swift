import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

/// Counting a folder's names and a Maildir's unread mail the moment they change, with inotify: nothing polled.
@Suite struct FolderWatcherTests {
    /// A folder of its own, removed at the end.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("folders-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        func make(_ name: String) throws {
            try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
        }
        func touch(_ name: String) throws {
            try "x".write(toFile: path + "/" + name, atomically: false, encoding: .utf8)
        }
        func move(_ from: String, _ to: String) {
            #expect(rename(path + "/" + from, path + "/" + to) == 0)
        }
        func remove(_ name: String) throws {
            try FileManager.default.removeItem(atPath: path + "/" + name)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The readings the watcher tells within a moment, or none.
    private func told(_ watcher: FolderWatcher) -> [FolderReading] {
        guard let descriptor = watcher.descriptor else { return [] }
        var readings: [FolderReading] = []
        // Changes may come in more than one batch: take them until the queue is quiet for a moment.
        while true {
            var polled = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, 200) == 1 else { return readings }
            if watcher.takeChange() { readings += watcher.takeReadings().map(\.reading) }
        }
    }

    private func quiet(_ watcher: FolderWatcher) -> Bool {
        guard let descriptor = watcher.descriptor else { return true }
        var polled = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, 200) == 0
    }

    @Test func aFolderIsCountedAtTheStartAndAgainAsNamesComeAndGo() throws {
        let folder = try Folder()
        try folder.make("downloads")
        try folder.touch("downloads/a.part")
        try folder.touch("downloads/b.iso")
        let watcher = FolderWatcher(
            sources: [.entries(buttonTitle: "Dl", text: folder.path + "/downloads/*.part")], home: nil)
        try #require(watcher.descriptor != nil, "inotify on Linux")
        #expect(watcher.currentReadings().map(\.reading) == [.count(1)])
        #expect(quiet(watcher), "nothing wakes while nothing changes")
        try folder.touch("downloads/c.part")
        #expect(told(watcher).last == .count(2))
        try folder.touch("downloads/d.iso")
        #expect(told(watcher).isEmpty, "a name the pattern leaves out changes no count")
        folder.move("downloads/c.part", "downloads/c.iso")
        #expect(told(watcher) == [.count(1)])
        try folder.remove("downloads/a.part")
        #expect(told(watcher) == [.count(0)])
    }

    @Test func aFolderMadeLaterRemovedRenamedAndMovedBackIsFollowed() throws {
        let folder = try Folder()
        let watcher = FolderWatcher(sources: [.entries(buttonTitle: "Dl", text: folder.path + "/inbox")], home: nil)
        guard case .unavailable(let reason) = watcher.currentReadings().first?.reading else {
            Issue.record("a missing folder is no count")
            return
        }
        #expect(reason == "the folder '\(folder.path)/inbox' cannot be read: it is not there")
        try folder.make("inbox")
        #expect(told(watcher) == [.count(0)])
        try folder.touch("inbox/one")
        #expect(told(watcher) == [.count(1)])
        folder.move("inbox", "inbox.old")
        #expect(told(watcher).map { if case .unavailable = $0 { true } else { false } } == [true])
        try folder.touch("inbox.old/two")
        #expect(told(watcher).isEmpty, "the folder that went is not followed")
        folder.move("inbox.old", "inbox")
        #expect(told(watcher) == [.count(2)])
        try folder.touch("inbox/three")
        #expect(told(watcher) == [.count(3)], "watched inside again")
        try folder.remove("inbox")
        #expect(told(watcher).count == 1)
        try folder.make("inbox")
        #expect(told(watcher) == [.count(0)])
    }

    @Test func aFileWhereTheFolderShouldBeIsSaidSo() throws {
        let folder = try Folder()
        try folder.touch("notes")
        let watcher = FolderWatcher(sources: [.entries(buttonTitle: "N", text: folder.path + "/notes")], home: nil)
        #expect(
            watcher.currentReadings().first?.reading
                == .unavailable("the folder '\(folder.path)/notes' cannot be read: it is not a folder"))
    }

    @Test func aMaildirCountsUnreadMailAsFlagsChangeAndAFolderThroughALink() throws {
        let folder = try Folder()
        for name in ["mail/new", "mail/cur", "mail/tmp"] { try folder.make(name) }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Maildir", withDestinationPath: "mail")
        let watcher = FolderWatcher(
            sources: [FolderSource(buttonTitle: "Mail", path: "~/Maildir", kind: .maildir)], home: folder.path + "/")
        #expect(watcher.currentReadings().map(\.reading) == [.count(0)], "~/ in the home folder, the link followed")
        // Delivered as a mail program delivers: written in tmp/, moved into new/.
        try folder.touch("mail/tmp/1.M1.host")
        #expect(told(watcher).isEmpty, "tmp/ is not counted")
        folder.move("mail/tmp/1.M1.host", "mail/new/1.M1.host")
        #expect(told(watcher) == [.count(1)])
        folder.move("mail/new/1.M1.host", "mail/cur/1.M1.host:2,")
        #expect(told(watcher).isEmpty, "seen by a program, not read yet: still one")
        folder.move("mail/cur/1.M1.host:2,", "mail/cur/1.M1.host:2,S")
        #expect(told(watcher) == [.count(0)])
        try folder.remove("mail/cur")
        #expect(
            told(watcher).last
                == .unavailable("the Maildir '~/Maildir' (its cur/) cannot be read: it is not there"))
        try folder.make("mail/cur")
        #expect(told(watcher) == [.count(0)])
    }

    @Test func aQueueThatOverflowsCountsEverythingAgain() throws {
        let folder = try Folder()
        try folder.make("flood")
        let watcher = FolderWatcher(sources: [.entries(buttonTitle: "F", text: folder.path + "/flood")], home: nil)
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
        // More names than the queue holds before the watcher reads it, so the kernel drops events.
        let count = min(limit + 100, 40000)
        for index in 0..<count {
            let descriptor = open(folder.path + "/flood/\(index)", O_CREAT | O_WRONLY, 0o644)
            close(descriptor)
        }
        #expect(told(watcher).last == .count(count))
    }

    @Test func aPathThatSetsOffAWatchIsToldOfEveryChangeOfWhatItLeadsTo() throws {
        let folder = try Folder()
        let watcher = FolderWatcher(
            sources: [FolderSource(buttonTitle: "Mail", path: folder.path + "/stamp", kind: .changes)], home: nil)
        #expect(watcher.currentReadings().isEmpty, "nothing to tell at the start: the watch runs anyway")
        try folder.touch("stamp")
        #expect(told(watcher).contains(.changed))
        try folder.touch("other")
        #expect(told(watcher).isEmpty, "another name in its folder")
        try folder.remove("stamp")
        #expect(told(watcher) == [.changed])
    }

    @Test func followingOtherSourcesReadsThemAnew() throws {
        let folder = try Folder()
        try folder.make("a")
        try folder.make("b")
        try folder.touch("b/one")
        let watcher = FolderWatcher(sources: [.entries(buttonTitle: "A", text: folder.path + "/a")], home: nil)
        watcher.follow([.entries(buttonTitle: "B", text: folder.path + "/b")])
        #expect(watcher.currentReadings().map(\.reading) == [.count(1)])
        try folder.touch("a/x")
        #expect(told(watcher).isEmpty, "the old folder is not watched")
        try folder.touch("b/two")
        #expect(told(watcher) == [.count(2)])
    }
}
