import Testing

@testable import BadgeKit

@Suite struct BadgeVariantTests {
    /// A toolbar with every variant: a dot, one digit, a word, show-zero in blue, and four digits.
    func everyVariant(corner: BadgeCorner) -> BadgeToolbar {
        var toolbar = BadgeToolbar(
            title: "T",
            buttons: [
                BadgedButton(title: "News", symbolName: "newspaper", count: 1, style: .dot),
                BadgedButton(title: "Mail", symbolName: "envelope", count: 7),
                BadgedButton(title: "Beta", symbolName: "star", count: 1, style: .text("new")),
                BadgedButton(title: "Jobs", symbolName: "gear", count: 0, badgeColor: .systemBlue, showsZero: true),
                BadgedButton(title: "Big", symbolName: "bell", count: 9999, limit: 9999),
            ])
        toolbar.badgeCorner = corner
        return toolbar
    }

    func render(_ toolbar: BadgeToolbar, columns: Int = 46, at time: Double = 0) -> Canvas {
        var canvas = Canvas(columns: columns, rows: 5)
        toolbar.render(
            into: &canvas, row: 2, at: time, appearance: ToolbarAppearance(widths: .estimate), showsFocus: false)
        return canvas
    }

    @Test func everyVariantInTopTrailingCorner() {
        #expect(
            snapshot(render(everyVariant(corner: .topTrailing)), rows: 1..<4) == """
                |           ●       7     new       0     9999 |
                |  T   [ 📰 ]  [ 📨 ]  [ ⭐ ]  [ 🔧 ]  [ 🔔 ]  |
                |                                              |
                |...........a......bbb...bbbbb.....ccc...bbbbbb|
                |..d...........................................|
                |..............................................|
                a: #FF3B30 on default bold
                b: #FFFFFF on #FF3B30
                c: #FFFFFF on #007AFF
                d: default on default bold
                """)
    }

    @Test func everyVariantInTopLeadingCorner() {
        #expect(
            snapshot(render(everyVariant(corner: .topLeading)), rows: 1..<4) == """
                |      ●       7       new     0      9999     |
                |  T   [ 📰 ]  [ 📨 ]  [ ⭐ ]  [ 🔧 ]  [ 🔔 ]  |
                |                                              |
                |......a......bbb.....bbbbb...ccc....bbbbbb....|
                |..d...........................................|
                |..............................................|
                a: #FF3B30 on default bold
                b: #FFFFFF on #FF3B30
                c: #FFFFFF on #007AFF
                d: default on default bold
                """)
    }

    @Test func everyVariantInBottomTrailingCorner() {
        #expect(
            snapshot(render(everyVariant(corner: .bottomTrailing)), rows: 1..<4) == """
                |                                              |
                |  T   [ 📰 ]  [ 📨 ]  [ ⭐ ]  [ 🔧 ]  [ 🔔 ]  |
                |           ●       7     new       0     9999 |
                |..............................................|
                |..a...........................................|
                |...........b......ccc...ccccc.....ddd...cccccc|
                a: default on default bold
                b: #FF3B30 on default bold
                c: #FFFFFF on #FF3B30
                d: #FFFFFF on #007AFF
                """)
    }

    @Test func everyVariantInBottomLeadingCorner() {
        #expect(
            snapshot(render(everyVariant(corner: .bottomLeading)), rows: 1..<4) == """
                |                                              |
                |  T   [ 📰 ]  [ 📨 ]  [ ⭐ ]  [ 🔧 ]  [ 🔔 ]  |
                |      ●       7       new     0      9999     |
                |..............................................|
                |..a...........................................|
                |......b......ccc.....ccccc...ddd....cccccc....|
                a: default on default bold
                b: #FF3B30 on default bold
                c: #FFFFFF on #FF3B30
                d: #FFFFFF on #007AFF
                """)
    }

    /// The toolbar with the focus on Mail, whose badge sits on the corner given.
    func focused(corner: BadgeCorner) -> String {
        var toolbar = everyVariant(corner: corner)
        toolbar.focus(buttonAt: 1)
        var canvas = Canvas(columns: 46, rows: 5)
        toolbar.render(into: &canvas, row: 2, at: 0, appearance: ToolbarAppearance(widths: .estimate))
        return snapshot(canvas, rows: 1..<4)
    }

    @Test func onABottomCornerTheFocusLineMovesAboveTheButtonsSoBothShow() {
        #expect(
            focused(corner: .bottomTrailing) == """
                |              ──────                          |
                |  T   [ 📰 ]  [ 📨 ]  [ ⭐ ]  [ 🔧 ]  [ 🔔 ]  |
                |           ●       7     new       0     9999 |
                |..............aaaaaa..........................|
                |..a...........b....b..........................|
                |...........c......ddd...ddddd.....eee...dddddd|
                a: default on default bold
                b: default on default bold reverse
                c: #FF3B30 on default bold
                d: #FFFFFF on #FF3B30
                e: #FFFFFF on #007AFF
                """)
        #expect(
            focused(corner: .bottomLeading) == """
                |              ──────                          |
                |  T   [ 📰 ]  [ 📨 ]  [ ⭐ ]  [ 🔧 ]  [ 🔔 ]  |
                |      ●       7       new     0      9999     |
                |..............aaaaaa..........................|
                |..a...........b....b..........................|
                |......c......ddd.....ddddd...eee....dddddd....|
                a: default on default bold
                b: default on default bold reverse
                c: #FF3B30 on default bold
                d: #FFFFFF on #FF3B30
                e: #FFFFFF on #007AFF
                """)
        // On a top corner it stays beneath.
        #expect(
            focused(corner: .topTrailing).split(separator: "\n")[2]
                == "|              ──────                          |")
    }

    @Test func badgesStayOnScreenInEveryCorner() {
        let layout = ToolbarLayout(screenColumns: 33, row: 2, titleColumns: 5, iconColumns: [2, 2, 2])
        for corner in BadgeCorner.allCases {
            for index in 0..<3 {
                for columns in 1...12 {
                    let span = layout.badgeSpan(forButtonAt: index, columns: columns, corner: corner)
                    #expect(span.column >= 0 && span.endColumn <= 33, "\(corner) \(index) \(columns)")
                    #expect(span.row == (corner.isTop ? 1 : 3))
                }
            }
        }
        // At the right edge a wide badge is shifted in, not clipped.
        #expect(
            layout.badgeSpan(forButtonAt: 2, columns: 8, corner: .topTrailing) == .init(column: 25, row: 1, columns: 8))
        // At the left edge too.
        let narrow = ToolbarLayout(screenColumns: 33, row: 2, titleColumns: 0, iconColumns: [2])
        #expect(narrow.buttons[0].body.column == 25)
        #expect(layout.badgeSpan(forButtonAt: 0, columns: 30, corner: .topLeading).column == 0)
    }

    @Test func aWordTooWideForItsNeighboursIsShortenedWithAnEllipsis() {
        var buttons = everyVariant(corner: .topTrailing).buttons
        buttons[2].style = .text("important")
        let toolbar = BadgeToolbar(title: "T", buttons: buttons)
        let canvas = render(toolbar)
        #expect(canvas.line(at: 1).contains(" impor… "))
        var scratch = Canvas(columns: 46, rows: 5)
        let layout = toolbar.render(into: &scratch, row: 2, at: 0, appearance: ToolbarAppearance(widths: .estimate))
        let badge = layout.buttons[2].badge!
        for neighbour in [1, 3] {
            let body = layout.buttons[neighbour].body
            #expect(badge.endColumn <= body.column || badge.column >= body.endColumn)
        }
    }

    @Test func aDotPopsInAndOutLikeACountBadge() {
        var toolbar = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "News", symbolName: "newspaper", count: 0, style: .dot)])
        toolbar.setCount(1, forButtonAt: 0, at: 0)
        #expect(toolbar.isAnimating(at: 0.05))
        let early = toolbar.badgeFrame(forButtonAt: 0, at: 0.02)
        #expect(early.text == BadgeText.dot && early.columns == 1 && early.opacity < 1)
        #expect(toolbar.badgeFrame(forButtonAt: 0, at: 2) == BadgeFrame(text: BadgeText.dot, columns: 1))
        toolbar.setCount(0, forButtonAt: 0, at: 3)
        #expect(toolbar.isAnimating(at: 3.05))
        #expect(toolbar.badgeFrame(forButtonAt: 0, at: 5).text == nil)
    }

    @Test func aWordChangeCrossFadesInsteadOfRolling() {
        // A word change is a change of text at the same count: record it as the toolbar would.
        var motion = BadgeMotion()
        motion.recordChange(from: "new", to: "!", increased: false, at: 0, reduceMotion: false, timing: .standard)
        let texts = Set(
            stride(from: 0.0, through: 0.3, by: 0.001).compactMap {
                motion.frame(settledText: "!", at: $0, timing: .standard).text
            })
        #expect(texts == ["new", "!"])
        #expect(motion.frame(settledText: "!", at: 0.05, timing: .standard).textOpacity < 1)
    }

    @Test func showZeroKeepsAZeroBadge() {
        var toolbar = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "Jobs", symbolName: "gear", count: 3, showsZero: true)])
        toolbar.setCount(0, forButtonAt: 0, at: 0)
        #expect(toolbar.badgeFrame(forButtonAt: 0, at: 2) == BadgeFrame(text: "0", columns: 3))
        #expect(toolbar.buttons[0].badgeText == "0")
    }

    @Test func countHelpersHonourTheLimitAndSaturate() {
        var button = BadgedButton(title: "Mail", symbolName: "envelope", count: 98)
        button.increment()
        #expect(button.count == 99 && button.badgeText == "99")
        button.increment(by: 5)
        #expect(button.count == 104 && button.badgeText == "99+")
        button.increment(by: Int.max)
        #expect(button.count == Int.max && button.badgeText == "99+")
        button.decrement(by: Int.max)
        #expect(button.count == 0 && button.badgeText == nil)
        button.decrement(by: 3)
        #expect(button.count == 0)
        button.increment(by: -4)
        #expect(button.count == 0)
        var toolbar = BadgeToolbar(title: "T", buttons: [button])
        toolbar.increment(buttonAt: 0, by: 2, at: 0)
        toolbar.decrement(buttonAt: 0, at: 1)
        #expect(toolbar.buttons[0].count == 1)
        toolbar.increment(buttonAt: 7, at: 2)
    }

    @Test func theStatusLineSpeaksEachVariant() {
        #expect(
            SpokenText.describe(BadgedButton(title: "News", symbolName: "newspaper", count: 1, style: .dot))
                == "News: new")
        #expect(
            SpokenText.describe(BadgedButton(title: "News", symbolName: "newspaper", count: 0, style: .dot))
                == "News: nothing new")
        #expect(
            SpokenText.describe(BadgedButton(title: "Beta", symbolName: "star", count: 1, style: .text("new")))
                == "Beta: new")
        #expect(
            SpokenText.describe(BadgedButton(title: "Beta", symbolName: "star", count: 0, style: .text("new")))
                == "Beta: none")
        #expect(
            SpokenText.describe(BadgedButton(title: "Jobs", symbolName: "gear", count: 0, showsZero: true))
                == "Jobs: none unread")
        #expect(SpokenText.describe(BadgedButton(title: "Big", symbolName: "bell", count: 142)) == "Big: 142 unread")
    }
}

