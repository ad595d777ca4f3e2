import Testing

@testable import BadgeKit

@Suite struct ButtonSpecificationTests {
    func failure(_ text: String) -> String? {
        do {
            _ = try ButtonSpecification.parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func titleSymbolCountAndColour() throws {
        #expect(
            try ButtonSpecification.parse("Mail:envelope:5")
                == BadgedButton(title: "Mail", symbolName: "envelope", count: 5))
        #expect(
            try ButtonSpecification.parse("Builds:hammer:0:yellow")
                == BadgedButton(title: "Builds", symbolName: "hammer", count: 0, badgeColor: .systemYellow))
        #expect(try ButtonSpecification.parse("X:star:1:#123456").badgeColor == RGBColor(hex: 0x123456))
        #expect(try ButtonSpecification.parse("X:star:7", limit: 5).badgeText == "5+")
        #expect(try ButtonSpecification.parse("Big:star:99999999999999999999999").count == Int.max)
    }

    @Test func titlesLoseControlCharacters() throws {
        let button = try ButtonSpecification.parse("\u{1B}[31mRed\u{07}:star:1")
        #expect(button.title == "[31mRed")
        #expect(!button.title.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func everyBadPartIsNamed() {
        #expect(
            failure("Mail")
                == "--button 'Mail': expected title:symbol:count|dot|text=WORD[:colour][:show-zero][:noun=ONE/MANY], "
                + "e.g. Mail:envelope:5"
        )
        #expect(failure(":envelope:1") == "--button ':envelope:1': the title is empty")
        #expect(
            failure("Mail:rocket:1")?.hasPrefix(
                "--button 'Mail:rocket:1': unknown symbol 'rocket' (known: bubble.left, cart, bell") == true)
        #expect(
            failure("Mail:envelope:x")
                == "--button 'Mail:envelope:x': the badge 'x' is not a whole number 0 or more, 'dot' or 'text=WORD'")
        #expect(failure("Mail:envelope:-1")?.contains("the badge '-1' is not a whole number") == true)
        #expect(
            failure("Mail:envelope:1:mauve")?.hasPrefix(
                "--button 'Mail:envelope:1:mauve': unknown option or colour 'mauve' "
                    + "(use show-zero, hide-zero, noun=ONE/MANY, format=TEXT, #RRGGBB or one of red"
            )
                == true)
        #expect(failure("Mail:envelope:1:red:x")?.contains("unknown option or colour 'x'") == true)
        #expect(
            failure("News:newspaper:dot:show-zero")
                == "--button 'News:newspaper:dot:show-zero': show-zero applies to count badges only")
        #expect(failure("Beta:star:text=") == "--button 'Beta:star:text=': the badge text after 'text=' is empty")
        #expect(
            failure("Jobs:gear:0:blue:red") == "--button 'Jobs:gear:0:blue:red': a second colour 'red'; give one colour"
        )
        #expect(
            failure("Jobs:gear:0:show-zero:show-zero")
                == "--button 'Jobs:gear:0:show-zero:show-zero': show-zero is given twice")
        #expect(failure("Mail\u{1B}:envelope:x")?.contains("\u{1B}") == false)
    }
}

@Suite struct BadgeVariantSpecificationTests {
    @Test func dotTextAndShowZero() throws {
        let news = try ButtonSpecification.parse("News:newspaper:dot")
        #expect(news.style == .dot && news.count == 1 && news.badgeText == BadgeText.dot)
        let beta = try ButtonSpecification.parse("Beta:star:text=new")
        #expect(beta.style == .text("new") && beta.badgeText == "new")
        let jobs = try ButtonSpecification.parse("Jobs:gear:0:blue:show-zero")
        #expect(jobs.showsZero && jobs.badgeColor == .systemBlue && jobs.badgeText == "0")
        #expect(try ButtonSpecification.parse("Jobs:gear:0:show-zero:#00FF00").badgeColor == RGBColor(hex: 0x00FF00))
        #expect(try ButtonSpecification.parse("Odd:star:text=\u{1B}[2J!").badgeText == "[2J!")
    }
}

@Suite struct CountUpdateTests {
    func parse(_ line: String) -> Result<CountUpdate?, CountUpdate.ParseError> {
        Result { () throws(CountUpdate.ParseError) in try CountUpdate.parse(line) }
    }

    @Test func theThreeKindsOfLine() throws {
        #expect(try parse("Mail=7").get() == CountUpdate(buttonTitle: "Mail", change: .set(7)))
        #expect(try parse("Mail+=2").get() == CountUpdate(buttonTitle: "Mail", change: .add(2)))
        #expect(try parse("  Mail -= 1 ").get() == CountUpdate(buttonTitle: "Mail", change: .subtract(1)))
        #expect(try parse("Two words=3").get() == CountUpdate(buttonTitle: "Two words", change: .set(3)))
    }

