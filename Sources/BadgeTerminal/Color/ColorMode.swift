/// Whether to use colour: decided from the terminal and NO_COLOR, or forced on or off.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour when the terminal has it and NO_COLOR is unset or empty.
    case auto
    /// Colour whenever the terminal has it, NO_COLOR notwithstanding.
    case always
    /// No colour: badges in reverse video.
    case never

    /// Whether colour is wanted, given the value of NO_COLOR.
    ///
    /// NO_COLOR turns colour off when it is set to a non-empty value;
    /// `always` and `never` override it.
    public func wantsColor(noColorVariable: String?) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return (noColorVariable ?? "").isEmpty
        }
    }
}
