import BadgeKit
import Foundation
import TestSupport
import Testing

@testable import badgebar

/// `docs/status-bars.md` shows the recipes the end-to-end tests run in the real bars, as written, and every
/// badgebar command in it is one a shell and then badgebar take.
@Suite struct StatusBarGuideTests {
    /// Each bar's heading in the guide, the recipe of `Tests/Fixtures/StatusBarRecipes` its section shows, and
    /// what that recipe's badgebar prints.
    static let bars: [(heading: String, recipe: String, presentation: Options.Presentation)] = [
        ("i3bar", "i3bar.conf", .stream(.i3bar)), ("swaybar", "swaybar.conf", .stream(.i3bar)),
        ("Waybar", "waybar.jsonc", .stream(.waybar)), ("polybar", "polybar.conf", .stream(.polybar)),
        ("i3blocks", "i3blocks.conf", .stream(.i3blocks)), ("tmux", "tmux.conf", .once(.tmux)),
    ]

    /// What the shell that runs the commands has in `XDG_RUNTIME_DIR` and `HOME`.
    static let runtimeFolder = "/run/user/1000"
    static let home = "/home/someone"

    /// A fenced block of the guide: the heading of the `## ` section it is in, its info string, its text.
    struct Block {
        var heading: String
        var info: String
        var text: String
    }

    /// A badgebar command of the guide, as a shell gives it its arguments, parsed.
    struct Invocation {
        var heading: String
        var command: String
        var options: Options
        var presentation: Options.Presentation
    }

    let guide: String

    init() throws {
        guide = try PackageFiles.text(of: "docs/status-bars.md")
    }

