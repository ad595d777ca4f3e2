/// Count arithmetic that never traps: sums saturate at the bounds of `Int`.
public enum BadgeCount {
    /// The count plus an amount, saturating at `Int.max` and `Int.min` instead of overflowing.
    public static func adding(_ amount: Int, to count: Int) -> Int {
        let (sum, overflow) = count.addingReportingOverflow(amount)
        guard overflow else { return sum }
        return amount > 0 ? .max : .min
    }

    /// The count less an amount, saturating instead of overflowing, and never below zero.
    public static func subtracting(_ amount: Int, from count: Int) -> Int {
        let (difference, overflow) = count.subtractingReportingOverflow(amount)
        let result = overflow ? (amount > 0 ? Int.min : Int.max) : difference
        return max(result, 0)
    }
}
