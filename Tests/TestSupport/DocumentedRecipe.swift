/// The status-bar recipes of `Tests/Fixtures/StatusBarRecipes` as the documentation shows them.
///
/// The recipes say `@BADGEBAR@` for the program and `@FIFO@`, `@CONTROL@` and `@COUNTS@` for paths; the
/// documentation (`docs/status-bars.md`) writes the program on the `PATH`, the counts file of the
/// tmux recipe, and FIFOs in the user's runtime folder (every bar runs these commands through a shell,
/// which expands the variable). The tests that compare the documentation with the recipes use this one table.
public enum DocumentedRecipe {
    /// Each placeholder and what the documentation writes for it.
    public static let names = [
        "@BADGEBAR@": "badgebar", "@COUNTS@": "~/.cache/badgebar-counts",
        "@FIFO@": "$XDG_RUNTIME_DIR/badgebar-counts", "@CONTROL@": "$XDG_RUNTIME_DIR/badgebar-control",
    ]

    /// A recipe's text with the documentation's names in place of the placeholders.
    public static func text(of recipe: String) -> String {
        var text = recipe
        for (placeholder, documented) in names {
            text = text.replacing(placeholder, with: documented)
        }
        return text
    }
}
