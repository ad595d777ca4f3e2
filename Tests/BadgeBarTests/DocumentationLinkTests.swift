import Foundation
import TestSupport
import Testing

/// The README, the guides and `CONTRIBUTING.md` hold together: every guide is linked from the README and from the
/// guides' index, and every relative link leads to a file that exists, and to a heading it has.
@Suite struct DocumentationLinkTests {
    /// Every Markdown document of the package's documentation, as paths from the root.
    static func documents() throws -> [String] {
        ["README.md", "CONTRIBUTING.md", "docs/README.md"] + (try guides())
    }

    /// A path relative to a document's folder as a path from the root, `..` and `.` resolved.
    static func resolve(_ target: String, from document: String) -> String {
        var parts = document.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The guides: every `.md` file in `docs/` but its index.
    static func guides() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: MarkdownDocument.packageRoot + "/docs")
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted().map { "docs/" + $0 }
    }

    @Test func everyGuideIsLinkedFromTheReadmeAndTheIndex() throws {
        let guides = try Self.guides()
        #expect(guides.count >= 10, "\(guides)")
        let readme = try MarkdownDocument("README.md").linkTargets
        let index = try MarkdownDocument("docs/README.md").linkTargets
        for guide in guides {
            #expect(readme.contains(guide), "README.md links to \(guide)")
            #expect(index.contains(String(guide.dropFirst("docs/".count))), "docs/README.md links to \(guide)")
        }
        #expect(readme.contains("docs/README.md") && readme.contains("CONTRIBUTING.md"))
    }

    @Test func everyRelativeLinkLeadsToAFileAndItsHeading() throws {
        var checked = 0
        for path in try Self.documents() {
            let document = try MarkdownDocument(path)
            for target in document.linkTargets where !target.contains("://") && !target.hasPrefix("mailto:") {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0])
                let resolved = file.isEmpty ? path : Self.resolve(file, from: path)
                #expect(
                    FileManager.default.fileExists(atPath: MarkdownDocument.packageRoot + "/" + resolved),
                    "\(path): \(target) leads to \(resolved)")
                guard parts.count == 2 else { continue }
                let anchors = try MarkdownDocument(resolved).anchors
                #expect(anchors.contains(String(parts[1])), "\(path): \(target) names a heading of \(resolved)")
            }
        }
        #expect(checked >= 50)
    }
}
