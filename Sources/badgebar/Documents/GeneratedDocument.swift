/// What `--generate` prints: the man page or a shell's completion script, each made from the option table.
enum GeneratedDocument: String, CaseIterable, Sendable {
    /// The man page, `badgebar.1`.
    case man
    /// The man page of the board's file, `badgebar.5`.
    case man5
    /// The bash completion script.
    case bash
    /// The zsh completion function, `_badgebar`.
    case zsh
    /// The fish completions.
    case fish

    /// The document's text.
    var text: String {
        switch self {
        case .man: return ManualPage.text
        case .man5: return ConfigurationManualPage.text
        case .bash: return ShellCompletion.bash
        case .zsh: return ShellCompletion.zsh
        case .fish: return ShellCompletion.fish
        }
    }
}
