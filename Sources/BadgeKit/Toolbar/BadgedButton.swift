/// An icon button with a count in a badge on its corner, the terminal form of SwiftUI's badged icon button.
public struct BadgedButton: Sendable, Equatable {
    /// The button's name, spoken by the status line (`Notifications`).
    public var title: String
    /// The SF Symbols name of its icon (`bell`), looked up in ``SymbolTable``.
    public var symbolName: String
    /// The count; the badge shows it when above zero.
    public var count: Int
    /// The largest count shown as a number; past it the badge reads `limit+`.
    public var limit: Int
    /// The badge's colour; its text is black or white, whichever reads on it.
    public var badgeColor: RGBColor

    /// Creates a button, with the original's defaults: a limit of 99 and a red badge.
    public init(
        title: String,
        symbolName: String,
        count: Int,
        limit: Int = BadgeText.defaultLimit,
        badgeColor: RGBColor = .systemRed
    ) {
        self.title = title
        self.symbolName = symbolName
        self.count = count
        self.limit = max(limit, 1)
        self.badgeColor = badgeColor
    }

    /// The text the badge shows, or `nil` when there is no badge.
    public var badgeText: String? {
        BadgeText.text(for: count, limit: limit)
    }
}
