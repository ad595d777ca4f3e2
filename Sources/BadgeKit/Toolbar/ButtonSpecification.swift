/// Parses the command line's description of a button, `title:symbol:badge[:colour][:show-zero][:noun=ONE/MANY]`.
///
/// The badge part is a count (`5`), `dot` for a count-less marker, or `text=WORD`
/// for a short word; for example `Mail:envelope:5`, `Builds:hammer:0:yellow`,
/// `News:newspaper:dot`, `Beta:star:text=new` or `Jobs:gear:0:blue:show-zero`.
/// `noun=message/messages` says what a count counts, so it is spoken as `3 unread messages`;
/// `noun=message` is short for `noun=message/messages`.
/// The colour is a SwiftUI colour name or `#RRGGBB`. Titles and words lose their
/// control characters, so no escape sequence can reach the terminal through them.
package enum ButtonSpecification {
    /// A specification that cannot be read, with a message naming the bad part.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The problem in one line.
        package var message: String
        /// The problem in one line.
        package var description: String { message }
    }

    /// The form of a specification, for messages.
    package static let form = "title:symbol:count|dot|text=WORD[:colour][:show-zero][:noun=ONE/MANY]"

    /// What starts the part that names what a count counts: `noun=message/messages`.
    package static let nounPrefix = "noun="

    /// The button a specification describes.
    ///
    /// - Parameters:
    ///   - text: The specification, such as `Mail:envelope:5:blue`.
    ///   - limit: The limit the button's badge gets.
    /// - Throws: ``ParseError`` naming the part that is wrong.
    package static func parse(_ text: String, limit: Int = BadgeText.defaultLimit) throws(ParseError) -> BadgedButton {
        let shown = Sanitizer.printable(text)
        func failure(_ problem: String) -> ParseError {
            ParseError(message: "--button '\(shown)': \(problem)")
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else {
            throw failure("expected \(form), e.g. Mail:envelope:5")
        }
        let title = Sanitizer.printable(parts[0], replacement: nil).trimmingSpaces
        guard !title.isEmpty else { throw failure("the title is empty") }
        let symbol = parts[1]
        guard SymbolTable.symbol(named: symbol) != nil else {
            let known = SymbolTable.all.map(\.name).joined(separator: ", ")
            throw failure("unknown symbol '\(Sanitizer.printable(symbol))' (known: \(known))")
        }

        var style = BadgeStyle.count
        var count: Int
        let badge = parts[2]
        if badge == "dot" {
            style = .dot
            count = 1
        } else if badge.hasPrefix("text=") {
            let word = Sanitizer.printable(String(badge.dropFirst(5)), replacement: nil).trimmingSpaces
            guard !word.isEmpty else { throw failure("the badge text after 'text=' is empty") }
            style = .text(word)
            count = 1
        } else if let number = BadgeCount.parse(badge) {
            count = number
        } else {
            throw failure(
                "the badge '\(Sanitizer.printable(badge))' is not a whole number 0 or more, 'dot' or 'text=WORD'")
        }

        var color: RGBColor?
        var showsZero = false
        var noun: CountNoun?
        for option in parts.dropFirst(3) {
            if option.hasPrefix(nounPrefix) {
                guard style == .count else { throw failure("noun= applies to count badges only") }
                guard noun == nil else { throw failure("noun= is given twice") }
                noun = try parseNoun(String(option.dropFirst(nounPrefix.count)), failure: failure)
            } else if option == "show-zero" {
                guard style == .count else { throw failure("show-zero applies to count badges only") }
                guard !showsZero else { throw failure("show-zero is given twice") }
                showsZero = true
            } else if let parsed = RGBColor(specification: option), color == nil {
                color = parsed
            } else if color != nil, RGBColor(specification: option) != nil {
                throw failure("a second colour '\(Sanitizer.printable(option))'; give one colour")
            } else {
                let names = RGBColor.named.map(\.name).joined(separator: ", ")
                throw failure(
                    "unknown option or colour '\(Sanitizer.printable(option))' "
                        + "(use show-zero, noun=ONE/MANY, #RRGGBB or one of \(names))"
                )
            }
        }
        return BadgedButton(
            title: title, symbolName: symbol, count: count, limit: limit, badgeColor: color ?? .systemRed,
            style: style, showsZero: showsZero, noun: noun)
    }

    /// The noun after `noun=`: `message/messages`, or `message` with the plural made by adding `s`.
    private static func parseNoun(_ text: String, failure: (String) -> ParseError) throws(ParseError) -> CountNoun {
        let forms = text.split(separator: "/", omittingEmptySubsequences: false).map {
            Sanitizer.printable(String($0), replacement: nil).trimmingSpaces
        }
        guard forms.count <= 2, forms.allSatisfy({ !$0.isEmpty }) else {
            throw failure("expected noun=ONE/MANY (e.g. noun=message/messages) or noun=ONE")
        }
        return CountNoun(singular: forms[0], plural: forms.count == 2 ? forms[1] : forms[0] + "s")
    }
}
