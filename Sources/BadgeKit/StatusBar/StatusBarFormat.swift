/// The forms `--once` prints a toolbar in, for status bars and scripts: plain text, tmux, JSON or i3bar.
///
/// Each is a pure function of the toolbar's buttons (their counts at rest, no
/// motion) and a ``StatusBarStyle``, so a fixed toolbar always gives the same text.
public enum StatusBarFormat: String, Sendable, CaseIterable {
    /// Icons and badge texts: `💬 3  🛒 1  🔔 99+`.
    case plain
    /// The same, with tmux style directives (`#[fg=colour231,bg=colour196]`) in the badge colours.
    case tmux
    /// One JSON object with every button's title, count, badge text and colours.
    case json
    /// One status line of the i3bar protocol: a JSON array of blocks with `full_text` and colours.
    case i3bar

    /// The toolbar in this form, one line without its line end.
    public func render(_ toolbar: BadgeToolbar, style: StatusBarStyle) -> String {
        switch self {
        case .plain: StatusBarText.plain(toolbar, style: style)
        case .tmux: StatusBarText.tmux(toolbar, style: style)
        case .json: StatusBarText.json(toolbar, style: style)
        case .i3bar: StatusBarText.i3bar(toolbar, style: style)
        }
    }
}

/// How a status bar shows badges: the icons' glyph set and the colours it has.
public struct StatusBarStyle: Sendable, Equatable {
    /// Which glyphs stand for the symbols.
    public var iconStyle: IconStyle
    /// The colours the tmux form shows badges in, as the nearest of them.
    ///
    /// ``ColorDepth/monochrome`` means no colour: reverse video in tmux, no colours in
    /// the i3bar form. The JSON form always gives exact colours.
    public var colorDepth: ColorDepth

    /// Creates a style.
    public init(iconStyle: IconStyle, colorDepth: ColorDepth) {
        self.iconStyle = iconStyle
        self.colorDepth = colorDepth
    }
}
