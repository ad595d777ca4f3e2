import BadgeKit
import TestSupport
import Testing

@testable import badgebar

/// `docs/keys-and-options.md`: its tables say what the code's tables say, row for row (backticks aside), and
/// its picture of the demo is the demo's frame.
@Suite struct KeysAndOptionsGuideTests {
    let guide: MarkdownDocument

    init() throws {
        guide = try MarkdownDocument("docs/keys-and-options.md")
    }

    @Test func theKeyTableIsTheKeyBindingTable() {
        let rows = guide.tableRows(under: "| Key | Does |")
        #expect(rows == BadgeBoard.keyBindings.map { [$0.keys(buttonCount: 9), $0.longHelp] })
    }

    @Test func theFlagTableIsTheOptionTable() {
        let rows = guide.tableRows(under: "| Flag | Meaning |")
        #expect(rows == Options.table.map { [$0.synopsis, $0.help] })
    }

    @Test func theExitStatusTableIsTheList() {
        let rows = guide.tableRows(under: "| Status | When |")
        #expect(rows == ExitStatus.documented.map { [$0.documentedCode, $0.meaning] })
    }

    /// The demo as the guide shows it is the Inbox at 80×24 five seconds in: three auto-play steps made, every
    /// motion over, the fourth not yet due.
    @Test func theDemoAsShownIsTheInboxFiveSecondsIn() throws {
        let section = MarkdownDocument(text: try #require(guide.section("The demo")))
        let shown = try #require(section.fencedBlocks("").first).text.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .dropLast().map { String($0) }
        var inbox = Inbox.demo(startTime: 0, autoPlays: true)
        inbox.advance(to: 5)
        var canvas = Canvas(columns: 80, rows: 24)
        _ = inbox.render(into: &canvas, at: 5, appearance: ToolbarAppearance(widths: .estimate))
        #expect(shown == canvas.trimmedLines)
        #expect(inbox.toolbar.buttons.map(\.count) == [3, 1, 98], "the counts the text after it names")
    }
}