@Suite struct ButtonActionTests {
    @Test func pressingRunsTheActionOnTheCountAndAnimatesIt() {
        var toolbar = BadgeToolbar(
            title: "T",
            buttons: [
                BadgedButton(title: "Clear", symbolName: "bell", count: 5),
                BadgedButton(title: "Read one", symbolName: "envelope", count: 5) { $0 -= 1 },
            ])
        toolbar.press(buttonAt: 1, at: 0)
        #expect(toolbar.buttons.map(\.count) == [5, 4])
        #expect(toolbar.focusedIndex == 1)
        #expect(toolbar.isAnimating(at: 0.05))
        toolbar.press(buttonAt: 0, at: 1)
        #expect(toolbar.buttons.map(\.count) == [0, 4])
        toolbar.press(buttonAt: 9, at: 2)
        #expect(toolbar.buttons.map(\.count) == [0, 4])
    }

    @Test func equalityIgnoresTheAction() {
        let plain = BadgedButton(title: "A", symbolName: "bell", count: 1)
        let custom = BadgedButton(title: "A", symbolName: "bell", count: 1) { $0 += 1 }
        #expect(plain == custom)
        #expect(plain != BadgedButton(title: "A", symbolName: "bell", count: 2))
    }
}

@Suite struct BadgeEdgeTests {
    /// A narrow screen: a two-digit count and a word that has to shorten, against the right edge.
    func edge(corner: BadgeCorner) -> String {
        var toolbar = BadgeToolbar(
            title: "Edge",
            buttons: [
                BadgedButton(title: "Mail", symbolName: "envelope", count: 42),
                BadgedButton(title: "Long", symbolName: "flag", count: 1, style: .text("abcdefgh")),
            ])
        toolbar.badgeCorner = corner
        var canvas = Canvas(columns: 26, rows: 5)
        toolbar.render(
            into: &canvas, row: 2, at: 0, appearance: ToolbarAppearance(widths: .estimate), showsFocus: false)
        return snapshot(canvas, rows: 1..<4)
    }

