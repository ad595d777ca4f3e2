import Foundation
import Testing

@testable import badgebar

/// The recipes of "Use it every day" are commands a shell reads as written, whose options badgebar takes.
@Suite struct ReadmeRecipeTests {
    /// The `sh` blocks of the section that run badgebar, backslash-newlines joined.
    static func recipes() throws -> [String] {
        let readme = try PackageFiles.text(of: "README.md")
        let start = try #require(readme.range(of: "## Use it every day\n"))
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```sh\n").dropFirst().compactMap { block in
            let command = block.components(separatedBy: "\n```")[0].replacingOccurrences(of: "\\\n", with: "")
            return command.hasPrefix("badgebar ") ? command : nil
        }
    }

    @Test func threeRecipesEachParsedByAShellThenByTheOptions() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count == 3)
        for recipe in recipes {
            // The shell splits the words as a user's would; printf gives them back one per NUL.
            let words = try Command.run("sh", ["-c", "printf '%s\\0' " + recipe.dropFirst("badgebar ".count)])
            #expect(words.status == 0, "\(recipe)")
            let arguments = words.standardOutput.split(separator: "\0").map(String.init)
            guard case .run(let options) = try Options.parse(arguments) else {
                Issue.record("\(recipe) does not run the board")
                continue
            }
            #expect(!options.watches.isEmpty && !options.openCommands.isEmpty, "\(recipe)")
        }
    }
}
