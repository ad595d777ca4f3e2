import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("A board's file followed as it was named: links re-pointed, the file or its folder gone and back")
    struct BoardFileFollowingTests {
        /// A board that shows which version of the file it came from: Mail at 1, and a new button each time (a
        /// button that remains would keep its count), `@ 1  % N` in ASCII.
        static func version(_ number: Int) -> String {
            "[Mail]\nsymbol = envelope\nbadge = 1\n[Version \(number)]\nsymbol = gear\nbadge = \(number)\n"
        }

        /// The line `--stream` prints for a version.
        static func line(_ number: Int) -> String { "@ 1  % \(number)" }

        func write(_ number: Int, to path: String) throws {
            try Self.version(number).write(toFile: path, atomically: false, encoding: .utf8)
        }

        /// Runs a command (`ln`, `rm`, `mkdir`) and requires that it succeeds.
        func shell(_ command: String, _ arguments: [String]) throws {
            let result = try ChildProcess.run(command, arguments, environment: ChildProcess.cleanEnvironment())
            try #require(result.status == .exited(0), "\(command) \(arguments): \(result.standardError)")
        }

        /// Waits until standard error has said something, at most five seconds; returns all it said.
        func waitForErrors(_ run: StreamRun, containing text: String) -> String {
            let deadline = ContinuousClock.now + .seconds(5)
            while !run.readErrors().contains(text), ContinuousClock.now < deadline {
                usleep(20_000)
            }
            return run.readErrors()
        }

        /// Waits until standard error has said the file was read again a number of times, at most five seconds.
        func waitForReloads(_ run: StreamRun, _ path: String, count: Int) -> Bool {
            let deadline = ContinuousClock.now + .seconds(5)
            while reloads(run, path) < count, ContinuousClock.now < deadline {
                usleep(20_000)
            }
            return reloads(run, path) == count
        }

        /// How many times standard error said the file was read again.
        func reloads(_ run: StreamRun, _ path: String) -> Int {
            run.readErrors().components(separatedBy: "badgebar: reloaded \(path)\n").count - 1
        }

        func stream(_ path: String) throws -> StreamRun {
            try StreamRun(["--stream", "--icons", "ascii", "--config", path])
        }

        @Test(
            "ln -sfn re-pointing the file, or a folder on its path, is read; the old target no longer, after SIGUSR2 too"
        )
        func linksRepointed() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let root = directory.path
            for folder in ["a", "b", "c", "config"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try write(1, to: root + "/a/board.conf")
            try write(2, to: root + "/b/board.conf")
            try write(3, to: root + "/c/board.conf")
            // A chain: config/board.conf -> dir/board.conf, and config/dir -> ../a, a folder that is a link.
            try shell("ln", ["-s", "../a", root + "/config/dir"])
            try shell("ln", ["-s", "dir/board.conf", root + "/config/board.conf"])
            let path = root + "/config/board.conf"
            let run = try stream(path)
            defer { run.stop() }
            #expect(run.nextLine() == Self.line(1))

            try shell("ln", ["-sfn", "../b", root + "/config/dir"])
            #expect(run.nextLine() == Self.line(2), "the folder's link re-pointed")
            try write(4, to: root + "/b/board.conf")
            #expect(run.nextLine() == Self.line(4), "a save to the new target")
            try write(9, to: root + "/a/board.conf")
            #expect(run.staysSilent(for: 0.5), "a save to the old target is not the board's")

            try shell("ln", ["-sfn", root + "/c/board.conf", path])
            #expect(run.nextLine() == Self.line(3), "the file's own link re-pointed")
            let before = reloads(run, path)
            kill(run.process.pid, SIGUSR2)
            #expect(waitForReloads(run, path, count: before + 1), "read again on SIGUSR2: \(run.errorText)")
            try write(5, to: root + "/c/board.conf")
            #expect(run.nextLine() == Self.line(5), "after SIGUSR2, a save to the target")
            try write(8, to: root + "/b/board.conf")
            #expect(run.staysSilent(for: 0.5), "and not to the one before")
        }

        @Test("Followed through links, it sleeps while nothing changes: no wakeup, even for saves beside a link")
        func idleThroughLinks() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let root = directory.path
            try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
            try write(1, to: root + "/real/board.conf")
            try shell("ln", ["-s", "real/board.conf", root + "/board.conf"])
            try "notes\n".write(toFile: root + "/notes.txt", atomically: false, encoding: .utf8)
            let run = try stream(root + "/board.conf")
            defer { run.stop() }
            #expect(run.nextLine() == Self.line(1))
            #expect(run.staysSilent(for: 0.3))
            let before = try #require(run.contextSwitches())
            // A file saved in place in the link's folder: not the board's, and no write there is watched.
            try "more notes\n".write(toFile: root + "/notes.txt", atomically: false, encoding: .utf8)
            #expect(run.staysSilent(for: 1.5))
            let after = try #require(run.contextSwitches())
            #expect(after == before, "no wakeup in 1.5 s: \(before) → \(after)")
        }

        @Test("The folder removed is said at once; made again with the file, it is read, and every save after")
        func folderRemovedAndMadeAgain() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let folder = directory.path + "/badgebar"
            let path = folder + "/board.conf"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write(1, to: path)
            let run = try stream(path)
            defer { run.stop() }
            #expect(run.nextLine() == Self.line(1))

            try shell("rm", ["-rf", folder])
            #expect(
                waitForErrors(run, containing: "removed").hasSuffix(
                    "badgebar: \(path): removed; the board stays as it was\n"), "\(run.errorText)")
            #expect(run.staysSilent(for: 0.3), "the board stays as it was")
            try shell("mkdir", [folder])
            try write(2, to: path)
            #expect(run.nextLine() == Self.line(2), "\(run.readErrors())")
            try write(3, to: path)
            #expect(run.nextLine() == Self.line(3), "a later save")
            #expect(run.readErrors().components(separatedBy: "removed").count == 2, "said once: \(run.errorText)")
        }

        @Test("Deleted is said at once and made again is read; each way of saving reads the file exactly once")
        func deletedThenMadeAgainAndEverySave() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.path + "/board.conf"
            try write(1, to: path)
            let run = try stream(path)
            defer { run.stop() }
            #expect(run.nextLine() == Self.line(1))

            try shell("rm", [path])
            #expect(
                waitForErrors(run, containing: "removed").hasSuffix(
                    "badgebar: \(path): removed; the board stays as it was\n"), "\(run.errorText)")
            try write(2, to: path)
            #expect(run.nextLine() == Self.line(2), "made again")
            #expect(run.staysSilent(for: 0.3) && reloads(run, path) == 1, "\(run.readErrors())")

            // In place, as `echo >` does.
            try write(3, to: path)
            #expect(run.nextLine() == Self.line(3))
            #expect(run.staysSilent(for: 0.3) && reloads(run, path) == 2, "\(run.readErrors())")
            // A new file moved over the old one.
            try write(4, to: path + ".tmp")
            try #require(rename(path + ".tmp", path) == 0)
            #expect(run.nextLine() == Self.line(4))
            #expect(run.staysSilent(for: 0.3) && reloads(run, path) == 3, "\(run.readErrors())")
            // Deleted, then made and written, at once.
            try #require(unlink(path) == 0)
            try write(5, to: path)
            #expect(run.nextLine() == Self.line(5))
            #expect(run.staysSilent(for: 0.3) && reloads(run, path) == 4, "\(run.readErrors())")
        }

        @Test("Replaced by a folder is said at once, the board kept; a file there again is read")
        func replacedByAFolder() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.path + "/board.conf"
            try write(1, to: path)
            let run = try stream(path)
            defer { run.stop() }
            #expect(run.nextLine() == Self.line(1))

            try #require(unlink(path) == 0 && mkdir(path, 0o700) == 0)
            #expect(
                waitForErrors(run, containing: "is a folder").hasSuffix(
                    "badgebar: --config: '\(path)' is a folder, not a board's file (the board is as it was)\n"),
                "\(run.errorText)")
            #expect(run.staysSilent(for: 0.3))
            try #require(rmdir(path) == 0)
            try write(2, to: path)
            #expect(run.nextLine() == Self.line(2))
        }
    }
}