    @Test func aCarriageReturnAtTheEndIsALineEnd() throws {
        #expect(try parse("Messages=5\r").get() == CountUpdate(buttonTitle: "Messages", change: .set(5)))
        #expect(try parse(" Mail += 2 \r").get() == CountUpdate(buttonTitle: "Mail", change: .add(2)))
        #expect(try parse("\r").get() == nil)
        #expect(try parse("# note\r").get() == nil)
    }

    @Test func linesAreReadFromBytesInPlace() throws {
        // Lines cut out of one buffer, as a reader hands them out, without a String per line.
        let buffer = Array("Mail=1\n Builds += 22\r\n# note\nbogus\n".utf8)
        var results: [Result<CountUpdate?, CountUpdate.ParseError>] = []
        buffer.withUnsafeBytes { bytes in
            var start = 0
            while let end = bytes[start...].firstIndex(of: 0x0A) {
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                results.append(Result { () throws(CountUpdate.ParseError) in try CountUpdate.parse(line) })
                start = end + 1
            }
        }
        #expect(results.count == 4)
        #expect(try results[0].get() == CountUpdate(buttonTitle: "Mail", change: .set(1)))
        #expect(try results[1].get() == CountUpdate(buttonTitle: "Builds", change: .add(22)))
        #expect(try results[2].get() == nil)
        #expect(throws: CountUpdate.ParseError.self) { try results[3].get() }
        // Bytes that are not UTF-8 are replaced in a title, never dropped or misread.
        let invalid: [UInt8] = [0x4D, 0xFF, 0x3D, 0x31]  // "M", a byte that is not UTF-8, "=1"
        let update = invalid.withUnsafeBytes { try? CountUpdate.parse($0) }
        #expect(update == CountUpdate(buttonTitle: "M\u{FFFD}", change: .set(1)))
    }

    @Test func blankAndCommentLinesMeanNothing() throws {
        #expect(try parse("").get() == nil)
        #expect(try parse("   ").get() == nil)
        #expect(try parse("# Mail=3").get() == nil)
    }

    @Test func malformedLinesAreErrorsThatQuoteThem() {
        for line in ["Mail", "Mail==3", "=3", "Mail=x", "Mail=-3", "Mail+=", "Mail=3.5", "Mail=+-2"] {
            guard case .failure(let error) = parse(line) else {
                Issue.record("'\(line)' should not parse")
                continue
            }
            #expect(error.message.hasPrefix("ignored '"), "\(line)")
            #expect(error.message.hasSuffix("expected Name=N, Name+=N or Name-=N"))
        }
        guard case .failure(let error) = parse("\u{1B}]0;x\u{07}=" + String(repeating: "y", count: 500)) else {
            Issue.record("expected a failure")
            return
        }
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(error.message.count < 120)
    }

    @Test func hugeNumbersSaturateAndCountsStayAtZeroOrAbove() throws {
        let huge = try #require(try parse("Mail=99999999999999999999999999").get())
        #expect(huge.applied(to: 3) == Int.max)
        #expect(CountUpdate(buttonTitle: "M", change: .add(5)).applied(to: Int.max - 1) == Int.max)
        #expect(CountUpdate(buttonTitle: "M", change: .subtract(5)).applied(to: 3) == 0)
        #expect(CountUpdate(buttonTitle: "M", change: .subtract(Int.max)).applied(to: 3) == 0)
        #expect(CountUpdate(buttonTitle: "M", change: .set(0)).applied(to: 3) == 0)
    }

    @Test func updatesAnimateAndUnknownNamesAreReported() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        inbox.apply(CountUpdate(buttonTitle: "cart", change: .add(3)), at: 1)
        #expect(inbox.toolbar.buttons[1].count == 3)
        #expect(inbox.toolbar.isAnimating(at: 1.05))
        inbox.apply(CountUpdate(buttonTitle: "Nobody", change: .set(3)), at: 2)
        #expect(inbox.statusText == "ignored 'Nobody': no button has that title")
        #expect(inbox.nextWakeTime(after: 3, framesPerSecond: 60) == 2 + BadgeBoard.noticeSeconds)
        inbox.advance(to: 2 + BadgeBoard.noticeSeconds)
        #expect(inbox.statusText == "Messages: 2 unread")
        #expect(inbox.nextWakeTime(after: 2 + BadgeBoard.noticeSeconds, framesPerSecond: 60) == nil)
    }
}
