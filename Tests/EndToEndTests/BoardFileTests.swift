import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("A board in a file: found, shown, read again without losing counts, refused with its line")
    struct BoardFileTests {
        /// Mail (5) and News at 80 columns, titled Mail: `[ 📨 ]` at 64...69, `[ 📰 ]` at 72...77.
        static let mailAndNews = """
            # Mail and News
            title = Mail

            [Mail]
            symbol = envelope
            badge = 5
            [News]
            symbol = newspaper

            """
        /// Mail's badge on the badge row, with Mail and News.
        private static let mailBadge = 68...70

        /// A folder with a board's file in it, removed at the end.
        final class BoardFolder {
            let directory: TemporaryDirectory
            var path: String { directory.path + "/board.conf" }

            init(_ text: String) throws {
                directory = try TemporaryDirectory()
                try write(text)
            }

            /// Writes the file in place (opened, written, closed), as `echo >` does.
            func write(_ text: String) throws {
                try text.write(toFile: path, atomically: false, encoding: .utf8)
            }

            /// Saves the file as most editors do: a new file moved over the old one.
            func save(_ text: String) throws {
                try text.write(toFile: path + ".new", atomically: false, encoding: .utf8)
                guard rename(path + ".new", path) == 0 else { throw EndToEndFailure("rename failed") }
            }

            deinit { directory.remove() }
        }

        private func run(_ arguments: [String], environment: [String] = []) throws -> ProcessResult {
            try ChildProcess.run(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(
                    ["TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no"] + environment), timeout: 10)
        }

        @Test("A count set by hand survives SIGUSR2 and a save of the file that changes the board")
        func reloadKeepsACountSetByHand() throws {
            let folder = try BoardFolder(Self.mailAndNews)
            let terminal = try TmuxTerminal(
                arguments: ["--config", folder.path, "--counts-from", "-"],
                pipeline: "printf 'Mail=12\\n' | \"$0\" \"$@\"")
            defer { terminal.close() }
            try terminal.waitUntil("the file's board, Mail at 12 from the counts line") {
                $0[InboxLayout.toolbarRow].contains("Mail") && $0[InboxLayout.toolbarRow].contains("[ 📰 ]")
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == "12 "
            }
            kill(try terminal.programPID(), SIGUSR2)
            let reloaded = try terminal.waitUntil("read again on SIGUSR2") {
                $0[InboxLayout.statusRow].contains("reloaded \(folder.path)")
            }
            #expect(reloaded.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == "12 ", "\(reloaded)")

            // A save: a new title, News first, Mail's count in the file changed, and a new button.
            try folder.save(
                "title = Post\n[News]\nsymbol = newspaper\n[Mail]\nsymbol = envelope\nbadge = 3\n"
                    + "[Jobs]\nsymbol = gear\nbadge = 2\n")
            let saved = try terminal.waitUntil("read again on the save") {
                $0[InboxLayout.toolbarRow].contains("Post") && $0.words(row: InboxLayout.badgeRow).count == 2
            }
            #expect(
                saved.words(row: InboxLayout.badgeRow) == ["12", "2"], "Mail keeps 12; Jobs starts at 2:\n\(saved)")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("A press clears a count that an edit keeps cleared; a broken edit keeps the board and says why")
        func brokenEditKeepsTheBoard() throws {
            let folder = try BoardFolder(Self.mailAndNews)
            let terminal = try TmuxTerminal(arguments: ["--config", folder.path])
            defer { terminal.close() }
            try terminal.waitUntil("Mail at 5") {
                $0.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 5 "
            }
            try terminal.sendKeys("1")
            try terminal.waitUntil("Mail cleared by the press") { $0.words(row: InboxLayout.badgeRow).isEmpty }
            try folder.write(Self.mailAndNews.replacingOccurrences(of: "title = Mail", with: "title = Post"))
            let edited = try terminal.waitUntil("the new title") { $0[InboxLayout.toolbarRow].contains("Post") }
            #expect(edited.words(row: InboxLayout.badgeRow).isEmpty, "Mail stays cleared, whatever the file says")

            // The tenth line is a mistake.
            try folder.write(
                Self.mailAndNews.replacingOccurrences(of: "title = Mail", with: "title = Broken") + "\nevry = 5s\n")
            let broken = try terminal.waitUntil("the mistake in the status line") {
                $0[InboxLayout.statusRow].contains("board.conf:10: unknown key 'evry'")
            }
            #expect(broken[InboxLayout.toolbarRow].contains("Post"), "the board as it was:\n\(broken)")
            #expect(broken.words(row: InboxLayout.badgeRow).isEmpty)
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("Line mode reads the file again on a save: every button said again, a broken save on standard error")
        func lineModeReload() throws {
            let folder = try BoardFolder(Self.mailAndNews)
            let terminal = try TmuxTerminal(
                arguments: ["--lines", "--config", folder.path], redirections: [.standardErrorToFile])
            defer { terminal.close() }
            try terminal.waitUntil("the first line") { $0.contains("Mail. Mail: 5 unread; News: none unread") }
            try terminal.sendKeys("1")
            try terminal.waitUntil("Mail cleared") { $0.contains("Mail: none unread (cleared)") }
            try folder.save(Self.mailAndNews.replacingOccurrences(of: "title = Mail", with: "title = Post"))
            try terminal.waitUntil("every button again, Mail still cleared") {
                $0.contains("Post. Mail: none unread; News: none unread")
            }
            try folder.save("[Mail]\nsymbol = envelop\n")
            let deadline = ContinuousClock.now + .seconds(5)
            while !terminal.standardError.contains("board.conf:2: unknown symbol 'envelop'"), .now < deadline {
                try? Task.checkCancellation()
                usleep(50_000)
            }
            #expect(
                terminal.standardError.contains(
                    "badgebar: reloaded \(folder.path)\nbadgebar: \(folder.path):2: unknown symbol 'envelop'"),
                "\(terminal.standardError)")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("--once and --lines read the same file, and the flags given with it win")
        func onceAndLinesFromTheFile() throws {
            let folder = try BoardFolder(Self.mailAndNews + "[Jobs]\nsymbol = gear\nwatch = echo 4\n")
            let once = try run(["--once", "--icons", "ascii", "--config", folder.path])
            #expect(once.status == .exited(0), "\(once.standardError)")
            #expect(once.standardOutput == "@ 5  =  % 4\n")
            let titled = try run(["--once", "--format", "json", "--config", folder.path, "--title", "Flags"])
            #expect(titled.standardOutput.contains(#""title":"Flags""#), "\(titled.standardOutput)")
            let still = try BoardFolder(Self.mailAndNews)
            let lines = try run(["--lines", "--config", still.path])
            #expect(lines.status == .exited(0), "\(lines.standardError)")
            #expect(lines.standardOutput == "Mail. Mail: 5 unread; News: none unread\n")
        }

        @Test("badgebar alone reads $XDG_CONFIG_HOME/badgebar/config; --config NAME reads NAME.conf; --demo the demo")
        func whereTheFileIsFound() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.createDirectory(
                atPath: directory.path + "/badgebar", withIntermediateDirectories: true)
            try Self.mailAndNews.write(toFile: directory.path + "/badgebar/config", atomically: false, encoding: .utf8)
            try "[Jobs]\nsymbol = gear\nbadge = 7\n".write(
                toFile: directory.path + "/badgebar/jobs.conf", atomically: false, encoding: .utf8)
            let environment = ["XDG_CONFIG_HOME=\(directory.path)"]
            #expect(try run(["--once", "--icons", "ascii"], environment: environment).standardOutput == "@ 5  =\n")
            #expect(
                try run(["--once", "--icons", "ascii", "--config", "jobs"], environment: environment).standardOutput
                    == "% 7\n")
            let demo = try run(["--once", "--icons", "ascii", "--demo"], environment: environment)
            #expect(demo.standardOutput == (try run(["--once", "--icons", "ascii"]).standardOutput))
            #expect(demo.standardOutput != "@ 5  =\n")
        }

        @Test("A mistake is FILE:LINE: message and 78, a file that cannot be read 66, and nothing starts")
        func mistakesAndUnreadableFiles() throws {
            let folder = try BoardFolder("title = Mail\n[Mail]\nsymbol = envelope\nwatch = touch started\nevry = 5s\n")
            let bad = try run(["--config", folder.path, "--once"])
            #expect(bad.status == .exited(78))
            #expect(bad.standardError == "badgebar: \(folder.path):5: unknown key 'evry'; did you mean 'every'?\n")
            #expect(bad.standardOutput == "")
            #expect(
                !FileManager.default.fileExists(atPath: "started")
                    && !FileManager.default.fileExists(
                        atPath: folder.directory.path + "/started")
            )
            let missing = try run(["--config", folder.directory.path + "/nothere.conf"])
            #expect(missing.status == .exited(66))
            #expect(
                missing.standardError
                    == "badgebar: --config: there is no file '\(folder.directory.path)/nothere.conf'\n")
            let folderGiven = try run(["--config", folder.directory.path])
            #expect(folderGiven.status == .exited(66), "\(folderGiven.standardError)")
        }

        @Test("--print-config writes a recipe's board as a file that shows the same toolbar")
        func printConfigRoundTrip() throws {
            let folder = try BoardFolder("")
            let flags = [
                "--title", "Issues", "--button", "Open:tray:3:blue:show-zero", "--button", "Mine:person:0",
                "--every", "5m", "--watch", "Mine=echo 2", "--open", "Open=gh issue list | less",
            ]
            let printed = try run(flags + ["--print-config"])
            #expect(printed.status == .exited(0), "\(printed.standardError)")
            try folder.write(printed.standardOutput)
            let fromFlags = try run(flags + ["--once", "--format", "json"])
            let fromFile = try run(["--config", folder.path, "--once", "--format", "json"])
            #expect(fromFile.status == .exited(0), "\(fromFile.standardError)")
            #expect(fromFile.standardOutput == fromFlags.standardOutput)
            #expect(try run(["--config", folder.path, "--print-config"]).standardOutput == printed.standardOutput)
        }
    }
}
