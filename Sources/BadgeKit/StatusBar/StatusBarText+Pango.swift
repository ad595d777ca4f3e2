/// The forms in Pango markup: i3bar's blocks, Waybar's JSON line and i3blocks' line.
extension StatusBarText {
    /// `💬<span background="#FF3B30" foreground="#FFFFFF"> 3 </span>`: a button's icon and its badge in its colours.
    ///
    /// A count or word badge is its text with a space either side on the badge
    /// colour, in black or white by its luminance; a dot is `●` in the badge colour
    /// after a space. Without colour the badge is its text after a space, as in the
    /// plain form. The stale mark follows the badge, or the icon when there is none.
    /// All text is escaped for Pango.
    static func pangoButton(_ toolbar: BadgeToolbar, _ index: Int, style: StatusBarStyle) -> String {
        let button = toolbar.buttons[index]
        let icon = PangoMarkup.escaped(icon(of: button, style: style))
        let mark = staleMark(toolbar, index)
        func own(_ badge: String) -> String? {
            button.barFormat.map {
                laidOut($0, icon: icon, badge: badge + mark, title: button.title, literal: PangoMarkup.escaped)
            }
        }
        guard let text = badgeText(of: button, style: style).map(PangoMarkup.escaped) else {
            return own("") ?? icon + mark
        }
        if style.colorDepth == .monochrome {
            return own(text) ?? "\(icon) \(text)\(mark)"
        }
        if button.style == .dot {
            let badge = PangoMarkup.span(text, foreground: button.shownBadgeColor)
            return own(badge) ?? "\(icon) " + badge + mark
        }
        let badge = PangoMarkup.span(
            " \(text) ", foreground: button.shownBadgeColor.contrastingForeground, background: button.shownBadgeColor)
        return own(badge) ?? icon + badge + mark
    }

    /// `💬3`: a button's icon and its bare badge text with no space and no colour, escaped for Pango.
    static func pangoShortButton(_ toolbar: BadgeToolbar, _ index: Int, style: StatusBarStyle) -> String {
        let button = toolbar.buttons[index]
        let badge = (badgeText(of: button, style: style) ?? "") + staleMark(toolbar, index)
        if let format = button.barFormat {
            return laidOut(
                format, icon: PangoMarkup.escaped(icon(of: button, style: style)), badge: PangoMarkup.escaped(badge),
                title: button.title, literal: PangoMarkup.escaped)
        }
        return PangoMarkup.escaped(icon(of: button, style: style) + badge)
    }

    /// Every button in Pango markup, two spaces apart: i3blocks' line and Waybar's `text`.
    static func pango(_ toolbar: BadgeToolbar, style: StatusBarStyle) -> String {
        shownIndices(toolbar).map { pangoButton(toolbar, $0, style: style) }.joined(separator: "  ")
    }

    /// `[{"name":"badgebar","instance":"Messages","full_text":"💬<span …> 3 </span>",…}]`: a block per button.
    ///
    /// Each block has `name`, `instance` (the title), `full_text` (``pangoButton(_:_:style:)``),
    /// `short_text` (``pangoShortButton(_:_:style:)``), `"markup":"pango"`, `"urgent":true`
    /// while its count is rising, and no separator line but 12 pixels after it.
    static func i3bar(_ toolbar: BadgeToolbar, style: StatusBarStyle, state: StatusBarState) -> String {
        let shown = shownIndices(toolbar)
        let blocks = shown.map { index in
            // The padding goes before the first block and after the last, off the screen's edge.
            let before = index == shown.first ? style.paddingText : ""
            let after = index == shown.last ? style.paddingText : ""
            var members: [(key: String, value: String)] = [
                ("name", JSONText.quoted("badgebar")),
                ("instance", JSONText.quoted(toolbar.buttons[index].title)),
                ("full_text", JSONText.quoted(before + pangoButton(toolbar, index, style: style) + after)),
                ("short_text", JSONText.quoted(before + pangoShortButton(toolbar, index, style: style) + after)),
                ("markup", JSONText.quoted("pango")),
            ]
            if state.risingButtons.contains(index) {
                members.append(("urgent", "true"))
            }
            members += [("separator", "false"), ("separator_block_width", "12")]
            return JSONText.object(members)
        }
        return JSONText.array(blocks)
    }

    /// `{"text":"💬<span …> 3 </span>  …","tooltip":"Messages: 3 unread\n…","class":["unread"],"alt":"unread"}`.
    ///
    /// See ``StatusBarFormat/waybar`` for what each member means.
    static func waybar(_ toolbar: BadgeToolbar, style: StatusBarStyle, state: StatusBarState) -> String {
        let tooltip = toolbar.buttons.indices.map { PangoMarkup.escaped(spokenLine(toolbar, $0, state: state)) }
        let unread = toolbar.buttons.contains { $0.count > 0 }
        var classes = [unread ? "unread" : "none"]
        if toolbar.staleReasons.contains(where: { $0 != nil }) {
            classes.append("stale")
        }
        if state.risingButtons.contains(where: toolbar.buttons.indices.contains) {
            classes.append("rising")
        }
        return JSONText.object([
            ("text", JSONText.quoted(style.paddingText + pango(toolbar, style: style) + style.paddingText)),
            ("tooltip", JSONText.quoted(tooltip.joined(separator: "\n"))),
            ("class", JSONText.array(classes.map(JSONText.quoted))),
            ("alt", JSONText.quoted(classes[0])),
        ])
    }

    /// What the status line says for a button, `Mail: 5 unread`, and `(stale: reason)` if its count may be out of date.
    static func spokenLine(_ toolbar: BadgeToolbar, _ index: Int, state: StatusBarState) -> String {
        let text = SpokenText.describe(toolbar.buttons[index])
        guard !staleMark(toolbar, index).isEmpty else { return text }
        let reason = toolbar.staleReasons.indices.contains(index) ? toolbar.staleReasons[index] : nil
        return text + (reason.flatMap { $0.isEmpty ? nil : " (stale: \($0))" } ?? " (stale)")
    }
}
