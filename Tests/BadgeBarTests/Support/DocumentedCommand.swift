import Foundation
import TestSupport

@testable import badgebar

/// A badgebar command as the documentation writes it: found in a shell block, split into words by a real shell,
/// then read by ``Options/parse(_:environment:table:)``.
enum DocumentedCommand {
    /// The badgebar commands of a shell block, backslash-newlines joined: on each line, from a `badgebar` word at
    /// its start (or after `|`, `;` or `&&`) to the end of that command (an unquoted `|`, `>`, `;` or `&`).
    static func commands(inShellBlock text: String) -> [String] {
        text.replacingOccurrences(of: "\\\n", with: "").split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /(?:^|\|\s*|;\s*|&&\s*)(badgebar .*)$/) else { return nil }
            return command(startingWith: String(match.1))
        }
    }

    /// The badgebar commands of every `sh` block of a document.
    static func commands(in document: MarkdownDocument) -> [String] {
        document.fencedBlocks("sh").flatMap { commands(inShellBlock: $0.text) }
    }

    /// A command line up to its first shell operator outside quotes.
    private static func command(startingWith line: String) -> String {
        var quote: Character?
        var end = line.endIndex
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if "|>;&".contains(character) {
                end = index
                break
            }
        }
        return line[..<end].trimmingCharacters(in: .whitespaces)
    }

    /// The words a shell gives badgebar for a command that starts with `badgebar `.
    ///
    /// - Parameters:
    ///   - command: The command, as written.
    ///   - assignments: Shell assignments made first, such as `HOME=/home/someone`.
    static func arguments(of command: String, assignments: String = "") throws -> [String] {
        let script =
            (assignments.isEmpty ? "" : assignments + "; ") + "printf '%s\\0' "
            + command.dropFirst("badgebar ".count)
        let words = try Command.run("sh", ["-c", script])
        guard words.status == 0 else { throw Failure(command: command, reason: words.standardError) }
        return words.standardOutput.split(separator: "\0").map(String.init)
    }

    /// What badgebar makes of a command, as a shell splits it.
    static func request(of command: String, assignments: String = "") throws -> Options.Request {
        try Options.parse(arguments(of: command, assignments: assignments))
    }

    /// A command a shell could not split.
    struct Failure: Error, CustomStringConvertible {
        var command: String
        var reason: String
        var description: String { "\(command): \(reason)" }
    }
}
