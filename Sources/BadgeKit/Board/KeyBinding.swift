/// One row of the key table: the keys (or click) that do something, what they do and how the help says it.
///
/// `KeyDispatch.keyBindings` is the one table: ``BadgeBoard/handle(_:at:layout:)`` looks events up in it,
/// the help overlay lists it, and the program's `--help` and man page are made from it (a test holds the key table
/// of `docs/keys-and-options.md` to it).
package struct KeyBinding: Sendable, Equatable {
    /// An input that sets off a binding.
    package enum Trigger: Sendable, Equatable {
        /// A typed character; a letter matches in either case (`q` and `Q`).
        case character(Character)
        /// A special key.
        case key(Key)
        /// A digit from 1 to the number of buttons (at most 9): the button with that number.
        case buttonNumber
        /// A click of the left mouse button.
        case click
    }

    /// What a binding does.
    package enum Action: Sendable, Equatable {
        /// Presses the button whose number was typed.
        case pressNumberedButton
        /// Moves the focus to the next button.
        case focusNext
        /// Moves the focus to the previous button.
        case focusPrevious
        /// Presses the focused button.
        case pressFocusedButton
        /// Presses the button under the mouse.
        case pressClickedButton
        /// Turns Reduce Motion on or off.
        case toggleReduceMotion
        /// Repaints the whole screen.
        case redraw
        /// Suspends to the shell.
        case suspend
        /// Shows or hides the help overlay.
        case toggleHelp
        /// Quits.
        case quit
    }

    /// The inputs, in the order the help names them.
    package var triggers: [Trigger]
    /// What the inputs do.
    package var action: Action
    /// What the help overlay says the keys do, in a few words.
    package var help: String
    /// More that longer documentation (`--help`, the man page, the guide) adds in parentheses, if anything.
    package var note: String?

    /// Creates a binding.
    package init(_ triggers: [Trigger], action: Action, help: String, note: String? = nil) {
        self.triggers = triggers
        self.action = action
        self.help = help
        self.note = note
    }

    /// The help with its note, for documentation with room for it: `Suspend to the shell (fg brings it back)`.
    package var longHelp: String {
        note.map { "\(help) (\($0))" } ?? help
    }

    /// The keys as the help shows them, such as `Tab, Right` or `1-3`.
    ///
    /// - Parameter buttonCount: How many buttons there are, for the range of number keys.
    package func keys(buttonCount: Int) -> String {
        triggers.map { $0.name(buttonCount: buttonCount) }.joined(separator: ", ")
    }

    /// Whether an event sets off this binding.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - buttonCount: How many buttons there are; number keys past it (or past 9) match nothing.
    package func matches(_ event: InputEvent, buttonCount: Int) -> Bool {
        triggers.contains { $0.matches(event, buttonCount: buttonCount) }
    }
}

extension KeyBinding.Trigger {
    /// The input as the help names it: `Space`, `Shift-Tab`, `Ctrl-C`, `1-9`, `Click`.
    ///
    /// - Parameter buttonCount: How many buttons there are, for the range of number keys.
    package func name(buttonCount: Int) -> String {
        switch self {
        case .character(" "):
            return "Space"
        case .character(let character):
            return String(character)
        case .key(let key):
            return Self.name(of: key)
        case .buttonNumber:
            let count = min(buttonCount, 9)
            return count > 1 ? "1-\(count)" : "1"
        case .click:
            return "Click"
        }
    }

    /// Whether an event is this input.
    package func matches(_ event: InputEvent, buttonCount: Int) -> Bool {
        switch self {
        case .character(let expected):
            guard case .character(let typed) = event else { return false }
            return typed == expected || (expected.isLetter && typed.lowercased() == expected.lowercased())
        case .key(.alt(let expected)):
            // Alt with a letter matches in either case, as a letter alone does.
            guard case .key(.alt(let typed)) = event else { return false }
            return typed == expected || (expected.isLetter && typed.lowercased() == expected.lowercased())
        case .key(let expected):
            guard case .key(let pressed) = event else { return false }
            return pressed == expected
        case .buttonNumber:
            guard case .character(let typed) = event else { return false }
            return Self.buttonIndex(typed: typed, buttonCount: buttonCount) != nil
        case .click:
            guard case .mouse(let mouse) = event else { return false }
            return mouse.action == .leftPress || mouse.action == .leftClick
        }
    }

    /// The zero-based index of the button a typed digit names, or `nil` when it names none.
    package static func buttonIndex(typed character: Character, buttonCount: Int) -> Int? {
        guard character.isASCII, let digit = character.wholeNumberValue, digit >= 1, digit <= min(buttonCount, 9)
        else { return nil }
        return digit - 1
    }

    private static func name(of key: Key) -> String {
        switch key {
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .left: return "Left"
        case .right: return "Right"
        case .up: return "Up"
        case .down: return "Down"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .interrupt: return "Ctrl-C"
        case .redraw: return "Ctrl-L"
        case .suspend: return "Ctrl-Z"
        case .alt(let character): return "Alt-\(character)"
        default: return "\(key)"
        }
    }
}
