/// polybar's form: format tags for the colours and, with a press command, a click area per button.
extension StatusBarText {
    /// `💬%{B#FF3B30}%{F#FFFFFF} 3 %{B- F-}  🛒…`: each icon and its badge in format tags, buttons two spaces apart.
    ///
    /// A count or word badge is its text with a space either side on the badge
    /// colour; a dot is `●` in the badge colour after a space; without colour a
    /// badge is its text after a space. The stale mark follows the badge, or the
    /// icon. With a press command each button is wrapped in `%{A1:command:}…%{A}`, and in one more area for each
    /// other mouse button that acts on it (`%{A2:…:}` for the middle one, `%{A4:…:}` for the wheel up).
    static func polybar(
        _ toolbar: BadgeToolbar, style: StatusBarStyle, state: StatusBarState, pressCommand: StatusBarPressCommand?
    ) -> String {
        shownIndices(toolbar).map { index in
            let button = toolbar.buttons[index]
            let icon = escapedForPolybar(icon(of: button, style: style))
            var badge = ""
            var body = icon
            if let text = badgeText(of: button, style: style).map(escapedForPolybar) {
                if style.colorDepth == .monochrome {
                    badge = text
                    body = "\(icon) \(text)"
                } else if button.style == .dot {
                    badge = "%{F\(button.shownBadgeColor)}\(text)%{F-}"
                    body = "\(icon) \(badge)"
                } else {
                    let ink = button.shownBadgeColor.contrastingForeground
                    badge = "%{B\(button.shownBadgeColor)}%{F\(ink)} \(text) %{B- F-}"
                    body = icon + badge
                }
            }
            body += staleMark(toolbar, index)
            if let format = button.barFormat {
                body = laidOut(
                    format, icon: icon, badge: badge + staleMark(toolbar, index), title: button.title,
                    literal: escapedForPolybar)
            }
            guard let pressCommand else { return body }
            for mouseButton in state.mouseButtons(forButtonAt: index).reversed() {
                let command = pressCommand.command(forTitle: button.title, mouseButton: mouseButton)
                body = "%{A\(mouseButton.barNumber):\(escapedForPolybarAction(command)):}\(body)%{A}"
            }
            return body
        }.joined(separator: "  ")
    }

    /// Text polybar shows as it is: a zero-width space between `%` and `{`, control characters left out.
    ///
    /// polybar 3.6 reads `%{` as the start of a format tag wherever it is and has
    /// no escape for it (`%%` is not one: it shows both signs), so the two are kept
    /// apart by a character that takes no room. A lone `%` needs nothing.
    static func escapedForPolybar(_ text: String) -> String {
        Sanitizer.printable(text, replacement: nil).replacing("%{", with: "%\u{200B}{")
    }

    /// A command for an action tag: each `:` as `\:`, which polybar reads as a colon, and never a backslash last.
    ///
    /// polybar ends the command at the first `:` without a backslash before it, and
    /// takes away that backslash; a command ending in a backslash would escape the
    /// closing colon, so a space follows it.
    static func escapedForPolybarAction(_ command: String) -> String {
        let escaped = command.replacing(":", with: "\\:")
        return escaped.hasSuffix("\\") ? escaped + " " : escaped
    }
}
