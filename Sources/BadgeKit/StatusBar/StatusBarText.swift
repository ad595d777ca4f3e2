/// The text of each ``StatusBarFormat``, from the buttons at rest.
///
/// Every form follows the badge rules of the full screen: a count shows up to its
/// limit and `limit+` past it, a zero count shows nothing (unless `show-zero`), a
/// dot is `●` (`*` with ASCII icons), and badge text is black or white by the
/// luminance of the badge colour as it is shown.
enum StatusBarText {
    /// `💬 3  🛒 1  🔔 99+`: each icon, a space and its badge's text; buttons two spaces apart.
    ///
    /// A button whose count may be out of date (its watch fails) has the stale mark `?` after its badge, or after
    /// its icon when it shows none, in every form; the JSON form says `"stale":true`.
    static func plain(_ toolbar: BadgeToolbar, style: StatusBarStyle) -> String {
        shownIndices(toolbar).map { index in
            let button = toolbar.buttons[index]
            let icon = String(SymbolTable.glyph(named: button.symbolName, style: style.iconStyle))
            if let format = button.barFormat {
                let badge = (badgeText(of: button, style: style) ?? "") + staleMark(toolbar, index)
                return laidOut(format, icon: icon, badge: badge, title: button.title) { $0 }
            }
            return (badgeText(of: button, style: style).map { "\(icon) \($0)" } ?? icon) + staleMark(toolbar, index)
        }.joined(separator: "  ")
    }

    /// A button laid out by its own format (``BadgedButton/barFormat``).
    ///
    /// `{icon}`, `{count}` and `{title}` are replaced by what the form made of them, every other piece of the
    /// format goes through the form's escaping, and blanks at either end are dropped. A `{` that starts no
    /// placeholder is the format's own.
    static func laidOut(
        _ format: String, icon: String, badge: String, title: String, literal: (String) -> String
    ) -> String {
        var result = ""
        var pending = ""
        var rest = Substring(format)
        let placeholders = ["{icon}": icon, "{count}": badge, "{title}": literal(Sanitizer.printable(title))]
        while let first = rest.first {
            if first == "{", let (name, value) = placeholders.first(where: { rest.hasPrefix($0.key) }) {
                result += literal(pending) + value
                pending = ""
                rest = rest.dropFirst(name.count)
            } else {
                pending.append(first)
                rest = rest.dropFirst()
            }
        }
        result += literal(pending)
        return result.trimmingSpaces
    }

    /// The indices of the buttons a bar shows: all but those that hide at zero (`hide-zero`) while their count is
    /// zero and not stale.
    static func shownIndices(_ toolbar: BadgeToolbar) -> [Int] {
        toolbar.buttons.indices.filter { index in
            let button = toolbar.buttons[index]
            return
                !(button.hidesAtZero && button.style == .count && button.count <= 0
                && !toolbar.isStale(buttonAt: index))
        }
    }

    /// The stale mark of a button whose count may be out of date, else nothing.
    static func staleMark(_ toolbar: BadgeToolbar, _ index: Int) -> String {
        toolbar.isStale(buttonAt: index)
            ? String(Character(BadgeToolbar.staleGlyph)) : ""
    }

