/// Text as one word for `/bin/sh`.
enum ShellWord {
    /// The text in single quotes, each `'` in it closed, escaped and reopened.
    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
