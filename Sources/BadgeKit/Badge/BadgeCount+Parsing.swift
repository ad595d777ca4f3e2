extension BadgeCount {
    /// A count read from decimal digits, or `nil` for anything else.
    ///
    /// Numbers too large for `Int` saturate at `Int.max`.
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
