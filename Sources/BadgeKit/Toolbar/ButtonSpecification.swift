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

    /// What starts the part that lays a button out in a status bar, `format={icon} {title} {count}`: the last part,
    /// which takes the rest of the specification, colons and all.
    package static let formatPrefix = "format="

    /// A button's layout in a status bar (``BadgedButton/barFormat``): a text that names at least one of `{icon}`,
    /// `{count}` and `{title}`, control characters dropped.
    package static func barFormat(_ text: String) throws(ParseError) -> String {
        let format = Sanitizer.printable(text, replacement: nil).trimmingSpaces
        guard ["{icon}", "{count}", "{title}"].contains(where: format.contains) else {
            throw ParseError(
                message: "format '\(Sanitizer.printable(text))' shows nothing of the button: give {icon}, {count} "
                    + "or {title} in it, e.g. format={icon} {title} {count}")
        }
        return format
    }

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
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        // format= comes last and takes the rest, colons and all: `format={title}: {count}`.
        if let start = parts.indices.dropFirst(3).first(where: { parts[$0].hasPrefix(formatPrefix) }) {
            parts[start...] = [parts[start...].joined(separator: ":")]
        }
        guard parts.count >= 3 else {
            throw failure("expected \(form), e.g. Mail:envelope:5")
        }
        do throws(ParseError) {
            let title = try self.title(parts[0])
            let symbol = try self.symbol(parts[1])
            let (style, count) = try badge(parts[2])
            var color: RGBColor?
            var showsZero = false
            var hidesAtZero = false
            var noun: CountNoun?
            var colorSteps: [Int: RGBColor] = [:]
            var barFormat: String?
            for option in parts.dropFirst(3) {
                if option.hasPrefix(formatPrefix) {
                    barFormat = try self.barFormat(String(option.dropFirst(formatPrefix.count)))
                } else if option.hasPrefix(nounPrefix) {
                    guard noun == nil else { throw ParseError(message: "noun= is given twice") }
                    noun = try self.noun(String(option.dropFirst(nounPrefix.count)), style: style)
                } else if option == "show-zero" {
                    guard !showsZero else { throw ParseError(message: "show-zero is given twice") }
                    try checkShowsZero(style: style)
                    showsZero = true
                } else if option == "hide-zero" {
                    guard !hidesAtZero else { throw ParseError(message: "hide-zero is given twice") }
                    try checkHidesAtZero(style: style)
                    hidesAtZero = true
                } else if option.contains("@") || option.contains(","), colorSteps.isEmpty {
                    let (base, steps) = try colors(option)
                    if let base {
                        guard color == nil else {
                            throw ParseError(
                                message: "a second colour '\(Sanitizer.printable(option))'; give one colour")
                        }
                        color = base
                    }
                    colorSteps = steps
                } else if let parsed = RGBColor(specification: option), color == nil {
                    color = parsed
                } else if color != nil, RGBColor(specification: option) != nil {
                    throw ParseError(message: "a second colour '\(Sanitizer.printable(option))'; give one colour")
                } else {
                    throw ParseError(
                        message: "unknown option or colour '\(Sanitizer.printable(option))' "
                            + "(use show-zero, hide-zero, noun=ONE/MANY, format=TEXT, #RRGGBB or one of \(colorNames))")
                }
            }
            try checkZero(showsZero: showsZero, hidesAtZero: hidesAtZero)
            var button = BadgedButton(
                title: title, symbolName: symbol, count: count, limit: limit, badgeColor: color ?? .systemRed,
                style: style, showsZero: showsZero, hidesAtZero: hidesAtZero, noun: noun)
            button.colorsFromCount = colorSteps
            button.barFormat = barFormat
            return button
        } catch {
            throw failure(error.message)
        }
    }

    /// The names of the colours, for messages.
    package static var colorNames: String { RGBColor.named.map(\.name).joined(separator: ", ") }

    /// A button's title: control characters dropped, spaces around it trimmed, never empty.
    ///
    /// - Throws: ``ParseError`` with the problem alone, as every part's parser: the caller says where it was.
    package static func title(_ text: String) throws(ParseError) -> String {
        let title = Sanitizer.printable(text, replacement: nil).trimmingSpaces
        guard !title.isEmpty else { throw ParseError(message: "the title is empty") }
        return title
    }

    /// A symbol's name, one of ``SymbolTable/all``, or a glyph of the user's own (``SymbolTable/symbol(named:)``).
    package static func symbol(_ text: String) throws(ParseError) -> String {
        guard SymbolTable.symbol(named: text) != nil else {
            let known = SymbolTable.all.map(\.name).joined(separator: ", ")
            throw ParseError(
                message: "unknown symbol '\(Sanitizer.printable(text))' (known: \(known); or one glyph of your own, "
                    + "such as ✉, or U+F0E0 for a Nerd Font's envelope)")
        }
        return text
    }

    /// What a badge shows and the count it starts with: a count (`5`), `dot` or `text=WORD` (both starting at 1).
    package static func badge(_ text: String) throws(ParseError) -> (style: BadgeStyle, count: Int) {
        if text == "dot" {
            return (.dot, 1)
        }
        if text.hasPrefix("text=") {
            let word = Sanitizer.printable(String(text.dropFirst(5)), replacement: nil).trimmingSpaces
            guard !word.isEmpty else { throw ParseError(message: "the badge text after 'text=' is empty") }
            return (.text(word), 1)
        }
        guard let number = BadgeCount.parse(text) else {
            throw ParseError(
                message:
                    "the badge '\(Sanitizer.printable(text))' is not a whole number 0 or more, 'dot' or 'text=WORD'")
        }
        return (.count, number)
    }

    /// A badge's colour: a SwiftUI colour name or `#RRGGBB`.
    package static func color(_ text: String) throws(ParseError) -> RGBColor {
        guard let color = RGBColor(specification: text) else {
            throw ParseError(
                message: "unknown colour '\(Sanitizer.printable(text))' (use #RRGGBB or one of \(colorNames))")
        }
        return color
    }

    /// A list of colours by count, `green,orange@10,red@50`: at most one colour without a count (the badge's
    /// own, below the first step), then colours each from a count of 1 or more on.
    package static func colors(_ text: String) throws(ParseError) -> (base: RGBColor?, steps: [Int: RGBColor]) {
        var base: RGBColor?
        var steps: [Int: RGBColor] = [:]
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(item).trimmingSpaces
            guard let at = item.lastIndex(of: "@") else {
                guard base == nil else {
                    throw ParseError(
                        message: "'\(Sanitizer.printable(text))' has two colours without a count; give the others "
                            + "as COLOUR@COUNT, e.g. green,orange@10,red@50")
                }
                base = try color(item)
                continue
            }
            let countText = item[item.index(after: at)...]
            guard let count = Int(countText), count >= 1 else {
                throw ParseError(
                    message: "'\(Sanitizer.printable(item))': the count after @ is a whole number 1 or more, "
                        + "e.g. orange@10")
            }
            guard steps[count] == nil else {
                throw ParseError(message: "'\(Sanitizer.printable(text))' gives two colours from \(count)")
            }
            steps[count] = try color(String(item[..<at]))
        }
        return (base, steps)
    }

    /// A list of colours by count as ``colors(_:)`` reads it back, the steps in order: `green,orange@10,red@50`.
    package static func describeColors(base: RGBColor, steps: [Int: RGBColor]) -> String {
        func name(_ color: RGBColor) -> String {
            RGBColor.named.first { $0.color == color }?.name ?? color.description
        }
        return ([name(base)] + steps.keys.sorted().map { "\(name(steps[$0]!))@\($0)" }).joined(separator: ",")
    }

    /// Checks that a badge of a style may show zero: only a count can.
    package static func checkShowsZero(style: BadgeStyle) throws(ParseError) {
        guard style == .count else { throw ParseError(message: "show-zero applies to count badges only") }
    }

    /// Checks that a button does not both show `0` and hide at zero.
    package static func checkZero(showsZero: Bool, hidesAtZero: Bool) throws(ParseError) {
        guard !(showsZero && hidesAtZero) else {
            throw ParseError(message: "show-zero shows 0 and hide-zero hides the button at 0; give one")
        }
    }

    /// Checks that a badge of a style may hide its button at zero: only a count can.
    package static func checkHidesAtZero(style: BadgeStyle) throws(ParseError) {
        guard style == .count else { throw ParseError(message: "hide-zero applies to count badges only") }
    }

    /// The noun after `noun=`: `message/messages`, or `message` with the plural made by adding `s`; a count's only.
    package static func noun(_ text: String, style: BadgeStyle = .count) throws(ParseError) -> CountNoun {
        guard style == .count else { throw ParseError(message: "noun= applies to count badges only") }
        let forms = text.split(separator: "/", omittingEmptySubsequences: false).map {
            Sanitizer.printable(String($0), replacement: nil).trimmingSpaces
        }
        guard forms.count <= 2, forms.allSatisfy({ !$0.isEmpty }) else {
            throw ParseError(message: "expected noun=ONE/MANY (e.g. noun=message/messages) or noun=ONE")
        }
        return CountNoun(singular: forms[0], plural: forms.count == 2 ? forms[1] : forms[0] + "s")
    }
}