    /// The plain text with tmux style directives: each count or word badge ` 3 ` in its colours, a dot in its colour.
    ///
    /// Without the directives it reads as the plain form with a space after each
    /// button. `#` is doubled, as tmux formats need. Colours are those of
    /// ``StatusBarStyle/colorDepth`` (`colour196` at 256 colours, `#FF3B30` in 24-bit
    /// colour); without colour a badge is in reverse video and a dot in bold.
    static func tmux(_ toolbar: BadgeToolbar, style: StatusBarStyle) -> String {
        let depth = style.colorDepth
        return shownIndices(toolbar).map { index in
            let button = toolbar.buttons[index]
            let mark = staleMark(toolbar, index)
            let icon = escapedForTmux(String(SymbolTable.glyph(named: button.symbolName, style: style.iconStyle)))
            func own(_ badge: String) -> String? {
                button.barFormat.map {
                    laidOut($0, icon: icon, badge: badge, title: button.title, literal: escapedForTmux) + " "
                }
            }
            guard let text = badgeText(of: button, style: style).map(escapedForTmux) else {
                return own(mark) ?? icon + mark + " "
            }
            let directive: String
            if button.style == .dot {
                directive = depth == .monochrome ? "bold" : "fg=\(tmuxColor(button.shownBadgeColor, depth: depth))"
                let badge = "#[\(directive)]\(text)#[default]\(mark)"
                return own(badge) ?? "\(icon) \(badge) "
            }
            if depth == .monochrome {
                directive = "reverse"
            } else {
                let ink = tmuxColor(depth.badgeTextColor(on: button.shownBadgeColor), depth: depth)
                directive = "fg=\(ink),bg=\(tmuxColor(button.shownBadgeColor, depth: depth))"
            }
            let badge = "#[\(directive)] \(text) #[default]\(mark)"
            return own(badge) ?? icon + badge
        }.joined(separator: " ")
    }

    /// `{"title":"Inbox","total":99,"buttons":[{"title":"Messages",…}]}`: every button with its exact colours.
    ///
    /// Each button has its `title`, `symbol`, `icon`, `count`, `badge` (the text
    /// the badge shows, `null` for none), `badgeColor`, `textColor` (black or white
    /// on the exact colour) and `spoken` (the status line's words). `total` adds the
    /// count badges' counts, saturating.
    static func json(_ toolbar: BadgeToolbar, style: StatusBarStyle) -> String {
        var total = 0
        let buttons = toolbar.buttons.indices.map { index in
            let button = toolbar.buttons[index]
            if button.style == .count {
                total = BadgeCount.adding(max(button.count, 0), to: total)
            }
            return JSONText.object([
                ("title", JSONText.quoted(button.title)),
                ("symbol", JSONText.quoted(button.symbolName)),
                ("icon", JSONText.quoted(String(SymbolTable.glyph(named: button.symbolName, style: style.iconStyle)))),
                ("count", "\(button.count)"),
                ("badge", badgeText(of: button, style: style).map(JSONText.quoted) ?? "null"),
                ("badgeColor", JSONText.quoted(button.shownBadgeColor.description)),
                ("textColor", JSONText.quoted(button.shownBadgeColor.contrastingForeground.description)),
                ("spoken", JSONText.quoted(SpokenText.describe(button))),
                ("stale", staleMark(toolbar, index).isEmpty ? "false" : "true"),
            ])
        }
        return JSONText.object([
            ("title", JSONText.quoted(toolbar.title)), ("total", "\(total)"), ("buttons", JSONText.array(buttons)),
        ])
    }

    /// A button's icon in the style's glyph set.
    static func icon(of button: BadgedButton, style: StatusBarStyle) -> String {
        String(SymbolTable.glyph(named: button.symbolName, style: style.iconStyle))
    }

    /// What a button's badge shows at rest, or `nil` for no badge; a dot in the icons' glyph set.
    static func badgeText(of button: BadgedButton, style: StatusBarStyle) -> String? {
        guard let text = button.badgeText else { return nil }
        return text == BadgeText.dot && style.iconStyle == .ascii ? "*" : text
    }

    /// A colour as tmux names it: the nearest palette entry at the depth (`colour196`), or `#RRGGBB` in 24-bit colour.
    static func tmuxColor(_ color: RGBColor, depth: ColorDepth) -> String {
        ColorPalette.nearestIndex(to: color, depth: depth).map { "colour\($0)" } ?? color.description
    }

    /// Text with each `#` doubled, so tmux shows it instead of reading a format.
    static func escapedForTmux(_ text: String) -> String {
        text.replacing("#", with: "##")
    }
}
