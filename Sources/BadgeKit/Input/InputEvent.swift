/// Something that happened at the terminal: a key, a mouse report, a new size or a change of focus.
///
/// The terminal backend decodes what it reads into these; models react to them
/// without knowing where they came from, so tests can feed them directly.
public enum InputEvent: Sendable, Equatable {
    /// A printable character was typed.
    case character(Character)
    /// A special key was pressed.
    case key(Key)
    /// The mouse was pressed, released or scrolled.
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(columns: Int, rows: Int)
    /// The terminal window gained or lost the keyboard focus (reported once focus reporting, DECSET 1004, is on).
    case focus(isFocused: Bool)
}

/// A key that is not a printable character.
public enum Key: Sendable, Equatable {
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// Return or Enter.
    case enter
    /// Escape, pressed on its own.
    case escape
    /// Backspace.
    case backspace
    /// Ctrl-C.
    case interrupt
    /// Ctrl-L, the conventional request to redraw the screen.
    case redraw
    /// Ctrl-Z, the conventional request to suspend to the shell.
    case suspend
    /// A key pressed with Alt (or Meta), which the terminal sends as ESC and the key's character.
    ///
    /// Also what a multiplexer that holds a lone Esc until the next key (GNU
    /// screen) delivers for Esc followed by that key.
    case alt(Character)
    /// Any other key, by the code the backend read.
    case other(Int)
}

/// A mouse report, in zero-based screen cells.
public struct MouseEvent: Sendable, Equatable {
    /// What the mouse did.
    public enum Action: Sendable, Equatable {
        /// The left button went down.
        case leftPress
        /// The left button came up.
        case leftRelease
        /// The left button went down and up within one report.
        case leftClick
        /// Anything else: other buttons, the wheel, motion.
        case other
    }

    /// The column, counting from 0 at the left.
    public var column: Int
    /// The row, counting from 0 at the top.
    public var row: Int
    /// What the mouse did.
    public var action: Action

    /// Creates a mouse report.
    public init(column: Int, row: Int, action: Action) {
        self.column = column
        self.row = row
        self.action = action
    }
}
