import Testing

@testable import BadgeKit

@Suite struct SmallScreenTests {
    func render(
        columns: Int, rows: Int, appearance: ToolbarAppearance = ToolbarAppearance(widths: .estimate),
        _ change: (inout BadgeBoard) -> Void = { _ in }
    ) -> Canvas {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        change(&inbox)
        var canvas = Canvas(columns: columns, rows: rows)
        inbox.render(into: &canvas, at: 0, appearance: appearance)
        return canvas
    }

    @Test func at40By10TheHintWrapsAtSpacesAndEveryLineIsCentred() {
        #expect(
            snapshot(render(columns: 40, rows: 10)) == """
                |                                        |
                |                     2              96  |
                |  Inbox         [ 💬 ]  [ 🛒 ]  [ 🔔 ]  |
                |                ──────                  |
                |                                        |
                |  Click an icon or press 1-3 to clear   |
                |               its badge.               |
                |                                        |
                |                                        |
                | Messages: 2 unread     ? help · q quit |
                |........................................|
                |....................aaa............aaaa.|
                |..bbbbb.........c....c..................|
                |................bbbbbb..................|
                |........................................|
                |..ddddddddddddddddddddddddddddddddddd...|
                |...............dddddddddd...............|
                |........................................|
                |........................................|
                |........................ddddddddddddddd.|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                c: default on default bold reverse
                d: default on default dim
                """)
    }

    @Test func theTooSmallMessageAt6Columns() {
        #expect(
            snapshot(render(columns: 6, rows: 8)) == """
                |      |
                |      |
                | Too  |
                |small:|
                | need |
                | 33×5 |
                |      |
                |      |
                |......|
                |......|
                |.aaa..|
                |aaaaaa|
                |.aaaa.|
                |.aaaa.|
                |......|
                |......|
                a: default on default bold
                """)
    }

    @Test func theTooSmallMessageAt20By4() {
        #expect(
            snapshot(render(columns: 20, rows: 4)) == """
                |                    |
                |Too small: need 33×5|
                |                    |
                |                    |
                |....................|
                |aaaaaaaaaaaaaaaaaaaa|
                |....................|
                |....................|
                a: default on default bold
                """)
    }

    @Test func theTooSmallMessageAt30By8() {
        #expect(
            snapshot(render(columns: 30, rows: 8)) == """
                |                              |
                |                              |
                |                              |
                |     Too small: need 33×5     |
                |                              |
                |                              |
                |                              |
                |                              |
                |..............................|
                |..............................|
                |..............................|
                |.....aaaaaaaaaaaaaaaaaaaa.....|
                |..............................|
                |..............................|
                |..............................|
                |..............................|
                a: default on default bold
                """)
    }

    @Test func at6By3TheNoticeIsTheNeededSizeNotACutSentence() {
        #expect(
            snapshot(render(columns: 6, rows: 3)) == """
                | Need |
                | 33×5 |
                |      |
                |.aaaa.|
                |.aaaa.|
                |......|
                a: default on default bold
                """)
    }

    @Test func at5By1OnlyTheNeededSize() {
        #expect(
            snapshot(render(columns: 5, rows: 1)) == """
                |33×5 |
                |aaaa.|
                a: default on default bold
                """)
    }

    @Test func atTinySizesTheLongestWholeFormThatFits() {
        // The whole sentence wherever it fits, wrapped at spaces.
        #expect(render(columns: 6, rows: 4).trimmedLines == [" Too", "small:", " need", " 33×5"])
        #expect(render(columns: 9, rows: 1).trimmedLines == ["Need 33×5"])
        #expect(render(columns: 6, rows: 2).trimmedLines == [" Need", " 33×5"])
        #expect(render(columns: 4, rows: 1).trimmedLines == ["33×5"])
        // Too narrow for any form: nothing rather than part of one.
        #expect(render(columns: 3, rows: 5).trimmedLines.allSatisfy { $0.isEmpty })
        #expect(render(columns: 2, rows: 5).trimmedLines.allSatisfy { $0.isEmpty })
    }

    @Test func theFormsOfTheNoticeAreWholeAndShortenTogether() {
        let inbox = Inbox.demo(startTime: 0, autoPlays: false)
        let forms = inbox.tooSmallMessages(needing: 33, appearance: ToolbarAppearance(widths: .estimate))
        #expect(forms == ["Too small: need 33×5", "Need 33×5", "33×5"])
        #expect(inbox.tooSmallMessage(needing: 33, appearance: ToolbarAppearance(widths: .estimate)) == forms[0])
        let ascii = ToolbarAppearance(widths: .estimate, iconStyle: .ascii)
        #expect(
            inbox.tooSmallMessages(needing: 30, appearance: ascii) == ["Too small: need 30x5", "Need 30x5", "30x5"])
    }

    @Test func theHintNeverAppearsCut() {
        // At 33×6 the hint needs two rows and has one: it is left out rather than cut.
        let lines = render(columns: 33, rows: 6).trimmedLines
        #expect(!lines.contains { $0.contains("Click") || $0.contains("badge.") })
        // With two rows, both lines, each centred.
        let wrapped = render(columns: 33, rows: 7).trimmedLines
        #expect(wrapped[4] == "  Click an icon or press 1-3 to")
        #expect(wrapped[5] == "        clear its badge.")
    }

    @Test func inTheCLocaleTheStatusAndTheTooSmallMessageAreASCII() {
        // wcwidth in the C locale: -1 for every non-ASCII scalar, so `·` and `×` would vanish.
        let asciiOnly = ToolbarAppearance(widths: ColumnWidth { $0.isASCII ? 1 : -1 }, iconStyle: .emoji)
        let status = render(columns: 80, rows: 24, appearance: asciiOnly) { $0.autoPlay = AutoPlay(startTime: 0) }
        #expect(status.trimmedLines[23].hasSuffix(" auto-play | ? help | q quit"))
        // ASCII icons are one column wide, so the toolbar needs 30 columns.
        #expect(render(columns: 20, rows: 4, appearance: asciiOnly).trimmedLines[1] == "Too small: need 30x5")
        // In a UTF-8 locale the middle dots stay, unless the icons are ASCII.
        #expect(render(columns: 80, rows: 24).trimmedLines[23].hasSuffix(" ? help \u{00B7} q quit"))
        let asciiIcons = ToolbarAppearance(widths: .estimate, iconStyle: .ascii)
        #expect(render(columns: 80, rows: 24, appearance: asciiIcons).trimmedLines[23].hasSuffix(" ? help | q quit"))
    }
}
