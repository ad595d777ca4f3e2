/// The plain lines line mode writes: every button once, then one line per change, then nothing else.
///
/// Lines carry no escape sequences, no decorative glyphs and no motion: what a
/// screen reader or braille display reads, and what a pipeline can parse. A
/// button is spoken as the status line speaks it (``SpokenText``), its full count
/// and noun, whatever its badge shows.
package enum LineModeWording {
    /// The first line: the toolbar's title, then every button and its value.
    ///
    /// For example `Inbox. Messages: 2 unread; Cart: none unread; Notifications: 96 unread`.
    package static func summary(of toolbar: BadgeToolbar) -> String {
        let buttons = toolbar.buttons.map(SpokenText.describe).joined(separator: "; ")
        return buttons.isEmpty ? toolbar.title : "\(toolbar.title). \(buttons)"
    }

    /// The line for a button whose count changed, or `nil` when what it shows did not change.
    ///
    /// A count badge says how: `Notifications: 98 unread (+2)`, `Messages: 3 unread (-1)`,
    /// `Cart: 1 unread (new)` when it appears, `Messages: none unread (cleared)` when it goes.
    /// A dot or a word has only two values, shown or not: `News: new`, `News: nothing new`.
    ///
    /// - Parameters:
    ///   - button: The button as it is now.
    ///   - previousCount: Its count before the change (before the first of merged changes).
    package static func change(of button: BadgedButton, from previousCount: Int) -> String? {
        let before = max(previousCount, 0)
        let after = max(button.count, 0)
        let spoken = SpokenText.describe(button)
        guard case .count = button.style else {
            return (before > 0) != (after > 0) ? spoken : nil
        }
        switch (before, after) {
        case _ where before == after:
            return nil
        case (0, _):
            return "\(spoken) (new)"
        case (_, 0):
            return "\(spoken) (cleared)"
        default:
            // Both counts are 0 or more, so the difference cannot overflow.
            return after > before ? "\(spoken) (+\(after - before))" : "\(spoken) (-\(before - after))"
        }
    }

    /// The line that says where the focus went, such as `Focus on Cart: 1 unread`.
    package static func focus(on button: BadgedButton) -> String {
        "Focus on \(SpokenText.describe(button))"
    }

    /// The keys line mode answers, in one line, for `?`.
    ///
    /// - Parameter buttonCount: How many buttons there are, for the range of number keys.
    package static func keyHelp(buttonCount: Int) -> String {
        let numbers = KeyBinding.Trigger.buttonNumber.name(buttonCount: buttonCount)
        return "Keys: \(numbers) clear that button's count; Tab and Shift-Tab move the focus; "
            + "Enter clears the focused button; Ctrl-L says every count again; q quits"
    }
}
