import Testing

@testable import BadgeKit

// Beside the other parts of a button's specification.
extension ButtonSpecificationTests {
    @Test func aNounWithItsPluralOrWithAnSAdded() throws {
        #expect(
            try ButtonSpecification.parse("Mail:envelope:5:red:noun=message/messages").noun
                == CountNoun(singular: "message", plural: "messages"))
        #expect(try ButtonSpecification.parse("Mail:envelope:5:noun=message").noun?.plural == "messages")
        #expect(try ButtonSpecification.parse("Geese:bell:2:noun=goose/geese:show-zero").noun?.plural == "geese")
        #expect(try ButtonSpecification.parse("Box:tray:1:noun= box / boxes ").noun?.singular == "box")
        #expect(try ButtonSpecification.parse("Mail:envelope:5").noun == nil)
    }

    @Test func aBadNounIsNamed() {
        #expect(failure("News:newspaper:dot:noun=story")?.hasSuffix("noun= applies to count badges only") == true)
        #expect(failure("Beta:star:text=new:noun=beta")?.hasSuffix("noun= applies to count badges only") == true)
        #expect(failure("Mail:envelope:1:noun=a:noun=b")?.hasSuffix("noun= is given twice") == true)
        for bad in ["noun=", "noun=/x", "noun=a/", "noun=a/b/c", "noun=\u{1B}/b"] {
            #expect(
                failure("Mail:envelope:1:\(bad)")?.hasSuffix(
                    "expected noun=ONE/MANY (e.g. noun=message/messages) or noun=ONE") == true, "\(bad)")
        }
    }

    @Test func theCountIsSpokenInFullWithItsNoun() {
        let noun = CountNoun(singular: "message", plural: "messages")
        func spoken(_ count: Int) -> String {
            SpokenText.describe(BadgedButton(title: "Mail", symbolName: "envelope", count: count, noun: noun))
        }
        #expect(spoken(1) == "Mail: 1 unread message")
        #expect(spoken(142) == "Mail: 142 unread messages")
        #expect(spoken(0) == "Mail: no unread messages")
        #expect(noun.word(for: 2) == "messages" && noun.word(for: 1) == "message")
    }

    @Test func buttonsWithDifferentNounsDiffer() {
        let plain = BadgedButton(title: "Mail", symbolName: "envelope", count: 1)
        var named = plain
        named.noun = CountNoun(singular: "message", plural: "messages")
        #expect(plain != named)
    }

    @Test func theStatusLineSaysTheNounWhileTheBadgeShowsTheLimit() throws {
        let mail = try ButtonSpecification.parse("Mail:envelope:142:red:noun=message/messages")
        let board = BadgeBoard(
            toolbar: BadgeToolbar(title: "Status", buttons: [mail]), autoPlay: AutoPlay(startTime: 0, isRunning: false))
        var canvas = Canvas(columns: 40, rows: 6)
        board.render(into: &canvas, at: 0, appearance: ToolbarAppearance(widths: .estimate))
        #expect(canvas.line(at: 1) == "                                   99+  ")
        #expect(canvas.line(at: 5).hasPrefix(" Mail: 142 unread messages "))
    }
}
