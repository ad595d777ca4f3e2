import Testing

@testable import BadgeKit

@Suite struct LineModeWordingTests {
    let inbox = Inbox.demo(startTime: 0, autoPlays: false).toolbar

    func button(_ count: Int, style: BadgeStyle = .count, noun: CountNoun? = nil) -> BadgedButton {
        BadgedButton(title: "Mail", symbolName: "envelope", count: count, style: style, noun: noun)
    }

    @Test func theFirstLineStatesEveryButtonOnce() {
        #expect(
            LineModeWording.summary(of: inbox)
                == "Inbox. Messages: 2 unread; Cart: none unread; Notifications: 96 unread")
        #expect(LineModeWording.summary(of: BadgeToolbar(title: "Empty", buttons: [])) == "Empty")
    }

    @Test func aChangeSaysTheCountInFullAndHowItChanged() {
        #expect(LineModeWording.change(of: button(98), from: 96) == "Mail: 98 unread (+2)")
        #expect(LineModeWording.change(of: button(3), from: 4) == "Mail: 3 unread (-1)")
        #expect(LineModeWording.change(of: button(1), from: 0) == "Mail: 1 unread (new)")
        #expect(LineModeWording.change(of: button(0), from: 7) == "Mail: none unread (cleared)")
        #expect(LineModeWording.change(of: button(500), from: 99) == "Mail: 500 unread (+401)", "past the limit too")
        #expect(LineModeWording.change(of: button(Int.max), from: 0) == "Mail: \(Int.max) unread (new)")
        #expect(LineModeWording.change(of: button(5), from: 5) == nil)
        let noun = CountNoun(singular: "message", plural: "messages")
        #expect(LineModeWording.change(of: button(142, noun: noun), from: 141) == "Mail: 142 unread messages (+1)")
        #expect(LineModeWording.change(of: button(0, noun: noun), from: 1) == "Mail: no unread messages (cleared)")
    }

    @Test func aDotOrAWordSaysOnlyWhetherItShows() {
        #expect(LineModeWording.change(of: button(1, style: .dot), from: 0) == "Mail: new")
        #expect(LineModeWording.change(of: button(0, style: .dot), from: 3) == "Mail: nothing new")
        #expect(LineModeWording.change(of: button(4, style: .dot), from: 3) == nil)
        #expect(LineModeWording.change(of: button(1, style: .text("beta")), from: 0) == "Mail: beta")
        #expect(LineModeWording.change(of: button(0, style: .text("beta")), from: 1) == "Mail: none")
    }

    @Test func focusAndKeysInPlainWords() {
        #expect(LineModeWording.focus(on: inbox.buttons[1]) == "Focus on Cart: none unread")
        #expect(LineModeWording.keyHelp(buttonCount: 3).hasPrefix("Keys: 1-3 clear that button's count; Tab"))
        #expect(LineModeWording.keyHelp(buttonCount: 1).hasPrefix("Keys: 1 clear"))
    }

    @Test func linesAreASCIIPunctuationAndPrintable() {
        var lines = [LineModeWording.summary(of: inbox), LineModeWording.keyHelp(buttonCount: 3)]
        lines += [(0, 3), (3, 0), (2, 5), (5, 2)].compactMap { LineModeWording.change(of: button($0.1), from: $0.0) }
        for line in lines {
            #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(line)")
        }
    }
}

@Suite struct ChangeAnnouncerTests {
    /// The Inbox's buttons with counts changed.
    func buttons(_ messages: Int, _ cart: Int, _ notifications: Int) -> [BadgedButton] {
        var buttons = Inbox.demo(startTime: 0, autoPlays: false).toolbar.buttons
        for (index, count) in [messages, cart, notifications].enumerated() {
            buttons[index].count = count
        }
        return buttons
    }

    /// Counts as a board keeps them, telling a change event for each count that moves, as the board does.
    struct Counts {
        var counts: [Int]

        init(_ counts: Int...) {
            self.counts = counts
        }

        /// The events of the counts changing to new ones at an instant.
        mutating func change(to new: Int..., at time: Double) -> [BoardEvent] {
            defer { counts = new }
            return new.indices.filter { new[$0] != counts[$0] }.map { index in
                BoardEvent(
                    kind: .change, buttonIndex: index, buttonTitle: "", count: new[index],
                    previousCount: counts[index], source: .counts, time: time)
            }
        }
    }

    @Test func changesWithinAQuarterOfASecondMakeOneLinePerButton() {
        var announcer = ChangeAnnouncer()
        var counts = Counts(2, 0, 96)
        announcer.observe(counts.change(to: 2, 0, 97, at: 10.0))
        #expect(announcer.nextLineTime == 10.25)
        announcer.observe(counts.change(to: 2, 1, 98, at: 10.1))
        #expect(announcer.takeLines(for: buttons(2, 1, 98), at: 10.2) == [])
        announcer.observe(counts.change(to: 2, 1, 99, at: 10.2))
        #expect(announcer.takeLines(for: buttons(2, 1, 99), at: 10.25) == ["Notifications: 99 unread (+3)"])
        #expect(announcer.nextLineTime == 10.35)
        #expect(announcer.takeLines(for: buttons(2, 1, 99), at: 10.35) == ["Cart: 1 unread (new)"])
        #expect(announcer.nextLineTime == nil)
        #expect(!announcer.hasPendingChanges)
    }

