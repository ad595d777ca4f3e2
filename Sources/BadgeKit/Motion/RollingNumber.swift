/// A badge's number as a roll sees it: a value, and the limit when the text is the limit form (`99+`).
///
/// A roll moves through values, not through digits, so every text it shows is
/// a number between the two it joins: `12` to `9` reads 12, 11, 10, 9, never
/// 02 or 0. The limit form stands for one past the limit, so `95` to `99+`
/// reads 95 … 99, 99+.
struct RollingNumber: Sendable, Equatable {
    /// The value: the number itself, or one past the limit for the limit form.
    var value: Int
    /// The limit the text names when it is the limit form (`99+` names 99), else `nil`.
    var limit: Int?

    /// Reads a badge text: ASCII digits alone, or digits followed by `+`; any other text is no number to roll.
    init?(_ text: String) {
        var digits = Substring(text)
        let isLimitForm = digits.last == "+"
        if isLimitForm {
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(digits) else {
            return nil
        }
        if isLimitForm {
            guard number < Int.max else { return nil }
            value = number + 1
            limit = number
        } else {
            value = number
            limit = nil
        }
    }

    /// The text shown part-way from one number to another: the value that far along, rounded, in the limit form
    /// past the limit.
    ///
    /// - Parameters:
    ///   - from: Where the roll starts.
    ///   - to: Where it ends.
    ///   - progress: How far along, 0 at the start and 1 at the end; values outside are taken as the nearer end, so a
    ///     spring's overshoot never shows a number past the new one.
    static func text(from: RollingNumber, to: RollingNumber, progress: Double) -> String {
        let fraction = progress.isNaN ? 1 : min(max(progress, 0), 1)
        // Both values are at least zero, so their distance fits in an Int.
        let distance = (to.value - from.value).magnitude
        let scaled = Double(distance) * fraction
        let steps = scaled >= Double(Int.max) ? distance : min(UInt(scaled.rounded()), distance)
        let value = to.value >= from.value ? from.value + Int(steps) : from.value - Int(steps)
        if let limit = to.limit ?? from.limit, value > limit {
            return "\(limit)+"
        }
        return "\(value)"
    }
}
