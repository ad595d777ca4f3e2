import BadgeKit
import Testing

@testable import badgebar

/// The README's tables say what the code's tables say, row for row (backticks aside).
@Suite struct ReadmeTests {
    let readme: String

    init() throws {
        readme = try PackageFiles.text(of: "README.md")
    }

    @Test func theKeyTableIsTheKeyBindingTable() {
        let rows = PackageFiles.tableRows(under: "| Key | Does |", in: readme)
        #expect(rows == BadgeBoard.keyBindings.map { [$0.keys(buttonCount: 9), $0.longHelp] })
    }

    @Test func theFlagTableIsTheOptionTable() {
        let rows = PackageFiles.tableRows(under: "| Flag | Meaning |", in: readme)
        #expect(rows == Options.table.map { [$0.synopsis, $0.help] })
    }

    @Test func theExitStatusTableIsTheList() {
        let rows = PackageFiles.tableRows(under: "| Status | When |", in: readme)
        #expect(rows == ExitStatus.documented.map { [$0.documentedCode, $0.meaning] })
    }

    @Test func tablesAreReadCellByCell() {
        let markdown = "text\n| A | B |\n| --- | --- |\n| `x`, y | a \\| b |\n| 2 | `c` |\n\nafter | z |"
        #expect(PackageFiles.tableRows(under: "| A | B |", in: markdown) == [["x, y", "a | b"], ["2", "c"]])
        #expect(PackageFiles.tableRows(under: "| C |", in: markdown) == [])
    }

    @Test func theOwnProgramExampleIsTheFixtureMakeTestBuilds() throws {
        let fixture = try PackageFiles.text(of: "Tests/Fixtures/OwnProgram/Sources/Unread/main.swift")
        let marker = "A program of your own, whole"
        let section = try #require(readme.range(of: marker).map { readme[$0.upperBound...] })
        let block = try #require(section.range(of: "```swift\n").map { section[$0.upperBound...] })
        let code = try #require(block.range(of: "```").map { String(block[..<$0.lowerBound]) })
        #expect(code == fixture)
        let makefile = try PackageFiles.text(of: "Makefile")
        #expect(makefile.contains("build --package-path Tests/Fixtures/OwnProgram"), "make test builds it")
        #expect(makefile.contains("test --package-path Tests/Fixtures/OwnProgram"), "and runs its test")
    }

    @Test func theScriptedTerminalExampleIsTheFixturesTest() throws {
        let test = try PackageFiles.text(of: "Tests/Fixtures/OwnProgram/Tests/UnreadTests/UnreadTests.swift")
        let marker = "// From the README, as written there:\n"
        let body = try #require(test.range(of: marker).map { test[$0.upperBound...] })
        let testLines = body.split(separator: "\n").prefix { $0 != "}" }.map { $0.dropFirst(4) }
        let section = try #require(readme.range(of: "are tested in process.").map { readme[$0.upperBound...] })
        let block = try #require(section.range(of: "```swift\n").map { section[$0.upperBound...] })
        let code = try #require(block.range(of: "```").map { String(block[..<$0.lowerBound]) })
        #expect(code.split(separator: "\n").map(Substring.init) == testLines.map(Substring.init))
    }

    @Test func theTwoCommandsAndTheInstallSection() {
        #expect(readme.contains("make run     #") && readme.contains("make test    #"))
        #expect(readme.contains("## Install") && readme.contains("sudo make install"))
    }
}
