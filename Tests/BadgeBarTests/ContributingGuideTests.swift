import Foundation
import TestSupport
import Testing

/// `CONTRIBUTING.md`: its layout of the code names every folder there is and nothing that is not, its picture
/// names every target and front end, and the files, tests and make targets it names exist.
@Suite struct ContributingGuideTests {
    let guide: MarkdownDocument

    init() throws {
        guide = try MarkdownDocument("CONTRIBUTING.md")
    }

    /// The paths the layout names: each top line's path, and the folders and files its indented lines list under it.
    func layoutPaths() throws -> [String] {
        let section = MarkdownDocument(text: try #require(guide.section("The layout of the code")))
        let layout = try #require(section.fencedBlocks("").first).text
        var paths: [String] = []
        var parent = ""
        for line in layout.split(separator: "\n") {
            if let top = line.firstMatch(of: /^(\S+)(?:\s|$)/) {
                parent = String(top.1)
                paths.append(parent)
            } else if let listed = line.firstMatch(of: /^  (\S+(?: \S+)*)\s{2,}/) {
                paths += listed.1.split(separator: " ").map { parent + $0 }
            }
        }
        return paths
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: MarkdownDocument.packageRoot + "/" + path, isDirectory: &directory)
            && directory.boolValue
    }

    static func subfolders(of path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: MarkdownDocument.packageRoot + "/" + path)
            .filter { isDirectory(path + "/" + $0) }.sorted()
    }

    @Test func everyPathTheLayoutNamesExists() throws {
        let paths = try layoutPaths()
        #expect(paths.count >= 40)
        for path in paths {
            #expect(
                FileManager.default.fileExists(atPath: MarkdownDocument.packageRoot + "/" + path), "\(path) exists")
        }
    }

    @Test func theLayoutNamesEveryFolderOfTheSourcesAndTests() throws {
        let paths = Set(try layoutPaths().map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        var folders = try Self.subfolders(of: "Sources").map { "Sources/" + $0 }
        folders += try Self.subfolders(of: "Tests").map { "Tests/" + $0 }
        for target in ["Sources/BadgeKit", "Sources/BadgeTerminal", "Sources/badgebar"] {
            folders += try Self.subfolders(of: target).map { target + "/" + $0 }
        }
        for folder in folders {
            #expect(paths.contains(folder), "\(folder) is in the layout")
        }
        for top in ["Plugins", "Benchmarks", "Tools", "docs", "api"] {
            #expect(paths.contains(top), "\(top) is in the layout")
        }
    }

    @Test func theLayoutNamesEveryTool() throws {
        let layout = try #require(guide.section("The layout of the code"))
        for tool in try FileManager.default.contentsOfDirectory(atPath: MarkdownDocument.packageRoot + "/Tools") {
            #expect(layout.contains(tool), "Tools/\(tool) is described")
        }
    }

    /// The picture names the four targets, the host and every view (each `…View.swift`).
    @Test func thePictureNamesEveryTargetAndFrontEnd() throws {
        let section = MarkdownDocument(text: try #require(guide.section("The architecture")))
        let picture = try #require(section.fencedBlocks("").first).text
        let frontEnds = try FileManager.default.contentsOfDirectory(
            atPath: MarkdownDocument.packageRoot + "/Sources/badgebar"
        ).filter { $0.hasSuffix("View.swift") }.map { String($0.dropLast(".swift".count)) }
        #expect(frontEnds.count == 3, "\(frontEnds)")
        let names = [
            "BadgeKit", "BadgeTerminal", "badgebar", "CNCursesW", "BoardEngine", "ProgramRunner", "BoardProgram",
        ]
        for name in frontEnds + names + ["FullScreenView"] {
            #expect(picture.contains(name), "\(name) in the picture")
        }
        let widths = Set(picture.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("┌") }.map(\.count))
        #expect(widths.count == 1, "every box line is as wide: \(widths)")
    }

    /// Every path in a code span (`Sources/…`, `Tests/…`, `Tools/…`) exists, every test suite named (`…Tests`) is
    /// one, and every `make` target named is the Makefile's.
    @Test func theFilesSuitesAndMakeTargetsItNamesExist() throws {
        let spans = MarkdownDocument.codeSpans(in: guide.text) + guide.fencedBlocks("sh").map(\.text)
        let root = MarkdownDocument.packageRoot
        let pathPattern = /(?:Sources|Tests|Tools|Benchmarks|docs|api)\/[\w.\/+*-]*[\w\/]/
        for path in spans.flatMap({ $0.matches(of: pathPattern) }).map({ String($0.0) }) where !path.contains("*") {
            #expect(FileManager.default.fileExists(atPath: root + "/" + path), "\(path) exists")
        }
        let sources = try FileManager.default.subpathsOfDirectory(atPath: root + "/Tests")
            .filter { $0.hasSuffix(".swift") }
        let tests = try sources.map { try String(contentsOfFile: root + "/Tests/" + $0, encoding: .utf8) }.joined()
        for suite in Set(spans.filter({ $0.wholeMatch(of: /[A-Z]\w+Tests/) != nil })) {
            #expect(
                tests.contains("struct \(suite) ") || Self.isDirectory("Tests/" + suite),
                "\(suite) is a suite or a target")
        }
        let makefile = try PackageFiles.text(of: "Makefile")
        for target in Set(spans.flatMap { $0.matches(of: /make ([a-z][\w-]*)/).map { String($0.1) } }) {
            #expect(makefile.contains("\n\(target):"), "make \(target) is a target of the Makefile")
        }
    }
}
