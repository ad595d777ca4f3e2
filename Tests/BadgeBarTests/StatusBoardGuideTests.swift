import BadgeKit
import Foundation
import TestSupport
import Testing

@testable import badgebar

/// `docs/status-board.md`: its three recipes are commands a shell reads as written and whose options badgebar
/// takes, and its lists of symbols and colours are the code's.
@Suite struct StatusBoardGuideTests {
    /// The badgebar commands of the `sh` blocks of "Three recipes", backslash-newlines joined.
    static func recipes() throws -> [String] {
        let guide = try MarkdownDocument("docs/status-board.md")
        let section = MarkdownDocument(text: try #require(guide.section("Three recipes")))
        return DocumentedCommand.commands(in: section)
    }

    @Test func threeRecipesEachParsedByAShellThenByTheOptions() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count == 3)
        for recipe in recipes {
            guard case .run(let options) = try DocumentedCommand.request(of: recipe) else {
                Issue.record("\(recipe) does not run the board")
                continue
            }
            // Each is fed (a watch, or a folder badgebar counts itself) and opens something.
            #expect(
                (!options.watches.isEmpty || !options.folderSources.isEmpty) && !options.openCommands.isEmpty,
                "\(recipe)")
        }
    }

    @Test func theSymbolsAreTheSymbolTable() throws {
        let guide = try MarkdownDocument("docs/status-board.md").text.replacingOccurrences(of: "\n", with: " ")
        let start = try #require(guide.range(of: "Symbols: "))
        let list = guide[start.upperBound...].prefix { $0 != ";" }.components(separatedBy: ". Colours")[0]
        #expect(MarkdownDocument.codeSpans(in: list) == SymbolTable.all.map(\.name))
    }

    @Test func theColoursAreTheNamedColours() throws {
        let guide = try MarkdownDocument("docs/status-board.md").text.replacingOccurrences(of: "\n", with: " ")
        let start = try #require(guide.range(of: "Colours: SwiftUI's names ("))
        let list = guide[start.upperBound...].prefix { $0 != ")" }
        #expect(MarkdownDocument.codeSpans(in: String(list)) == RGBColor.named.map(\.name))
    }
}
