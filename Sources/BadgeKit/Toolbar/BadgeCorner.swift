/// The corner of its button a badge sits on.
public enum BadgeCorner: String, Sendable, CaseIterable {
    /// Above the closing bracket, as the original places it.
    case topTrailing = "top-trailing"
    /// Above the opening bracket.
    case topLeading = "top-leading"
    /// Below the closing bracket.
    case bottomTrailing = "bottom-trailing"
    /// Below the opening bracket.
    case bottomLeading = "bottom-leading"

    /// Whether the badge goes on the row above its button (else the row below).
    public var isTop: Bool { self == .topTrailing || self == .topLeading }
    /// Whether the badge hangs off the trailing edge (else the leading edge).
    public var isTrailing: Bool { self == .topTrailing || self == .bottomTrailing }
}
