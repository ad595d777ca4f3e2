/// The rules that turn a count into the text its badge shows.
public enum BadgeText {
    /// The limit past which a badge shows `limit+`, as in the original component.
    public static let defaultLimit = 99

    /// The text that stands for a dot badge: one cell, no number.
    public static let dot = "\u{25CF}"

    /// The text of a badge: none for a count of zero or less, the number, or `limit+` past the limit.
    ///
    /// - Parameters:
    ///   - count: The count to show.
    ///   - limit: The largest number shown as it is; at least 1 (smaller limits count as 1).
    public static func text(for count: Int, limit: Int = defaultLimit) -> String? {
        guard count > 0 else { return nil }
        let limit = max(limit, 1)
        return count > limit ? "\(limit)+" : "\(count)"
    }
}
