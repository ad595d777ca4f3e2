import TestSupport
import Testing

/// The reader the documentation tests share finds sections, tables, fenced blocks, links and anchors as GitHub
/// shows them.
@Suite struct MarkdownDocumentTests {
    @Test func tablesAreReadCellByCell() {
        let markdown = "text\n| A | B |\n| --- | --- |\n| `x`, y | a \\| b |\n| 2 | `c` |\n\nafter | z |"
        #expect(MarkdownDocument.tableRows(under: "| A | B |", in: markdown) == [["x, y", "a | b"], ["2", "c"]])
        #expect(MarkdownDocument.tableRows(under: "| C |", in: markdown) == [])
        #expect(MarkdownDocument(text: markdown).rawTableRows(under: "| A | B |")[0] == ["`x`, y", "a | b"])
    }

    let document = MarkdownDocument(
        text: """
            # Title

            ## One

            See [two](#two-and-more) and [a file](other.md#its-part), not `[code](x.md)`.

            ```sh
            # a comment, not a heading
            badgebar --demo
            ```

            ### One, deeper

            - A list:

              ```
              indented
              ```

            ## Two, and `more`

            Last.
            """)

    @Test func aSectionRunsToTheNextHeadingOfItsLevel() {
        #expect(document.section("One")?.contains("indented") == true)
        #expect(document.section("One")?.contains("Last.") == false)
        #expect(document.section("One, deeper")?.hasPrefix("\n- A list:") == true)
        #expect(document.section("Two, and `more`") == "\nLast.")
        #expect(document.section("Three") == nil)
    }

    @Test func fencedBlocksKnowTheirHeadingAndLoseTheirIndentation() {
        #expect(
            document.fencedBlocks == [
                .init(heading: "One", info: "sh", text: "# a comment, not a heading\nbadgebar --demo\n"),
                .init(heading: "One, deeper", info: "", text: "indented\n"),
            ])
        #expect(document.headings.map(\.text) == ["Title", "One", "One, deeper", "Two, and `more`"])
    }

    @Test func linksOutsideCodeAndGitHubsAnchors() {
        #expect(document.linkTargets == ["#two-and-more", "other.md#its-part"])
        #expect(document.anchors == ["title", "one", "one-deeper", "two-and-more"])
        #expect(
            MarkdownDocument.anchor(of: "A status bar: `--stream` against polling `--once`")
                == "a-status-bar---stream-against-polling---once")
    }
}
