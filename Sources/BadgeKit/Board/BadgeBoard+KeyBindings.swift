extension BadgeBoard {
    /// Every key and click the toolbar answers, in the order the help lists them.
    ///
    /// The one table of keys: ``handle(_:at:layout:)`` looks events up here (the first
    /// binding that matches wins), ``helpLines`` lists it, `badgebar --help` and its man page
    /// are made from it, and a test holds the key table of `docs/keys-and-options.md` to it. To add a key, add
    /// a row here, and an ``KeyBinding/Action`` case with its effect in ``perform(_:for:at:layout:)`` if it
    /// does something new. While the help shows, Esc hides it rather than quitting (the `?` row says so).
    package static let keyBindings: [KeyBinding] = [
        KeyBinding(
            [.buttonNumber], action: .pressNumberedButton, help: "Clear that button's count", note: "1-3 in the Inbox"),
        KeyBinding([.key(.tab), .key(.right)], action: .focusNext, help: "Move the focus right"),
        KeyBinding([.key(.backTab), .key(.left)], action: .focusPrevious, help: "Move the focus left"),
        KeyBinding([.key(.enter), .character(" ")], action: .pressFocusedButton, help: "Clear the focused button"),
        KeyBinding(
            [.click], action: .pressClickedButton, help: "Clear the button clicked", note: "its brackets, icon or badge"
        ),
        KeyBinding([.character("r")], action: .toggleReduceMotion, help: "Reduce Motion on or off"),
        KeyBinding([.key(.redraw)], action: .redraw, help: "Redraw the screen"),
        KeyBinding([.key(.suspend)], action: .suspend, help: "Suspend to the shell", note: "fg brings it back"),
        KeyBinding([.character("?")], action: .toggleHelp, help: "Show or hide this help", note: "Esc hides it too"),
        KeyBinding([.character("q"), .key(.escape), .key(.interrupt)], action: .quit, help: "Quit"),
    ]

    /// The binding an event sets off, or `nil` when no key does anything for it.
    package func keyBinding(for event: InputEvent) -> KeyBinding? {
        Self.keyBindings.first { $0.matches(event, buttonCount: toolbar.buttons.count) }
    }

    /// Does what a binding's action says, for the event that set it off.
    mutating func perform(
        _ action: KeyBinding.Action, for event: InputEvent, at time: Double, layout: ToolbarLayout?
    ) -> ProgramEffect? {
        switch action {
        case .pressNumberedButton:
            if case .character(let typed) = event,
                let index = KeyBinding.Trigger.buttonIndex(typed: typed, buttonCount: toolbar.buttons.count)
            {
                press(buttonAt: index, at: time)
            }
        case .focusNext:
            toolbar.moveFocus(by: 1)
        case .focusPrevious:
            toolbar.moveFocus(by: -1)
        case .pressFocusedButton:
            press(buttonAt: toolbar.focusedIndex, at: time)
        case .pressClickedButton:
            if case .mouse(let mouse) = event, let index = layout?.buttonIndex(atColumn: mouse.column, row: mouse.row) {
                press(buttonAt: index, at: time, source: .click)
            }
        case .toggleReduceMotion:
            toolbar.reduceMotion.toggle()
        case .redraw:
            return .redraw
        case .suspend:
            return .suspend
        case .toggleHelp:
            isShowingHelp.toggle()
        case .quit:
            return .quit
        }
        return nil
    }
}
