import Testing

/// The DocC articles show code that compiles and runs: every Swift block is whole lines of a file of
/// `Tests/Fixtures/OwnProgram`, the package of a program of one's own that `make test` builds and tests, and
/// each article ends with the whole file.
@Suite struct DocumentationTests {
    static let fixture = "Tests/Fixtures/OwnProgram/"

    @Test func gettingStartedIsTheFixturesProgram() throws {
        try expectBlocks(
            of: "Sources/BadgeKit/BadgeKit.docc/GettingStarted.md",
            wholeFile: Self.fixture + "Sources/Unread/main.swift",
            partsOf: [Self.fixture + "Package.swift"])
    }

    @Test func testingAProgramIsTheFixturesTest() throws {
        try expectBlocks(
            of: "Sources/BadgeTerminal/BadgeTerminal.docc/TestingAProgram.md",
            wholeFile: Self.fixture + "Tests/UnreadTests/UnreadScriptTests.swift")
    }

    @Test func makeTestBuildsTheFixtureAndChecksTheDocumentation() throws {
        let makefile = try PackageFiles.text(of: "Makefile")
        let test = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("test:") })
        #expect(test.contains("docs-check"), "make test fails on a DocC warning")
        #expect(makefile.contains("build --package-path Tests/Fixtures/OwnProgram"))
        #expect(makefile.contains("test --package-path Tests/Fixtures/OwnProgram"))
    }

    @Test func swiftBlocksAreReadWhole() {
        let markdown = "Text\n\n```swift\nlet a = 1\n\nlet b = 2\n```\n\n```text\nnot Swift\n```\n```swift\nc()\n```\n"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1\n\nlet b = 2\n", "c()\n"])
        #expect(Self.isWholeLines("    let b = 2\n", of: "let a = 1\n    let b = 2\n"))
        #expect(!Self.isWholeLines("b = 2\n", of: "let a = 1\nlet b = 2\n"), "a block starts at a line's start")
    }

    /// Expects each Swift block of an article to be whole lines of one of the files, and its last block the
    /// whole of `wholeFile`.
    func expectBlocks(of article: String, wholeFile: String, partsOf others: [String] = []) throws {
        let blocks = Self.swiftBlocks(in: try PackageFiles.text(of: article))
        let whole = try PackageFiles.text(of: wholeFile)
        let files = [whole] + (try others.map(PackageFiles.text(of:)))
        #expect(blocks.last == whole, "\(article) ends with the whole of \(wholeFile)")
        for block in blocks.dropLast() {
            #expect(files.contains { Self.isWholeLines(block, of: $0) }, "in \(article), not in the fixture:\n\(block)")
        }
    }

    /// The code of each ```swift block, each line with its line end.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = "" }
            } else if line == "```" {
                blocks.append(current ?? "")
                current = nil
            } else {
                current? += line + "\n"
            }
        }
        return blocks
    }

    /// Whether `block` is a run of whole lines of `file`.
    static func isWholeLines(_ block: String, of file: String) -> Bool {
        !block.isEmpty && ("\n" + file).contains("\n" + block)
    }
}
