/// Durations as people type them on a command line: `2s`, `1.5s`, `5m`, `500ms`, `1h`.
///
/// A number (whole or with a decimal point) and a unit: `ms`, `s`, `m` or `h`;
/// a number alone is seconds. Watches run at most every ``shortestSeconds`` and
/// at least once a day, so a typo cannot start a command thousands of times a second.
package enum DurationText {
    /// The shortest duration accepted, in seconds.
    package static let shortestSeconds = 0.1
    /// The longest duration accepted, in seconds: a day.
    package static let longestSeconds = 86_400.0
    /// Examples for messages and help.
    package static let examples = "2s, 1.5s, 5m or 500ms"

    /// The duration a text gives, in seconds, or `nil` when it is not one or out of range.
    package static func parse(_ text: String) -> Double? {
        var number = Substring(text.trimmingSpaces)
        var unitSeconds = 1.0
        for (suffix, seconds) in [("ms", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0)] where number.hasSuffix(suffix)
        {
            number = number.dropLast(suffix.count)
            unitSeconds = seconds
            break
        }
        guard let value = decimal(number) else { return nil }
        let seconds = value * unitSeconds
        guard seconds >= shortestSeconds - 1e-9, seconds <= longestSeconds else { return nil }
        return seconds
    }

    /// A decimal number without sign or exponent (`2`, `1.5`, `.5`), or `nil`.
    private static func decimal(_ text: Substring) -> Double? {
        guard !text.isEmpty, text != ".", text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            text.filter({ $0 == "." }).count <= 1
        else { return nil }
        return Double(text.hasPrefix(".") ? "0" + text : String(text))
    }

    /// A duration the way it would be typed: `30s`, `1.5s`, `5m`, `500ms`, `2h`.
    package static func describe(seconds: Double) -> String {
        if seconds < 1 {
            return "\(Int((seconds * 1000).rounded()))ms"
        }
        for (unit, size) in [("h", 3600.0), ("m", 60.0)] where seconds >= size {
            let count = seconds / size
            if count == count.rounded() { return "\(Int(count))\(unit)" }
        }
        let tenths = (seconds * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths))s" : "\(tenths)s"
    }
}
