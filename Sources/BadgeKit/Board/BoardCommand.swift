/// What the program around a ``BadgeBoard`` should do after an event.
public enum BoardCommand: Sendable, Equatable {
    /// Nothing beyond drawing the next frame.
    case none
    /// Quit, restoring the terminal.
    case quit
    /// Repaint the whole screen from scratch.
    case redraw
    /// Suspend to the shell, as Ctrl-Z does.
    case suspend
}
