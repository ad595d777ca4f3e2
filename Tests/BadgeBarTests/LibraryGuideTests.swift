import TestSupport
import Testing

/// `docs/library.md`: its program is the one `make test` builds and runs, and its test on the scripted terminal is
/// the one that program's package runs, as written.
@Suite struct LibraryGuideTests {
    let guide: MarkdownDocument

    init() throws {
        guide = try MarkdownDocument("docs/library.md")
    }

    @Test func theOwnProgramIsTheFixtureMakeTestBuilds() throws {
        let section = MarkdownDocument(text: try #require(guide.section("A program of your own")))
        let blocks = section.fencedBlocks("swift")
        #expect(blocks.count == 1)
        let fixture = try PackageFiles.text(of: "Tests/Fixtures/OwnProgram/Sources/Unread/main.swift")
        #expect(blocks.first?.text == fixture)
        let makefile = try PackageFiles.text(of: "Makefile")
        #expect(makefile.contains("build --package-path Tests/Fixtures/OwnProgram"), "make test builds it")
        #expect(makefile.contains("test --package-path Tests/Fixtures/OwnProgram"), "and runs its test")
    }

    @Test func theScriptedTerminalExampleIsTheFixturesTest() throws {
        let test = try PackageFiles.text(of: "Tests/Fixtures/OwnProgram/Tests/UnreadTests/UnreadTests.swift")
        let marker = "// From docs/library.md, as written there:\n"
        let body = try #require(test.range(of: marker).map { test[$0.upperBound...] })
        let testLines = body.split(separator: "\n").prefix { $0 != "}" }.map { $0.dropFirst(4) }
        let section = MarkdownDocument(text: try #require(guide.section("Testing a program on a scripted terminal")))
        let code = try #require(section.fencedBlocks("swift").first).text
        #expect(code.split(separator: "\n").map(Substring.init) == testLines.map(Substring.init))
    }
}
