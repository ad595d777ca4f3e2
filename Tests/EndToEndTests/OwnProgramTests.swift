import Foundation
import Testing

extension EndToEnd {
    /// docs/library.md's program of a user's own, built by `make test` as a package that depends on ours, run in tmux.
    @Suite("The library guide's own program") struct OwnProgramTests {
        static let binary = BadgebarBinary.packageRoot + "/Tests/Fixtures/OwnProgram/.build/debug/Unread"

        @Test("Its repeating command, a click, Ctrl-Z and fg, the window title and q, with no line of its own for them")
        func theProgramFromTheLibraryGuide() throws {
            guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
                Issue.record(
                    "\(Self.binary) is missing: make test builds it (swift build --package-path Tests/Fixtures/OwnProgram)"
                )
                return
            }
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("own-\(getpid())").path
            try FileManager.default.createDirectory(atPath: home + "/Maildir/new", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: home) }
            for name in ["a", "b", "c"] {
                #expect(FileManager.default.createFile(atPath: home + "/Maildir/new/" + name, contents: Data()))
            }
            let terminal = try TmuxTerminal(
                shell: ["bash", "--norc", "--noprofile", "-i"], columns: 60, rows: 10,
                environment: ["HOME=\(home)", "LANG=C.UTF-8"])
            defer { terminal.close() }
            try terminal.tmux(["set-option", "-g", "set-titles", "on"])
            try terminal.waitUntil("the shell's prompt") { $0.trimmed(row: 0) == "$" }
            try terminal.sendLiteral("'\(Self.binary)'")
            try terminal.sendKeys("Enter")
            // Its command ran: three new messages, on the badge and in the window's title.
            try terminal.waitUntil("the badge of three") {
                $0.words(row: 1) == ["3"] && $0.trimmed(row: 2).hasSuffix("]")
            }
            try terminal.waitUntil("the title with the total") { _ in
                try terminal.display("#{pane_title}") == "(3) Mail"
            }

            try terminal.sendKeys("Space")
            try terminal.waitUntil("Space adds one") { $0.words(row: 1) == ["4"] }

            try terminal.sendKeys("C-z")
            try terminal.waitUntil("the shell to report the job stopped") { $0.contains("Stopped") }
            try terminal.sendLiteral("fg")
            try terminal.sendKeys("Enter")
            try terminal.waitUntil("the badge again after fg") { $0.words(row: 1) == ["4"] }
            let back = try terminal.waitUntilStill()

            // A click on the button's icon clears it (the cells before the bracket are ASCII: offset is column).
            let row = try #require(back.lines.firstIndex { $0.contains("[ ") }, "\(back)")
            let bracket = try #require(back.lines[row].range(of: "[ ")).lowerBound.utf16Offset(in: back.lines[row])
            try terminal.clickSGR(column: bracket + 3, row: row + 1)
            try terminal.waitUntil("the click cleared it") { $0.words(row: 1).isEmpty }
            try terminal.waitUntil("the title without a total") { _ in try terminal.display("#{pane_title}") == "Mail" }

            try terminal.sendKeys("q")
            try terminal.waitUntil("the prompt after q") {
                $0.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix("$") == true
            }
        }
    }
}
