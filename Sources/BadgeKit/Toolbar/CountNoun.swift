/// What a button counts, in the singular and the plural, so its count is spoken as `1 unread message`.
public struct CountNoun: Sendable, Hashable {
    /// The word for one, such as `message`.
    public var singular: String
    /// The word for none or many, such as `messages`.
    public var plural: String

    /// Creates a noun from its two forms.
    public init(singular: String, plural: String) {
        self.singular = singular
        self.plural = plural
    }

    /// The word for a count: the singular for exactly one, the plural for any other count.
    public func word(for count: Int) -> String {
        count == 1 ? singular : plural
    }
}