    @Test func badgesAtTheScreensEdgeInEveryCornerNeitherOverlapNorLeaveTheScreen() {
        #expect(
            edge(corner: .topTrailing) == """
                |              42   abcde… |
                |  Edge    [ 📨 ]  [ 🚩 ]  |
                |                          |
                |.............aaaa.aaaaaaaa|
                |..bbbb....................|
                |..........................|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                """)
        #expect(
            edge(corner: .topLeading) == """
                |          42     abcde…   |
                |  Edge    [ 📨 ]  [ 🚩 ]  |
                |                          |
                |.........aaaa...aaaaaaaa..|
                |..bbbb....................|
                |..........................|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                """)
        #expect(
            edge(corner: .bottomTrailing) == """
                |                          |
                |  Edge    [ 📨 ]  [ 🚩 ]  |
                |              42   abcde… |
                |..........................|
                |..aaaa....................|
                |.............bbbb.bbbbbbbb|
                a: default on default bold
                b: #FFFFFF on #FF3B30
                """)
        #expect(
            edge(corner: .bottomLeading) == """
                |                          |
                |  Edge    [ 📨 ]  [ 🚩 ]  |
                |          42     abcde…   |
                |..........................|
                |..aaaa....................|
                |.........bbbb...bbbbbbbb..|
                a: default on default bold
                b: #FFFFFF on #FF3B30
                """)
    }
}

