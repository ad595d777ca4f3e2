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
        #expect(failure("Mail") == "--button 'Mail': expected title:symbol:count[:colour], e.g. Mail:envelope:5")
        #expect(
            failure("Mail:envelope:1:red:x")
                == "--button 'Mail:envelope:1:red:x': too many parts; expected title:symbol:count[:colour]")
        #expect(failure(":envelope:1") == "--button ':envelope:1': the title is empty")
        #expect(
            failure("Mail:rocket:1")?.hasPrefix(
                "--button 'Mail:rocket:1': unknown symbol 'rocket' (known: bubble.left, cart, bell") == true)
        #expect(
            failure("Mail:envelope:x") == "--button 'Mail:envelope:x': the count 'x' is not a whole number 0 or more")
        #expect(
            failure("Mail:envelope:-1") == "--button 'Mail:envelope:-1': the count '-1' is not a whole number 0 or more"
        )
        #expect(
            failure("Mail:envelope:1:mauve")?.hasPrefix(
                "--button 'Mail:envelope:1:mauve': unknown colour 'mauve' (use #RRGGBB or one of red") == true)
        #expect(failure("Mail\u{1B}:envelope:x")?.contains("\u{1B}") == false)
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
        #expect(inbox.nextWakeTime(after: 3, framesPerSecond: 60) == 2 + Inbox.noticeSeconds)
        inbox.advance(to: 2 + Inbox.noticeSeconds)
        #expect(inbox.statusText == "Messages: 2 unread")
        #expect(inbox.nextWakeTime(after: 2 + Inbox.noticeSeconds, framesPerSecond: 60) == nil)
    }
}
