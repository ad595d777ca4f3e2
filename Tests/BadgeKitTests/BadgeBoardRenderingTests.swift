import Testing

@testable import BadgeKit

@Suite struct BadgeBoardRenderingTests {
    let appearance = ToolbarAppearance(widths: .estimate)

    func render(_ inbox: BadgeBoard, columns: Int = 80, rows: Int = 24, at time: Double = 0) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        inbox.render(into: &canvas, at: time, appearance: appearance)
        return canvas
    }

    @Test func theInboxAt80By24() {
        let canvas = render(Inbox.demo(startTime: 0, autoPlays: false))
        let blank = "|" + String(repeating: " ", count: 80) + "|"
        let plain = "|" + String(repeating: ".", count: 80) + "|"
        let expected =
            [
                blank,
                "|                                                             2              96  |",
                "|  Inbox                                                 [ 💬 ]  [ 🛒 ]  [ 🔔 ]  |",
                "|                                                        ──────                  |",
            ] + Array(repeating: blank, count: 9) + [
                "|                 Click an icon or press 1-3 to clear its badge.                 |"
            ] + Array(repeating: blank, count: 9) + [
                "| Messages: 2 unread                                             ? help · q quit |",
                plain,
                "|............................................................aaa............aaaa.|",
                "|..bbbbb.................................................c....c..................|",
                "|........................................................bbbbbb..................|",
            ] + Array(repeating: plain, count: 9) + [
                "|.................dddddddddddddddddddddddddddddddddddddddddddddd.................|"
            ] + Array(repeating: plain, count: 9) + [
                "|................................................................ddddddddddddddd.|",
                "a: #FFFFFF on #FF3B30",
                "b: default on default bold",
                "c: default on default bold reverse",
                "d: default on default dim",
            ]
        #expect(snapshot(canvas) == expected.joined(separator: "\n"))
        // The cursor rests where the focused button is spoken, not on its bracket.
        #expect(canvas.cursor?.column == 1 && canvas.cursor?.row == 23)
    }

    @Test func aYellowBadgeHasBlackText() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        inbox.toolbar.setCount(5, forButtonAt: 1, at: -10)
        inbox.advance(to: 0)
        let canvas = render(inbox)
        #expect(canvas.line(at: 1).contains(" 5 "))
        let five = (0..<80).first { canvas[$0, 1].glyph == "5" }!
        #expect(
            canvas[five, 1].style
                == CellStyle(foreground: .rgb(.black), background: .rgb(.systemYellow)))
    }

    @Test func pastTheLimitTheBadgeReadsLimitPlus() {
        let canvas = render(Inbox.demo(startTime: 0, autoPlays: false, limit: 9))
        #expect(canvas.trimmedLines[1].hasSuffix(" 2              9+"))
    }

    @Test func moreColumnsKeepTheButtonsAtTheRightEdge() {
        let canvas = render(Inbox.demo(startTime: 0, autoPlays: false), columns: 120, rows: 30)
        #expect(canvas.trimmedLines[2].hasSuffix("[ 💬 ]  [ 🛒 ]  [ 🔔 ]"))
        #expect(canvas.line(at: 2).count == 120 - 3)
        #expect(canvas.trimmedLines[29].hasPrefix(" Messages: 2 unread"))
    }

    @Test func theNarrowestScreenThatFits() {
        let canvas = render(Inbox.demo(startTime: 0, autoPlays: false), columns: 33, rows: 5)
        #expect(
            canvas.trimmedLines == [
                "",
                "              2              96",
                "  Inbox  [ 💬 ]  [ 🛒 ]  [ 🔔 ]",
                "         ──────",
                " Messages: 2 unread",
            ])
    }

    @Test(arguments: [
        (32, 24), (80, 4), (20, 10), (1, 1), (2, 80), (24, 10), (0, 0), (6, 24), (9, 1), (6, 2), (6, 3), (5, 1), (4, 1),
        (3, 9),
    ])
    func tooSmallAScreenSaysSo(columns: Int, rows: Int) {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        var canvas = Canvas(columns: columns, rows: rows)
        let layout = inbox.render(into: &canvas, at: 0, appearance: appearance)
        #expect(layout == nil)
        // One of the message's whole forms at every size, never a sentence cut short.
        let text = canvas.trimmedLines.flatMap { $0.split(separator: " ") }.joined(separator: " ")
        let forms = ["Too small: need 33×5", "Need 33×5", "33×5"]
        #expect(text.isEmpty || forms.contains(text), "\(canvas.trimmedLines)")
        if columns >= 20 || (columns >= 6 && rows >= 4) {
            #expect(text == forms[0])
        } else if columns >= 9 || (columns >= 4 && rows >= 2) {
            #expect(text == forms[1])
        } else if columns >= 4 && rows >= 1 {
            #expect(text == forms[2])
        } else {
            #expect(text.isEmpty, "too narrow for any form")
        }
        if let cursor = canvas.cursor {
            #expect(
                ["T", "N", "3"].contains(canvas[cursor.column, cursor.row].glyph),
                "the cursor at the start of the message")
        }
        #expect(!canvas.trimmedLines.joined().contains("Inbox"))
        // Keys still work while the screen is too small.
        #expect(inbox.handle(.character("3"), at: 1, layout: layout) == nil)
        #expect(inbox.toolbar.buttons[2].count == 0)
    }

    @Test func unicodeAndAsciiIconsAreOneColumn() {
        let inbox = Inbox.demo(startTime: 0, autoPlays: false)
        for (style, buttons) in [(IconStyle.unicode, "[ ❝ ]  [ ¤ ]  [ ♪ ]"), (.ascii, "[ \" ]  [ $ ]  [ ! ]")] {
            var canvas = Canvas(columns: 80, rows: 24)
            inbox.render(into: &canvas, at: 0, appearance: ToolbarAppearance(widths: .estimate, iconStyle: style))
            #expect(canvas.trimmedLines[2].hasSuffix(buttons))
        }
    }

    @Test func withoutAUnicodeLocaleIconsFallBackToAscii() {
        // In the C locale wcwidth gives -1 for every non-ASCII scalar.
        let asciiOnly = ColumnWidth { $0.isASCII ? 1 : -1 }
        var canvas = Canvas(columns: 80, rows: 24)
        Inbox.demo(startTime: 0, autoPlays: false).render(
            into: &canvas, at: 0, appearance: ToolbarAppearance(widths: asciiOnly, iconStyle: .emoji))
        #expect(canvas.trimmedLines[2].hasSuffix("[ \" ]  [ $ ]  [ ! ]"))
        #expect(canvas.trimmedLines[3].hasSuffix(" -----"))
    }

    @Test func aLongTitleIsShortenedWithAnEllipsis() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        inbox.toolbar.title = "A very long title that cannot fit\u{1B}[2J"
        let canvas = render(inbox, columns: 40, rows: 6)
        #expect(canvas.trimmedLines[2].hasPrefix("  A very long…  [ 💬 ]"))
    }

    @Test func questionMarkShowsEveryKeyAndEscapeHidesIt() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.handle(.character("?"), at: 0, layout: nil) == nil)
        let shown = render(inbox).trimmedLines
        let box = shown.drop { !$0.contains("╭") }.prefix { !$0.contains("╰") }
        #expect(box.count == 13)
        for key in [
            "1-3", "Tab, Right", "Shift-Tab, Left", "Enter, Space", "Click", "r", "Ctrl-L", "Ctrl-Z", "?",
            "q, Esc, Ctrl-C",
        ] {
            #expect(box.contains { $0.contains("│ \(key) ") }, "\(key)")
        }
        // Esc closes the help instead of quitting; the next Esc quits.
        #expect(inbox.handle(.key(.escape), at: 0, layout: nil) == nil)
        #expect(!inbox.isShowingHelp)
        #expect(render(inbox).trimmedLines == render(Inbox.demo(startTime: 0, autoPlays: false)).trimmedLines)
        #expect(inbox.handle(.key(.escape), at: 0, layout: nil) == .quit)
    }

    @Test func theHelpFitsOrClipsOnSmallScreens() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        _ = inbox.handle(.character("?"), at: 0, layout: nil)
        for (columns, rows) in [(33, 5), (40, 8), (80, 24)] {
            let lines = render(inbox, columns: columns, rows: rows).trimmedLines
            #expect(lines.contains { $0.contains("Keys") })
        }
    }

    @Test func theCursorRestsOnTheStatusLineInEveryFrameWhateverMoves() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: true)
        var frames = 0
        // Auto-play steps at 1.3 s, 2.6 s and 3.9 s; a notice and the help come and go on the way.
        for step in 0...1200 {
            let time = Double(step) / 240
            if step == 300 {
                inbox.report("ignored 'x': no button has that title", at: time)
            }
            if step == 700 || step == 1000 {
                _ = inbox.handle(.character("?"), at: time, layout: nil)
            }
            inbox.advance(to: time)
            let canvas = render(inbox, at: time)
            #expect(canvas.cursor?.column == 1 && canvas.cursor?.row == 23, "at \(time) s")
            if inbox.toolbar.isAnimating(at: time) {
                frames += 1
            }
        }
        #expect(frames > 100, "the walk crossed animations")
        // The cursor's cell is the first letter of the text that speaks the focused button.
        inbox.advance(to: 6)
        let canvas = render(inbox, at: 6)
        #expect(canvas.line(at: 23).hasPrefix(" Messages: "))
        #expect(canvas[1, 23].glyph == "M")
    }

    @Test func theFocusedButtonLooksTheSameOnBothSides() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        for focus in 0..<3 {
            let canvas = render(inbox)
            let body = inbox.toolbar.layout(screenColumns: 80, row: 2, appearance: appearance).buttons[focus].body
            let opening = canvas[body.column, 2]
            let closing = canvas[body.endColumn - 1, 2]
            #expect(opening.glyph == "[" && closing.glyph == "]")
            #expect(opening.style == closing.style)
            #expect(opening.style.attributes.contains(.reverse), "visible without colour")
            #expect(canvas.cursor?.column != body.column && canvas.cursor?.column != body.endColumn - 1)
            _ = inbox.handle(.key(.tab), at: 0, layout: nil)
        }
    }
}
