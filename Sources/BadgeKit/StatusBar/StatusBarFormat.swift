/// The forms a toolbar is printed in for status bars and scripts: plain text, tmux, JSON, and the bars' own forms.
///
/// Each is a pure function of the toolbar's buttons (their counts at rest, no
/// motion, their stale marks), a ``StatusBarStyle`` and what a stream knows
/// besides (``StatusBarState``), so a fixed toolbar always gives the same text.
/// Every form shows every button's icon, whatever its count or source: a button
/// whose count may be out of date carries the stale mark `?`, so a failing watch
/// or an unreadable counts source never makes a blank line.
public enum StatusBarFormat: String, Sendable, CaseIterable {
    /// Icons and badge texts: `💬 3  🛒 1  🔔 99+`.
    case plain
    /// The same, with tmux style directives (`#[fg=colour231,bg=colour196]`) in the badge colours.
    case tmux
    /// One JSON object with every button's title, count, badge text and colours.
    case json
    /// One status line of the i3bar protocol (i3bar and swaybar): a JSON array of blocks, one per button.
    ///
    /// Each block has `name` (`badgebar`), `instance` (the button's title, which a
    /// click event names), a `full_text` in Pango markup (`"markup":"pango"`) with the
    /// icon and the badge in its colours, a `short_text` with the icon and the bare
    /// badge text, and `"urgent":true` while the button's count is rising. The bars
    /// read a command that keeps running: see ``isStreamOnly`` and ``StatusBarStream``.
    case i3bar
    /// One line of JSON for a Waybar `custom` module with `"return-type": "json"`.
    ///
    /// `text` has the icons with their badges in Pango markup; `tooltip` says what
    /// the status line says for each button, one a line; `class` is a list:
    /// `unread` when some button's count is above zero (its badge shows a number, a
    /// dot or a word) or `none` when none is, then `stale` when some count may be out
    /// of date and `rising` when some count rose; `alt` is `unread` or `none`, for
    /// `format-icons`. There is no `percentage`: counts have no upper bound, so any
    /// share of one would be made up. Leave the module's `escape` off, or the
    /// markup shows as text.
    case waybar
    /// One line for polybar's `custom/script` module: the icons and badges in format tags.
    ///
    /// A badge is `%{B#FF3B30}%{F#FFFFFF} 3 %{B- F-}` after its icon, a dot
    /// `%{F#007AFF}●%{F-}`; with a ``StatusBarPressCommand`` each button is a click
    /// area, `%{A1:command:}…%{A}`. With `tail = true` polybar shows each line of a
    /// command that keeps running; without, it runs the command at its `interval`.
    case polybar
    /// One line for an i3blocks 1.4 block with `markup=pango`: the icons with their badges in Pango markup.
    ///
    /// i3blocks reads the line as the block's `full_text`, both from a command it
    /// runs at an `interval` and from one that keeps running (`interval=persist`),
    /// where each line is an update. Without `markup=pango` the spans show as text.
    case i3blocks

    /// The toolbar in this form, one line without its line end.
    ///
    /// - Parameters:
    ///   - toolbar: The buttons and their counts, as they are now.
    ///   - style: The icons' glyph set and the colours the bar has.
    ///   - state: What a stream knows besides the toolbar: the buttons whose counts
    ///     are rising and why counts may be out of date. `--once` knows neither.
    ///   - pressCommand: The command a click on a button runs, in the forms that can
    ///     say one (polybar); the others ignore it.
    public func render(
        _ toolbar: BadgeToolbar, style: StatusBarStyle, state: StatusBarState = StatusBarState(),
        pressCommand: StatusBarPressCommand? = nil
    ) -> String {
        let pad = style.paddingText
        switch self {
        case .plain: return pad + StatusBarText.plain(toolbar, style: style) + pad
        case .tmux: return pad + StatusBarText.tmux(toolbar, style: style) + pad
        case .json: return StatusBarText.json(toolbar, style: style)
        case .i3bar: return StatusBarText.i3bar(toolbar, style: style, state: state)
        case .waybar: return StatusBarText.waybar(toolbar, style: style, state: state)
        case .polybar:
            return pad + StatusBarText.polybar(toolbar, style: style, state: state, pressCommand: pressCommand) + pad
        case .i3blocks: return pad + StatusBarText.pango(toolbar, style: style) + pad
        }
    }

    /// Whether the bar reads only a command that keeps running, so printing the toolbar once is of no use to it.
    ///
    /// i3bar and swaybar want the protocol's header before any status line, and
    /// show a command that ends as an error, so a front end that prints once
    /// should refuse such a form, saying ``onceRefusal``.
    public var isStreamOnly: Bool { self == .i3bar }

    /// Whether the form shows which counts rose lately, as i3bar's `urgent` and Waybar's class `rising` do.
    ///
    /// See ``StatusBarState/risingButtons``. A stream in another form need not wake when a rise stops counting.
    public var showsRising: Bool { self == .i3bar || self == .waybar }

    /// What `--once` says to refuse a form that only a stream can give, or `nil` for a form it can print.
    public var onceRefusal: String? {
        guard isStreamOnly else { return nil }
        return "--format \(rawValue) is for a bar that reads a command that keeps running (i3bar, swaybar): "
            + "give --stream instead of --once"
    }

    /// What a stream writes once, before its first line: the i3bar protocol's header and the opening `[`.
    ///
    /// `{"version":1,"click_events":true}` on a line, then `[` on a line; empty for
    /// every other form. ``StatusBarStream`` writes it with its first line.
    public var streamHeader: String {
        self == .i3bar ? "{\"version\":1,\"click_events\":true}\n[\n" : ""
    }
}

/// How a status bar shows badges: the icons' glyph set and the colours it has.
public struct StatusBarStyle: Sendable, Equatable {
    /// Which glyphs stand for the symbols.
    public var iconStyle: IconStyle
    /// The colours the tmux form shows badges in, as the nearest of them.
    ///
    /// ``ColorDepth/monochrome`` means no colour: reverse video in tmux, no colours in
    /// the i3bar, Waybar, polybar and i3blocks forms. Those forms otherwise give the
    /// exact colours, as the JSON form always does.
    public var colorDepth: ColorDepth
    /// How many spaces keep the buttons off what is beside them, at both ends of the line.
    ///
    /// In i3bar's form they go before the first block and after the last. They keep the badge off the screen's
    /// edge in i3bar, swaybar and Waybar's default style. The JSON form has none.
    public var padding: Int

    /// Creates a style.
    public init(iconStyle: IconStyle, colorDepth: ColorDepth, padding: Int = 0) {
        self.iconStyle = iconStyle
        self.colorDepth = colorDepth
        self.padding = max(0, padding)
    }

    /// The spaces of ``padding``.
    var paddingText: String { String(repeating: " ", count: padding) }
}
