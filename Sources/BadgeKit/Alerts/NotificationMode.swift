/// When a count going up sends a desktop notification through the terminal (`--notify`).
public enum NotificationMode: String, Sendable, Equatable, CaseIterable {
    /// Never.
    case never
    /// Only while the terminal's window does not have the focus (the terminal reports focus changes).
    case unfocused
    /// Whenever a count goes up.
    case always
}
