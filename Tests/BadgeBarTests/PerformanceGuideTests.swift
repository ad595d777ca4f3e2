import Foundation
import TestSupport
import Testing

/// `docs/performance.md`: its tables are `make bench`'s, row for row in the shapes `Benchmarks/bench.py` prints,
/// and every figure with a target met it.
@Suite struct PerformanceGuideTests {
    /// A row of a table `bench.py` prints: figure, value, target and result.
    struct Row {
        var figure: String
        var value: String
        var target: String
        var result: String
    }

    /// The rows of every table in the guide's fenced blocks, cut at the columns the line of dashes marks.
    static func rows() throws -> [[Row]] {
        let guide = try MarkdownDocument("docs/performance.md")
        return guide.fencedBlocks("").map { block in
            let lines = block.text.split(separator: "\n").map(String.init)
            // A table with its header has a line of dashes second; the soak's rows come without one.
            let dashes = lines.first { $0.hasPrefix("---") }
            let widths: [Int]
            if let dashes {
                widths = dashes.split(separator: " ", omittingEmptySubsequences: true).map(\.count)
            } else {
                widths = []
            }
            return lines.filter { !$0.hasPrefix("---") && !$0.hasPrefix("figure ") }.map { line in
                if widths.isEmpty {
                    let cells = line.split(separator: /\s{2,}/).map(String.init)
                    return Row(
                        figure: cells[0], value: cells.count > 1 ? cells[1] : "",
                        target: cells.count > 2 ? cells[2] : "",
                        result: cells.count > 3 ? cells[3] : "")
                }
                var cells: [String] = []
                var start = line.startIndex
                for width in widths {
                    let end = line.index(start, offsetBy: width, limitedBy: line.endIndex) ?? line.endIndex
                    cells.append(line[start..<end].trimmingCharacters(in: .whitespaces))
                    start = line.index(end, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
                }
                return Row(figure: cells[0], value: cells[1], target: cells[2], result: cells[3])
            }
        }
    }

    /// The strings of `bench.py` as patterns: each `%` directive stands for any text, and at least three characters
    /// are not one.
    static func benchPatterns() throws -> [Regex<AnyRegexOutput>] {
        let bench = try PackageFiles.text(of: "Benchmarks/bench.py")
        return bench.matches(of: /"((?:[^"\\\n]|\\.)*)"/).compactMap { match in
            let escaped = NSRegularExpression.escapedPattern(for: String(match.1))
            let pattern = escaped.replacing(/%(?:\\?[-+ #0])*\d*(?:\\\.\d+)?[dfsx]/, with: ".+")
                .replacingOccurrences(of: "%%", with: "%")
            // A string that is all directives (`%02x%02x%02x`) would match any figure.
            guard pattern.replacingOccurrences(of: ".+", with: "").count >= 3 else { return nil }
            return try? Regex("^" + pattern + "$")
        }
    }

    @Test func theFiguresAreTheBenchsRowsAndEveryTargetWasMet() throws {
        let tables = try Self.rows()
        #expect(tables.count == 2, "make bench's table and make bench-soak's")
        #expect(tables.map(\.count).reduce(0, +) >= 40)
        let patterns = try Self.benchPatterns()
        let bench = try PackageFiles.text(of: "Benchmarks/bench.py")
        for row in tables.joined() {
            #expect(
                patterns.contains { row.figure.wholeMatch(of: $0) != nil }, "\(row.figure) is a figure bench.py names")
            if !row.target.isEmpty {
                #expect(
                    bench.contains("\"\(row.target)\"") || patterns.contains { row.target.wholeMatch(of: $0) != nil },
                    "\(row.figure): \(row.target)")
            }
            #expect(["PASS", ""].contains(row.result), "\(row.figure): \(row.result)")
            #expect(row.target.isEmpty == row.result.isEmpty, "\(row.figure): a target has a result")
        }
    }
}