    @Test func aChangeAfterTheWindowStartsANewLine() {
        var announcer = ChangeAnnouncer()
        var counts = Counts(2, 0, 96)
        announcer.observe(counts.change(to: 3, 0, 96, at: 1))
        #expect(announcer.takeLines(for: buttons(3, 0, 96), at: 1.25) == ["Messages: 3 unread (+1)"])
        announcer.observe(counts.change(to: 4, 0, 96, at: 1.3))
        #expect(announcer.takeLines(for: buttons(4, 0, 96), at: 1.6) == ["Messages: 4 unread (+1)"])
    }

    @Test func aChangeUndoneWithinTheWindowSaysNothing() {
        var announcer = ChangeAnnouncer()
        var counts = Counts(2, 0, 96)
        announcer.observe(counts.change(to: 0, 0, 96, at: 1))
        announcer.observe(counts.change(to: 2, 0, 96, at: 1.1))
        #expect(announcer.takeLines(for: buttons(2, 0, 96), at: 2) == [])
        #expect(announcer.nextLineTime == nil)
    }

    @Test func linesComeInTheOrderTheirChangesBegan() {
        var announcer = ChangeAnnouncer()
        var counts = Counts(2, 0, 96)
        announcer.observe(counts.change(to: 2, 0, 98, at: 1))
        announcer.observe(counts.change(to: 0, 0, 98, at: 1.01))
        announcer.observe(counts.change(to: 0, 1, 98, at: 1.02))
        #expect(
            announcer.takeLines(for: buttons(0, 1, 98), at: 5)
                == ["Notifications: 98 unread (+2)", "Messages: none unread (cleared)", "Cart: 1 unread (new)"])
    }

    @Test func everyWaitingLineCanBeTakenAtOnce() {
        var announcer = ChangeAnnouncer(mergeWindowSeconds: 10)
        var counts = Counts(2, 0, 96)
        announcer.observe(counts.change(to: 2, 5, 96, at: 1))
        #expect(announcer.takeLines(for: buttons(2, 5, 96), at: 2) == [])
        #expect(announcer.takeAllLines(for: buttons(2, 5, 96)) == ["Cart: 5 unread (new)"])
        #expect(announcer.takeAllLines(for: buttons(2, 5, 96)) == [])
    }

    @Test func anEventOfNoChangeSaysNothingAndButtonsNotShownAreLeftOut() {
        var announcer = ChangeAnnouncer()
        var counts = Counts(2, 0, 96)
        // A press of a button at zero tells an event whose count did not move.
        announcer.observe(
            counts.change(to: 2, 0, 96, at: 0) + [
                BoardEvent(
                    kind: .press, buttonIndex: 1, buttonTitle: "Cart", count: 0, previousCount: 0, source: .key, time: 0
                )
            ])
        #expect(!announcer.hasPendingChanges)
        announcer.observe(counts.change(to: 3, 1, 97, at: 0))
        #expect(announcer.takeAllLines(for: Array(buttons(3, 1, 97).prefix(1))) == ["Messages: 3 unread (+1)"])
        #expect(!announcer.hasPendingChanges)
    }
}

@Suite struct LineModeCommandTests {
    let titles = ["Messages", "Cart", "Notifications"]

    func parse(_ line: String) throws(LineModeInstruction.ParseError) -> LineModeInstruction? {
        try LineModeInstruction.parse(line, buttonTitles: titles)
    }

    @Test func numbersTitlesStatusAndQuit() throws {
        #expect(try parse("1") == .press(buttonIndex: 0))
        #expect(try parse(" 3 \r") == .press(buttonIndex: 2))
        #expect(try parse("press Cart") == .press(buttonIndex: 1))
        #expect(try parse("PRESS\tnotifications") == .press(buttonIndex: 2))
        #expect(try parse("press 2") == .press(buttonIndex: 1))
        #expect(try parse("Messages") == .press(buttonIndex: 0))
        #expect(try parse("status") == .status)
        #expect(try parse("q") == .quit)
        #expect(try parse("Quit") == .quit)
        #expect(try parse("") == nil)
        #expect(try parse("# a comment") == nil)
    }

    @Test func anExactTitleWinsOverOneInAnotherCase() throws {
        #expect(try LineModeInstruction.parse("press mail", buttonTitles: ["MAIL", "mail"]) == .press(buttonIndex: 1))
        #expect(try LineModeInstruction.parse("12", buttonTitles: (1...12).map { "B\($0)" }) == .press(buttonIndex: 11))
    }

    @Test func anythingElseIsNamedWithoutItsControlCharacters() {
        for bad in ["0", "4", "press", "press Nothing", "x", "\u{1B}[2J"] {
            #expect(throws: LineModeInstruction.ParseError.self, "\(bad)") { try parse(bad) }
        }
        do {
            _ = try parse("\u{1B}[2J" + String(repeating: "y", count: 50))
        } catch {
            #expect(!error.message.contains("\u{1B}"))
            #expect(error.message.hasSuffix("…': expected a button number (1-3), press NAME, status or q"))
        }
        #expect(
            throws: LineModeInstruction.ParseError(
                message: "ignored 'x': expected a button number (1), press NAME, status or q")
        ) {
            try LineModeInstruction.parse("x", buttonTitles: ["One"])
        }
    }
}
