/// What a key or click asks of a board, by the one table of key bindings (``keyBindings``).
///
/// It only looks up: ``command(for:isShowingHelp:layout:)`` turns an input into a
/// ``Command``, and the board carries it out (``BadgeBoard/handle(_:at:layout:)``).
struct KeyDispatch: Sendable {
    /// How many buttons the toolbar has, for number keys and the help.
    var buttonCount: Int

    /// Every key and click the toolbar answers, in the order the help lists them.
    ///
    /// The one table of keys: ``command(for:isShowingHelp:layout:)`` looks events up here (the first binding
    /// that matches wins), ``helpLines`` lists it, `badgebar --help` and its man page are made from it, and a
    /// test holds the key table of `docs/keys-and-options.md` to it. To add a key, add a row here, and a
    /// ``KeyBinding/Action`` case and its ``Command`` if it does something new. While the help shows, Esc hides
    /// it rather than quitting (the `?` row says so).
    static let keyBindings: [KeyBinding] = [
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

    /// What an input asks the board to do.
    enum Command: Sendable, Equatable {
        /// Nothing: a key that no binding answers, or one whose button is not there.
        case nothing
        /// Presses a button.
        case press(buttonIndex: Int, source: BoardEvent.Source)
        /// Presses the focused button.
        case pressFocusedButton
        /// Moves the focus by some buttons, to the right for a positive number.
        case moveFocus(by: Int)
        /// Turns Reduce Motion on or off.
        case toggleReduceMotion
        /// Shows or hides the help overlay.
        case toggleHelp
        /// Hides the help overlay.
        case hideHelp
        /// Asks the front end to do something: redraw, suspend or quit.
        case effect(ProgramEffect)
    }

    /// The binding an event sets off, or `nil` when no key does anything for it.
    func keyBinding(for event: InputEvent) -> KeyBinding? {
        Self.keyBindings.first { $0.matches(event, buttonCount: buttonCount) }
    }

    /// What an input asks of the board, or `nil` when it is no key or click (a new size, a change of focus, a
    /// release of the mouse button), which leaves auto-play running.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - isShowingHelp: Whether the help overlay shows, which Esc then hides instead of quitting.
    ///   - layout: The toolbar as last drawn, for hit testing clicks.
    func command(for event: InputEvent, isShowingHelp: Bool, layout: ToolbarLayout?) -> Command? {
        switch event {
        case .resize, .focus:
            return nil
        case .mouse(let mouse):
            guard mouse.action != .leftRelease else { return nil }
        case .character, .key:
            break
        }
        if isShowingHelp, event == .key(.escape) {
            // The help is modal for Esc: it hides the help instead of quitting.
            return .hideHelp
        }
        if case .key(.alt(let character)) = event, keyBinding(for: .character(character))?.action == .quit {
            // Alt with a quit key quits: GNU screen holds a lone Esc until the next key, so Esc then q arrives so.
            return .effect(.quit)
        }
        guard let binding = keyBinding(for: event) else { return .nothing }
        return command(for: binding.action, event: event, layout: layout)
    }

    /// What a binding's action asks, for the event that set it off.
    private func command(for action: KeyBinding.Action, event: InputEvent, layout: ToolbarLayout?) -> Command {
        switch action {
        case .pressNumberedButton:
            guard case .character(let typed) = event,
                let index = KeyBinding.Trigger.buttonIndex(typed: typed, buttonCount: buttonCount)
            else { return .nothing }
            return .press(buttonIndex: index, source: .key)
        case .focusNext:
            return .moveFocus(by: 1)
        case .focusPrevious:
            return .moveFocus(by: -1)
        case .pressFocusedButton:
            return .pressFocusedButton
        case .pressClickedButton:
            guard case .mouse(let mouse) = event,
                let index = layout?.buttonIndex(atColumn: mouse.column, row: mouse.row)
            else { return .nothing }
            return .press(buttonIndex: index, source: .click)
        case .toggleReduceMotion:
            return .toggleReduceMotion
        case .redraw:
            return .effect(.redraw)
        case .suspend:
            return .effect(.suspend)
        case .toggleHelp:
            return .toggleHelp
        case .quit:
            return .effect(.quit)
        }
    }

    /// The lines of the help overlay: every key the board answers and what it does.
    var helpLines: [String] {
        ["Keys", ""]
            + Self.keyBindings.map { binding in
                let keys = binding.keys(buttonCount: buttonCount)
                return keys + String(repeating: " ", count: max(16 - keys.count, 1)) + binding.help
            }
    }
}
