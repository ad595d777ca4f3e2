import BadgeKit

/// Completion scripts for bash, zsh and fish, made from the option table.
///
/// Every option completes (aliases too); an enum option completes its values, a path option file
/// names, and `--button` the symbol names after `title:`, then `dot` and `text=`, then the colour
/// names and `show-zero`.
enum ShellCompletion {
    /// The first line of every script: where it comes from.
    static func header(for shell: String) -> String {
        "# \(shell) completion for badgebar, made by 'badgebar --generate \(shell)' from its option table."
    }

    /// The words that may follow the parts of a button specification typed so far, by how many colons it has.
    ///
    /// After the title (one colon) come symbol names; after the symbol, the badge words; after
    /// the badge, colour names, `show-zero` and `noun=`. Nothing is offered for the title itself.
    static let buttonWords: [[String]] = [
        [],
        SymbolTable.all.map(\.name),
        ["dot", "text=", "0"],
        RGBColor.named.map(\.name) + ["show-zero", "hide-zero", ButtonSpecification.nounPrefix],
    ]

    /// Text inside single quotes for a POSIX shell: each `'` closes, escapes and reopens the quotes.
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: #"'\''"#) + "'"
    }
}
