/// A shell pattern for the names in one folder, as `ls *.eml` matches them: `*` any run of characters, `?` any
/// one, `[abc]`, `[a-z]` and `[!abc]` one of a set or not, and `\` before a character to take it as it is.
///
/// A name that starts with a point (a hidden file) matches only a pattern that starts with one too, as in the
/// shell. A `[` with no `]` after it is taken as itself. Matching works on the name's characters (Unicode
/// scalars), so `?` is one character of any width.
package struct GlobPattern: Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    package let text: String
    /// The pattern read into its parts.
    private let parts: [Part]

    /// One part of a pattern.
    private enum Part: Sendable, Equatable {
        /// A character taken as it is.
        case character(Unicode.Scalar)
        /// `?`.
        case anyOne
        /// `*`.
        case anyRun
        /// `[…]`: ranges of characters (a single one is a range of one), and whether the set is negated.
        case set([ClosedRange<Unicode.Scalar>], isNegated: Bool)
    }

    /// Reads a pattern.
    package init(_ text: String) {
        self.text = text
        var parts: [Part] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "*":
                if parts.last != .anyRun { parts.append(.anyRun) }
            case "?":
                parts.append(.anyOne)
            case "\\" where index + 1 < scalars.count:
                index += 1
                parts.append(.character(scalars[index]))
            case "[":
                if let (set, end) = Self.readSet(scalars, from: index) {
                    parts.append(set)
                    index = end
                } else {
                    parts.append(.character("["))
                }
            default:
                parts.append(.character(scalar))
            }
            index += 1
        }
        self.parts = parts
    }

    /// Whether a text holds a character that makes it a pattern rather than a name: `*`, `?` or `[`.
    package static func isPattern(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Whether a name in a folder matches.
    package func matches(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        if scalars.first == ".", parts.first != .character(".") { return false }
        // The usual matcher with one point to come back to: the last `*`, which then takes one character more.
        var part = 0
        var position = 0
        var starPart: Int?
        var starPosition = 0
        while position < scalars.count {
            if part < parts.count, parts[part] != .anyRun, Self.part(parts[part], matches: scalars[position]) {
                part += 1
                position += 1
            } else if part < parts.count, parts[part] == .anyRun {
                starPart = part
                starPosition = position
                part += 1
            } else if let star = starPart {
                part = star + 1
                starPosition += 1
                position = starPosition
            } else {
                return false
            }
        }
        while part < parts.count, parts[part] == .anyRun { part += 1 }
        return part == parts.count
    }

    /// The pattern as written.
    package var description: String { text }

    /// Whether one part that stands for one character matches a character.
    private static func part(_ part: Part, matches scalar: Unicode.Scalar) -> Bool {
        switch part {
        case .character(let character): return character == scalar
        case .anyOne: return true
        case .anyRun: return false
        case .set(let ranges, let isNegated): return ranges.contains { $0.contains(scalar) } != isNegated
        }
    }

    /// Reads `[…]` from its opening bracket: the set and the index of its closing bracket, or `nil` when none
    /// closes it.
    private static func readSet(_ scalars: [Unicode.Scalar], from start: Int) -> (Part, Int)? {
        var index = start + 1
        var isNegated = false
        if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
            isNegated = true
            index += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var isFirst = true
        while index < scalars.count {
            var scalar = scalars[index]
            // A `]` first in the set is one of its characters.
            if scalar == "]" && !isFirst { return (.set(ranges, isNegated: isNegated), index) }
            isFirst = false
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
                scalar = scalars[index]
            }
            if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                let upper = scalars[index + 2]
                if scalar <= upper { ranges.append(scalar...upper) }
                index += 3
            } else {
                ranges.append(scalar...scalar)
                index += 1
            }
        }
        return nil
    }
}