    /// The fenced blocks, in order.
    func blocks() -> [Block] {
        var blocks: [Block] = []
        var heading = ""
        var open: Block?
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if var block = open {
                if line == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.text += line + "\n"
                    open = block
                }
            } else if line.hasPrefix("```") {
                open = Block(heading: heading, info: String(line.dropFirst(3)), text: "")
            } else if line.hasPrefix("## ") {
                heading = String(line.dropFirst(3))
            }
        }
        return blocks
    }

    /// The text of the `## ` section with this heading, up to the next one.
    func section(_ heading: String) -> Substring? {
        guard let start = guide.range(of: "\n## \(heading)\n") else { return nil }
        let rest = guide[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    @Test func eachBarsSectionShowsItsRecipeWithTheDocumentedNames() throws {
        for bar in Self.bars {
            let text = try #require(section(bar.heading), "a section ## \(bar.heading)")
            let marker = try #require(
                text.range(of: "<!-- recipe: \(bar.recipe) -->\n```"), "\(bar.recipe) marked in ## \(bar.heading)")
            let fenced = text[marker.upperBound...].drop { $0 != "\n" }.dropFirst()
            let end = try #require(fenced.range(of: "```\n"), "the block of \(bar.recipe) ends")
            let recipe = try PackageFiles.text(of: "Tests/Fixtures/StatusBarRecipes/" + bar.recipe)
            #expect(String(fenced[..<end.lowerBound]) == DocumentedRecipe.text(of: recipe), "## \(bar.heading)")
        }
        let markers = guide.matches(of: /<!-- recipe: (\S+) -->/).map { String($0.1) }
        #expect(markers.sorted() == Self.bars.map(\.recipe).sorted(), "each recipe is shown once")
    }

    /// The badgebar commands of the fenced blocks: in JSON, the strings that are one; in tmux's `#()`, what is
    /// inside, each `%%` a `%` again; elsewhere, a line from `badgebar --` on (backslash-newlines joined).
    func commands() -> [(heading: String, command: String)] {
        blocks().flatMap { block -> [(heading: String, command: String)] in
            if block.info == "json" || block.info == "jsonc" {
                let object = try? JSONSerialization.jsonObject(with: Data(block.text.utf8))
                return Self.strings(in: object as Any).filter { $0.hasPrefix("badgebar --") }
                    .map { (block.heading, $0) }
            }
            return block.text.replacingOccurrences(of: "\\\n", with: "").split(separator: "\n").compactMap { line in
                if let start = line.range(of: "#("), let end = line.range(of: ")", options: .backwards) {
                    let inside = String(line[start.upperBound..<end.lowerBound])
                    return inside.hasPrefix("badgebar --")
                        ? (block.heading, inside.replacingOccurrences(of: "%%", with: "%")) : nil
                }
                guard let match = line.firstMatch(of: /(?:^|[\s=])(badgebar --.*)$/) else { return nil }
                return (block.heading, String(match.1))
            }
        }
    }

    /// Every string in a value read from JSON.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings(in:))
        case let object as [String: Any]: object.values.flatMap(strings(in:))
        default: []
        }
    }

    /// The guide's commands, each split into words by the shell a bar runs it with, then parsed.
    func invocations() throws -> [Invocation] {
        try commands().compactMap { heading, command in
            let words = try Command.run(
                "sh",
                [
                    "-c",
                    "XDG_RUNTIME_DIR=\(Self.runtimeFolder) HOME=\(Self.home); printf '%s\\0' "
                        + command.dropFirst("badgebar ".count),
                ])
            #expect(words.status == 0, "\(command): \(words.standardError)")
            let arguments = words.standardOutput.split(separator: "\0").map(String.init)
            let request: Options.Request
            do {
                request = try Options.parse(arguments)
            } catch {
                Issue.record("\(command): \(error)")
                return nil
            }
            guard case .run(let options) = request else {
                Issue.record("\(command) does not run badgebar")
                return nil
            }
            return Invocation(
                heading: heading, command: command, options: options,
                presentation: options.presentation(environment: { _ in nil }, standardOutputIsTerminal: false))
        }
    }

    @Test func everyBadgebarCommandIsOneBadgebarTakes() throws {
        let invocations = try invocations()
        #expect(invocations.count >= 10, "\(invocations.map(\.command))")
        let counts = Self.runtimeFolder + "/badgebar-counts"
        let control = Self.runtimeFolder + "/badgebar-control"
        for bar in Self.bars {
            let shown = invocations.filter { $0.heading == bar.heading }
            let running = shown.filter {
                if case .send = $0.presentation { return false }
                return true
            }
            #expect(!running.isEmpty, "## \(bar.heading) runs badgebar")
            for invocation in running {
                #expect(invocation.presentation == bar.presentation, "\(invocation.command)")
            }
            // A press in a bar's section names a button of that bar's badgebar.
            let titles = Set(running.flatMap { $0.options.buttons.map(\.title) })
            for invocation in shown {
                if case .send(let line, _) = invocation.presentation, line.hasPrefix("press ") {
                    #expect(titles.contains(String(line.dropFirst("press ".count))), "\(invocation.command)")
                }
            }
        }
        // One FIFO for counts and one control path on the whole page, as the shell expands them.
        for invocation in invocations {
            switch invocation.presentation {
            case .send(let line, let path):
                #expect(path == control && (line == "refresh" || line.hasPrefix("press ")), "\(invocation.command)")
            case .once:
                #expect(
                    [nil, Self.home + "/.cache/badgebar-counts"].contains(invocation.options.countsPath),
                    "\(invocation.command)")
            default:
                #expect([nil, counts].contains(invocation.options.countsPath), "\(invocation.command)")
                #expect([nil, control].contains(invocation.options.controlPath), "\(invocation.command)")
            }
        }
    }

    /// "Every form": a row for each `--format`, in the code's order, and each piece of its example (the text
    /// between the `…` that stand for the rest) in the golden file of its form, which the code's output is.
    @Test func everyFormsExampleIsInItsGoldenFile() throws {
        let rows = MarkdownDocument(text: guide).rawTableRows(under: "| Format | Prints |")
        #expect(rows.map { $0[0] } == StatusBarFormat.allCases.map { "`\($0.rawValue)`" })
        for row in rows {
            let name = row[0].replacingOccurrences(of: "`", with: "")
            let example = try #require(MarkdownDocument.codeSpans(in: row[1]).first { $0.contains("💬") }, "\(name)")
            let golden = try PackageFiles.text(of: "Tests/Golden/once/\(name).txt")
            for piece in example.components(separatedBy: "…") where !piece.isEmpty {
                #expect(golden.contains(piece), "\(name): \(piece)")
            }
        }
    }
}
