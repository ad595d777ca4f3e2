/// Text as one word for `/bin/sh`.
package enum ShellWord {
    /// The text in single quotes, each `'` in it closed, escaped and reopened.
    package static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
