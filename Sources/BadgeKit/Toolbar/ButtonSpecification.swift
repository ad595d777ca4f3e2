/// Parses the command line's description of a button, `title:symbol:count[:colour]`.
///
/// For example `Mail:envelope:5` or `Builds:hammer:0:yellow`. The colour is a
/// SwiftUI colour name or `#RRGGBB`. Titles lose their control characters, so no
/// escape sequence can reach the terminal through them.
public enum ButtonSpecification {
    /// A specification that cannot be read, with a message naming the bad part.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The problem in one line.
        public var message: String
        /// The problem in one line.
        public var description: String { message }
    }

    /// The button a specification describes.
    ///
    /// - Parameters:
    ///   - text: The specification, such as `Mail:envelope:5:blue`.
    ///   - limit: The limit the button's badge gets.
    /// - Throws: ``ParseError`` naming the part that is wrong.
    public static func parse(_ text: String, limit: Int = BadgeText.defaultLimit) throws(ParseError) -> BadgedButton {
        let shown = Sanitizer.printable(text)
        func failure(_ problem: String) -> ParseError {
            ParseError(message: "--button '\(shown)': \(problem)")
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else {
            throw failure("expected title:symbol:count[:colour], e.g. Mail:envelope:5")
        }
        guard parts.count <= 4 else {
            throw failure("too many parts; expected title:symbol:count[:colour]")
        }
        let title = Sanitizer.printable(parts[0], replacement: nil).trimmingSpaces
        guard !title.isEmpty else { throw failure("the title is empty") }
        let symbol = parts[1]
        guard SymbolTable.symbol(named: symbol) != nil else {
            let known = SymbolTable.all.map(\.name).joined(separator: ", ")
            throw failure("unknown symbol '\(Sanitizer.printable(symbol))' (known: \(known))")
        }
        guard let count = BadgeCount.parse(parts[2]) else {
            throw failure("the count '\(Sanitizer.printable(parts[2]))' is not a whole number 0 or more")
        }
        var color = RGBColor.systemRed
        if parts.count == 4 {
            guard let parsed = RGBColor(specification: parts[3]) else {
                let names = RGBColor.named.map(\.name).joined(separator: ", ")
                throw failure("unknown colour '\(Sanitizer.printable(parts[3]))' (use #RRGGBB or one of \(names))")
            }
            color = parsed
        }
        return BadgedButton(title: title, symbolName: symbol, count: count, limit: limit, badgeColor: color)
    }
}

extension RGBColor {
    /// A colour from a SwiftUI name (`blue`) or a hex triple (`#007AFF`), or `nil`.
    public init?(specification: String) {
        if let named = RGBColor(named: specification) {
            self = named
            return
        }
        let digits = specification.hasPrefix("#") ? specification.dropFirst() : Substring(specification)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(hex: value)
    }
}

extension BadgeCount {
    /// A count from decimal digits; numbers too large for `Int` saturate at `Int.max`. `nil` for anything else.
    public static func parse(_ text: String) -> Int? {
        let digits = text.trimmingSpaces
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits) ?? .max
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
