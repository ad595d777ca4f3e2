extension BadgeCount {
    /// A count read from decimal digits, with spaces and tabs around them, or `nil` for anything else.
    ///
    /// Numbers too large for `Int` saturate at `Int.max`.
    public static func parse(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// A count read from UTF-8 bytes, by the same rules as the `String` form.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let digits = UTF8Text.trimmingSpaces(bytes, 0..<bytes.count)
        guard !digits.isEmpty else { return nil }
        var value = 0
        var saturated = false
        for byte in bytes[digits] {
            guard (0x30...0x39).contains(byte) else { return nil }
            if !saturated {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - 0x30))
                saturated = overflow1 || overflow2
                value = sum
            }
        }
        return saturated ? .max : value
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
