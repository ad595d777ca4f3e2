import Foundation
import TestSupport
import Testing

@testable import badgebar

/// `docs/configuration.md`: its files are the same boards as the status board's recipes, and what it says waits for
/// the next start is what the code keeps.
@Suite struct ConfigurationGuideTests {
    let guide: MarkdownDocument

    init() throws {
        guide = try MarkdownDocument("docs/configuration.md")
    }

    /// The `ini` blocks of "The three recipes as files".
    func files() throws -> [String] {
        let section = MarkdownDocument(text: try #require(guide.section("The three recipes as files")))
        return section.fencedBlocks("ini").map(\.text)
    }

    @Test func theRecipesAsFilesAreTheSameBoardsAsTheirCommandLines() throws {
        let recipes = try StatusBoardGuideTests.recipes()
        let files = try files()
        #expect(files.count == 3 && files.count == recipes.count)
        let home = ProcessInfo.processInfo.environment["HOME"]
        for (recipe, text) in zip(recipes, files) {
            guard case .run(let expected) = try DocumentedCommand.request(of: recipe) else {
                Issue.record("\(recipe) does not run the board")
                continue
            }
            let file = try ConfigurationFile.parse(text, path: "/home/me/.config/badgebar/recipe.conf")
            guard case .run(let options) = try Options.parse([], environment: { $0 == "HOME" ? home : nil }, file: file)
            else {
                Issue.record("\(text) does not run the board")
                continue
            }
            #expect(options == expected, "\(text)")
            // And --print-config of the command line gives a file of the same board.
            let printed = try ConfigurationFile.text(describing: expected, workingDirectory: "/")
            guard
                case .run(let reprinted) = try Options.parse(
                    [], environment: { _ in nil }, file: ConfigurationFile.parse(printed, path: "printed.conf"))
            else { continue }
            #expect(reprinted == expected, "\(printed)")
        }
    }

    @Test func whatWaitsForTheNextStartIsListedAsTheCodeKeepsIt() throws {
        let text = guide.text.replacingOccurrences(of: "\n", with: " ")
        let start = try #require(text.range(of: "What is set up once ("))
        let list = text[start.upperBound...].prefix { $0 != ")" }
        let keys = list.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
        }
        #expect(keys == Options().keysWaitingForStartNames)
    }

    /// The example of `--print-config` prints a file of the board its command line describes.
    @Test func thePrintConfigExampleIsACommandThatPrintsTheBoard() throws {
        let section = MarkdownDocument(text: try #require(guide.section("The file and the command line")))
        let commands = DocumentedCommand.commands(in: section)
        #expect(commands.count == 1)
        for command in commands {
            #expect(command.hasSuffix(" --print-config"), "\(command)")
            guard case .run(let options) = try DocumentedCommand.request(of: command) else {
                Issue.record("\(command) does not read the board")
                continue
            }
            #expect(options.printsConfig && !options.folderSources.isEmpty, "\(command)")
        }
    }
}
