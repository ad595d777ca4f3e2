import Foundation

/// A Markdown file of the package as the documentation tests read it: its sections, tables, fenced blocks and
/// links.
///
/// The README, the guides in `docs/` and `CONTRIBUTING.md` are read through this one reader, so a test finds a
/// table or an example wherever the document keeps it, and a document that moves a section moves its test with it.
public struct MarkdownDocument: Sendable {
    /// A fenced block: the heading of the section it is in, its info string, and its text (each line ends in a
    /// newline; an indented fence's indentation is taken off its lines).
    public struct FencedBlock: Sendable, Equatable {
        /// The text of the nearest heading above the block, without its `#` marks.
        public var heading: String
        /// What follows the opening fence, such as `sh` or `swift`; empty for none.
        public var info: String
        /// The lines between the fences.
        public var text: String

        /// A block from its parts.
        public init(heading: String, info: String, text: String) {
            self.heading = heading
            self.info = info
            self.text = text
        }
    }

    /// A heading: its level (the number of `#` marks) and its text.
    public struct Heading: Sendable, Equatable {
        /// 1 for `#`, 2 for `##` and so on.
        public var level: Int
        /// The text after the marks.
        public var text: String
    }

    /// The package's root folder: this file is `<root>/Tests/TestSupport/MarkdownDocument.swift`.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The document's path relative to the package's root, or empty for text given directly.
    public let path: String
    /// The whole text.
    public let text: String

    /// Reads a document of the package.
    ///
    /// - Parameter path: The path relative to the package's root, such as `docs/status-board.md`.
    public init(_ path: String) throws {
        self.path = path
        text = try String(contentsOfFile: Self.packageRoot + "/" + path, encoding: .utf8)
    }

    /// A document from its text.
    public init(text: String, path: String = "") {
        self.path = path
        self.text = text
    }

    /// The lines of the text.
    public var lines: [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Each line and whether it is inside a fenced block (the fences count as inside).
    private var linesAndFencing: [(line: Substring, fenced: Bool)] {
        var open = false
        return lines.map { line in
            let isFence = line.drop { $0 == " " }.hasPrefix("```")
            defer { if isFence { open.toggle() } }
            return (line, open || isFence)
        }
    }

    /// The headings outside fenced blocks, in order.
    public var headings: [Heading] {
        linesAndFencing.compactMap { line, fenced in
            guard !fenced, line.hasPrefix("#") else { return nil }
            let marks = line.prefix { $0 == "#" }
            guard line.dropFirst(marks.count).hasPrefix(" ") else { return nil }
            return Heading(level: marks.count, text: String(line.dropFirst(marks.count + 1)))
        }
    }

    /// The text of the section under a heading, up to the next heading of the same level or a higher one.
    ///
    /// - Parameter heading: The heading's text, without its `#` marks.
    /// - Returns: The section's lines after the heading, or `nil` when no heading has that text.
    public func section(_ heading: String) -> String? {
        let all = linesAndFencing
        guard
            let start = all.firstIndex(where: { !$0.fenced && Self.heading(of: $0.line)?.text == heading }),
            let level = Self.heading(of: all[start].line)?.level
        else { return nil }
        let rest = all[(start + 1)...]
        let end =
            rest.firstIndex { !$0.fenced && (Self.heading(of: $0.line).map { $0.level <= level } ?? false) }
            ?? all.endIndex
        return all[(start + 1)..<end].map { String($0.line) }.joined(separator: "\n")
    }

    /// A line's heading, if it is one.
    private static func heading(of line: Substring) -> Heading? {
        let marks = line.prefix { $0 == "#" }
        guard !marks.isEmpty, line.dropFirst(marks.count).hasPrefix(" ") else { return nil }
        return Heading(level: marks.count, text: String(line.dropFirst(marks.count + 1)))
    }

    /// The fenced blocks, in order.
    public var fencedBlocks: [FencedBlock] {
        var blocks: [FencedBlock] = []
        var heading = ""
        var open: (block: FencedBlock, indent: Int)?
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            if var current = open {
                if trimmed == "```" {
                    blocks.append(current.block)
                    open = nil
                } else {
                    current.block.text += String(line.dropFirst(min(indent, current.indent))) + "\n"
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (FencedBlock(heading: heading, info: String(trimmed.dropFirst(3)), text: ""), indent)
            } else if let found = Self.heading(of: line) {
                heading = found.text
            }
        }
        return blocks
    }

    /// The fenced blocks with an info string, such as every `sh` block.
    public func fencedBlocks(_ info: String) -> [FencedBlock] {
        fencedBlocks.filter { $0.info == info }
    }

    /// The rows of the table whose header row is `header`, cells trimmed, backticks and escapes removed.
    ///
    /// - Parameter header: The header row as written, such as `| Key | Does |`.
    public func tableRows(under header: String) -> [[String]] {
        Self.tableRows(under: header, in: text)
    }

    /// The rows of the table whose header row is `header` in a Markdown text, cells trimmed, backticks and escapes
    /// removed; no rows when no line is that header.
    ///
    /// - Parameters:
    ///   - header: The header row as written, such as `| Key | Does |`.
    ///   - markdown: The document.
    public static func tableRows(under header: String, in markdown: String) -> [[String]] {
        rawTableRows(under: header, in: markdown).map { row in
            row.map { $0.replacingOccurrences(of: "`", with: "") }
        }
    }

    /// The rows of a table with each cell as written, trimmed, escaped bars made plain, backticks kept.
    public func rawTableRows(under header: String) -> [[String]] {
        Self.rawTableRows(under: header, in: text)
    }

    /// The rows of a table in a Markdown text, each cell as written, trimmed, escaped bars made plain.
    private static func rawTableRows(under header: String, in markdown: String) -> [[String]] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: header) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            // Split at bars that are not escaped, then drop the empty cells outside the outer bars.
            let marked = line.replacingOccurrences(of: "\\|", with: "\u{0}")
            return marked.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { cell in
                cell.replacingOccurrences(of: "\u{0}", with: "|").trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The code spans of a line of Markdown, in order, without their backticks.
    public static func codeSpans(in text: String) -> [String] {
        text.matches(of: /`([^`]+)`/).map { String($0.1) }
    }

    /// The targets of the links and images outside fenced blocks and code spans, as written.
    public var linkTargets: [String] {
        linesAndFencing.filter { !$0.fenced }.flatMap { line, _ in
            line.replacing(/`[^`]*`/, with: "").matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }
        }
    }

    /// The anchors GitHub gives the headings: lower case, spaces as hyphens, other punctuation dropped, and `-1`,
    /// `-2` after a repeated one.
    public var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for heading in headings {
            let base = Self.anchor(of: heading.text)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return anchors
    }

    /// The anchor GitHub gives a heading's text.
    public static func anchor(of heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                if character == "-" || character == "_" || character.isLetter || character.isNumber { return character }
                return nil
            })
    }
}