@Suite struct HugeCountTests {
    /// The Inbox with `--limit 999999999999` and counts too wide for the room between the buttons.
    func inbox(counts: [Int], corner: BadgeCorner = .topTrailing) -> BadgeBoard {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false, limit: 999_999_999_999)
        inbox.toolbar.badgeCorner = corner
        for (index, count) in counts.enumerated() {
            inbox.toolbar.setCount(count, forButtonAt: index, at: -10)
        }
        inbox.advance(to: 0)
        return inbox
    }

    func render(_ inbox: BadgeBoard, columns: Int = 80) -> (Canvas, ToolbarLayout) {
        var canvas = Canvas(columns: columns, rows: 24)
        let layout = inbox.render(into: &canvas, at: 0, appearance: ToolbarAppearance(widths: .estimate))!
        return (canvas, layout)
    }

    @Test func countsTooWideForTheirNeighboursShowTheLargestLimitFormThatFits() {
        let (canvas, _) = render(inbox(counts: [12_345_678, 12_345_679, 12_345_680]))
        // Not "1234567 123456 12345680": each badge has 8 columns, " 99999+ ", and 99999 < every count.
        #expect(
            snapshot(canvas, rows: 1..<3) == """
                |                                                         99999+  99999+  99999+ |
                |  Inbox                                                 [ 💬 ]  [ 🛒 ]  [ 🔔 ]  |
                |........................................................aaaaaaaabbbbbbbbaaaaaaaa|
                |..ccccc.................................................d....d..................|
                a: #FFFFFF on #FF3B30
                b: #000000 on #FFCC00
                c: default on default bold
                d: default on default bold reverse
                """)
    }

    @Test(arguments: BadgeCorner.allCases, [33, 40, 80])
    func aBadgeNeverShowsANumberThatIsNotTheCount(corner: BadgeCorner, columns: Int) {
        for counts in [[12_345_678, 12_345_679, 12_345_680], [99_999, 100_000, 7], [1_000_000, 9, 999_999_999_999]] {
            let (canvas, layout) = render(inbox(counts: counts, corner: corner), columns: columns)
            var covered = Set<Int>()
            for (index, count) in counts.enumerated() {
                guard let span = layout.buttons[index].badge else {
                    Issue.record("no badge for \(count)")
                    continue
                }
                let text = canvas.line(at: span.row).unicodeScalars.dropFirst(span.column).prefix(span.columns)
                let shown = String(String.UnicodeScalarView(text)).trimmingSpaces
                if shown.hasSuffix("+") {
                    // The limit form: a run of nines, smaller than the count.
                    let nines = shown.dropLast()
                    #expect(!nines.isEmpty && nines.allSatisfy { $0 == "9" }, "\(shown) for \(count)")
                    #expect(Int(nines).map { $0 < count } == true, "\(shown) for \(count)")
                } else {
                    #expect(shown == "\(count)", "\(corner) at \(columns): \(shown) for \(count)")
                }
                // No badge on another's cells.
                let cells = Set(span.column..<span.endColumn)
                #expect(covered.isDisjoint(with: cells), "\(corner) at \(columns): badge \(index) overlaps")
                covered.formUnion(cells)
            }
        }
    }

    @Test func theLimitFormShrinksWithTheRoomAndADotStandsInWhenNoNumberFits() {
        let toolbar = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "A", symbolName: "bell", count: 12_345_678, limit: 999_999_999)])
        let layout = ToolbarLayout(screenColumns: 12, row: 2, titleColumns: 1, iconColumns: [2])
        for (room, expected) in [(8, "99999+"), (6, "999+"), (5, "99+"), (4, "9+")] {
            var frame = BadgeFrame(text: "12345678", columns: 10)
            var narrow = layout
            narrow.screenColumns = room
            narrow.buttons[0].body = .init(column: 0, row: 2, columns: room)
            toolbar.fit(&frame, forButtonAt: 0, layout: narrow, widths: .estimate)
            #expect(frame.text == expected && frame.columns == room && !frame.isDot, "\(room)")
        }
        var frame = BadgeFrame(text: "12345678", columns: 10)
        var narrow = layout
        narrow.screenColumns = 3
        narrow.buttons[0].body = .init(column: 0, row: 2, columns: 3)
        toolbar.fit(&frame, forButtonAt: 0, layout: narrow, widths: .estimate)
        #expect(frame.isDot && frame.columns == 3)
    }
}
