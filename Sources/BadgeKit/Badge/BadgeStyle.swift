/// What a badge shows: the count, a dot that only says "something new", or a short word.
public enum BadgeStyle: Sendable, Equatable {
    /// The number, or `limit+` past the limit.
    case count
    /// One cell, no number: shown while the count is above zero.
    case dot
    /// A short word such as `new` or `!`, shown while the count is above zero; shortened with an ellipsis when it has no room.
    case text(String)
}
