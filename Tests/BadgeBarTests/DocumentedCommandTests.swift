import TestSupport
import Testing

@testable import badgebar

/// Every badgebar command in a shell block of the README, the guides or `CONTRIBUTING.md` is one a shell splits as
/// written and badgebar then takes.
@Suite struct DocumentedCommandTests {
    @Test func everyCommandInAShellBlockParses() throws {
        var count = 0
        for path in try DocumentationLinkTests.documents() {
            for command in DocumentedCommand.commands(in: try MarkdownDocument(path)) {
                count += 1
                do {
                    _ = try DocumentedCommand.request(of: command)
                } catch {
                    Issue.record("\(path): \(command): \(error)")
                }
            }
        }
        #expect(count >= 15, "\(count) commands")
    }

    @Test func theReadmesEverydayCommandsAreThere() throws {
        let readme = try MarkdownDocument("README.md")
        let everyDay = MarkdownDocument(text: try #require(readme.section("Every day")))
        let commands = DocumentedCommand.commands(in: everyDay)
        #expect(commands.map { $0.split(separator: " ")[1] } == ["--demo", "--title", "--title", "--once", "--lines"])
    }

    @Test func commandsAreCutAtTheShellsOperatorsOutsideQuotes() {
        let block = """
            printf '1\\nq\\n' | badgebar --lines --watch 'Mail=ls | wc -l' > out.txt
            while sleep 2; do echo; done | badgebar --title S \\
                --counts-from -
            pkill -USR1 -x badgebar
            badgebar --demo && echo done

            """
        #expect(
            DocumentedCommand.commands(inShellBlock: block) == [
                "badgebar --lines --watch 'Mail=ls | wc -l'", "badgebar --title S     --counts-from -",
                "badgebar --demo",
            ])
    }
}
