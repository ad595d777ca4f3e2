extension BadgeToolbar {
    /// The button a click lands on, for the toolbar drawn with its button row at `toolbarRow` of a screen
    /// `screenColumns` wide (the badges sit on the row above, which counts as the button's too).
    ///
    /// - Returns: The button's index, or `nil` when the event is no left click on a button.
    public func buttonIndex(
        clickedBy event: InputEvent, toolbarRow: Int, screenColumns: Int, appearance: ToolbarAppearance
    ) -> Int? {
        guard case .mouse(let mouse) = event, mouse.action == .leftPress || mouse.action == .leftClick else {
            return nil
        }
        return layout(screenColumns: screenColumns, row: toolbarRow, appearance: appearance)
            .buttonIndex(atColumn: mouse.column, row: mouse.row)
    }

    /// Presses the button a click lands on, as a key press of it would (by default clearing its count).
    ///
    /// - Parameters:
    ///   - event: The input; anything but a left click on a button changes nothing.
    ///   - toolbarRow: The row the toolbar's buttons are drawn on, as given to ``render(into:row:at:appearance:showsFocus:)``.
    ///   - screenColumns: The screen's width.
    ///   - appearance: The appearance it is drawn with.
    ///   - time: When.
    /// - Returns: The button pressed, or `nil` for none.
    @discardableResult
    public mutating func pressButton(
        clickedBy event: InputEvent, toolbarRow: Int, screenColumns: Int, appearance: ToolbarAppearance,
        at time: Double
    ) -> Int? {
        guard
            let index = buttonIndex(
                clickedBy: event, toolbarRow: toolbarRow, screenColumns: screenColumns, appearance: appearance)
        else { return nil }
        press(buttonAt: index, at: time)
        return index
    }

    /// The total of the count badges (dots and words left out), saturating.
    public var badgeTotal: Int {
        buttons.reduce(0) { total, button in
            guard case .count = button.style, button.count > 0 else { return total }
            return BadgeCount.adding(button.count, to: total)
        }
    }

    /// The window's title for this toolbar: its title with the total of its count badges in front,
    /// `(101) Inbox`, as web apps put unread counts in browser tabs; the title alone when the total is zero.
    public var windowTitle: String {
        let total = badgeTotal
        return total > 0 ? "(\(total)) \(title)" : title
    }
}
