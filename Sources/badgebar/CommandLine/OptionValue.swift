/// The kind of value an option takes, which decides how it is checked, documented and completed.
enum OptionValue: Sendable, Equatable {
    /// No value: the option is a switch (`--no-autoplay`).
    case none
    /// A whole number within a range (`--fps 30`).
    case wholeNumber(ClosedRange<Int>)
    /// One of a fixed set of words, the raw values of an enum (`--color never`).
    case choice([String])
    /// Any text (`--title Status`).
    case text
    /// A path to a file (`--record demo.cast`); `-` may stand for standard input (or output) when `standardInput` is true.
    case path(standardInput: Bool)
    /// A button specification, `title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY]`: completed with symbol and colour names.
    case buttonSpecification
    /// A duration such as `2s`, `1.5s`, `5m` or `500ms` (``DurationText``): completed with a few common ones.
    case duration
    /// A board's file: a path, or the name of one in badgebar's folder (`mail` for `mail.conf`), completed with both.
    case configuration

    /// The durations completions offer.
    static let commonDurations = ["2s", "10s", "30s", "1m", "5m"]

    /// Whether the option needs a value after it or after `=`.
    var takesValue: Bool { self != .none }

    /// The allowed values of a choice, else none.
    var choices: [String] {
        if case .choice(let values) = self { return values }
        return []
    }

    /// The range in words, for messages and help: `1 or more`, `from 1 to 240`.
    static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max
            ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
    }

    /// Words joined as in a sentence: `auto, always or never`.
    static func list(_ words: [String], conjunction: String = "or") -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
