/// An icon button with a count in a badge on its corner, the terminal form of SwiftUI's badged icon button.
public struct BadgedButton: Sendable, Equatable {
    /// Whether two buttons look the same: every property but the action, which cannot be compared.
    public static func == (lhs: BadgedButton, rhs: BadgedButton) -> Bool {
        lhs.title == rhs.title && lhs.symbolName == rhs.symbolName && lhs.count == rhs.count && lhs.limit == rhs.limit
            && lhs.badgeColor == rhs.badgeColor && lhs.style == rhs.style && lhs.showsZero == rhs.showsZero
            && lhs.hidesAtZero == rhs.hidesAtZero && lhs.noun == rhs.noun && lhs.colorsFromCount == rhs.colorsFromCount
            && lhs.barFormat == rhs.barFormat
    }

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
    /// Other colours the badge takes from a count on, by that count, as warning and critical levels.
    ///
    /// `[10: .systemOrange, 50: .systemRed]` keeps ``badgeColor`` below 10. Empty by default.
    public var colorsFromCount: [Int: RGBColor] = [:]
    /// How a status bar lays the button out, or `nil` for the icon and then the badge.
    ///
    /// A text of one's own with `{icon}`, `{count}` (the badge in its colours, and the stale mark) and
    /// `{title}` in it, such as `{icon} {title} {count}`. Blanks at either end are dropped; the full screen
    /// keeps its own layout.
    public var barFormat: String?
    /// What the badge shows while the count is above zero: the number, a dot, or a word.
    public var style: BadgeStyle
    /// Whether a count of zero shows `0` rather than no badge (count badges only).
    public var showsZero: Bool
    /// Whether a status bar leaves the whole button out, icon too, while its count is zero and not stale (count
    /// badges only); the full screen always shows it.
    public var hidesAtZero: Bool
    /// What the count counts, if said (count badges only): `message`, so it is spoken as `3 unread messages`.
    public var noun: CountNoun?
    /// What pressing the button does to its count; by default it clears it, as the original demo's actions do.
    ///
    /// The action gets the count to change and may do anything else besides
    /// (log, open a view, send a message); the toolbar animates the change.
    public var action: @Sendable (inout Int) -> Void

    /// Creates a button, with the original's defaults: a limit of 99 and a red badge.
    public init(
        title: String,
        symbolName: String,
        count: Int,
        limit: Int = BadgeText.defaultLimit,
        badgeColor: RGBColor = .systemRed,
        style: BadgeStyle = .count,
        showsZero: Bool = false,
        hidesAtZero: Bool = false,
        noun: CountNoun? = nil,
        action: @escaping @Sendable (inout Int) -> Void = { $0 = 0 }
    ) {
        self.style = style
        self.showsZero = showsZero
        self.hidesAtZero = hidesAtZero
        self.noun = noun
        self.action = action
        self.title = title
        self.symbolName = symbolName
        self.count = count
        self.limit = max(limit, 1)
        self.badgeColor = badgeColor
    }

    /// The colour the badge has at its count: that of the highest step of ``colorsFromCount`` the count has
    /// reached, else ``badgeColor``.
    public var shownBadgeColor: RGBColor {
        guard let step = colorsFromCount.keys.filter({ $0 <= count }).max() else { return badgeColor }
        return colorsFromCount[step] ?? badgeColor
    }

    /// The text the badge shows, or `nil` when there is no badge.
    public var badgeText: String? {
        switch style {
        case .count:
            if count <= 0 && showsZero { return "0" }
            return BadgeText.text(for: count, limit: limit)
        case .dot:
            return count > 0 ? BadgeText.dot : nil
        case .text(let word):
            return count > 0 ? word : nil
        }
    }

    /// Adds to the count, saturating at `Int.max` instead of overflowing; the badge still caps its text at the limit.
    public mutating func increment(by amount: Int = 1) {
        count = BadgeCount.adding(max(amount, 0), to: max(count, 0))
    }

    /// Takes from the count, never going below zero and never trapping.
    public mutating func decrement(by amount: Int = 1) {
        count = BadgeCount.subtracting(max(amount, 0), from: count)
    }

    /// What a screen reader says the badge shows: `142 unread`, `none unread`, `new`, or the word.
    ///
    /// With a ``noun`` the count says what it counts, in full even past the limit:
    /// `1 unread message`, `142 unread messages`, `no unread messages`.
    public var accessibilityValue: String {
        switch style {
        case .count:
            if let noun {
                count > 0 ? "\(count) unread \(noun.word(for: count))" : "no unread \(noun.plural)"
            } else {
                count > 0 ? "\(count) unread" : "none unread"
            }
        case .dot: count > 0 ? "new" : "nothing new"
        case .text(let word): count > 0 ? word : "none"
        }
    }
}
