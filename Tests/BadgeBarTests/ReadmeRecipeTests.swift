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

    /// The `ini` blocks of "A board in a file".
    static func files() throws -> [String] {
        let readme = try PackageFiles.text(of: "README.md")
        let start = try #require(readme.range(of: "## A board in a file\n"))
        let section = readme[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].components(separatedBy: "```ini\n").dropFirst().map {
            $0.components(separatedBy: "\n```")[0] + "\n"
        }
    }

    @Test func theRecipesAsFilesAreTheSameBoardsAsTheirCommandLines() throws {
        let recipes = try Self.recipes()
        let files = try Self.files()
        #expect(files.count == recipes.count)
        let home = ProcessInfo.processInfo.environment["HOME"]
        for (recipe, text) in zip(recipes, files) {
            let words = try Command.run("sh", ["-c", "printf '%s\\0' " + recipe.dropFirst("badgebar ".count)])
            let arguments = words.standardOutput.split(separator: "\0").map(String.init)
            guard case .run(let expected) = try Options.parse(arguments) else {
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
        let readme = try PackageFiles.text(of: "README.md").replacingOccurrences(of: "\n  ", with: " ")
        let start = try #require(readme.range(of: "What is set up once ("))
        let list = readme[start.upperBound...].prefix { $0 != ")" }
        let keys = list.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
        }
        #expect(keys == Options().keysWaitingForStartNames)
    }
}
