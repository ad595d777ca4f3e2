import BadgeKit
import CNCursesW

/// The terminal a program holds: given back to the shell when the program stops, lent to a child, taken back.
///
/// Every run holds one. A full screen's ``TerminalBackend`` does; line mode's
/// ``LineModeTerminal`` holds only the keyboard's modes and draws nothing.
public protocol TerminalHolder: AnyObject {
    /// Hands the terminal back to the shell and stops the program, as Ctrl-Z does; returns once it continues.
    ///
    /// - Parameter origin: What asked for it, which decides whether the program's whole job stops with it.
    /// - Returns: The termination signal that arrived while the program was
    ///   stopped (the shell's `kill %1` sends SIGTERM, then SIGCONT), after which
    ///   it must end without touching the terminal again; `nil` when it took the
    ///   terminal back.
    func suspend(from origin: SuspendOrigin) -> Int32?
    /// Lends the terminal to a child run in the foreground, as a shell does for a job.
    ///
    /// The program's screen is left and the modes restored; `startChild` is
    /// given the terminal, opened for the child's standard input, output and
    /// error (`nil` when there is none: the child then gets `/dev/null`), and
    /// returns the process group it started, or `nil` when it started none.
    /// That group becomes the terminal's foreground group and is continued.
    ///
    /// - Parameter startChild: Starts the child on the terminal given; the descriptor is closed after it returns.
    /// - Throws: ``SystemError`` when the terminal cannot be handed over (`tcsetpgrp` failed): the child must not run
    ///   on, since it would stop as soon as it reads the terminal.
    func handOver(startingChild startChild: (SystemDescriptor?) -> pid_t?) throws(SystemError)
    /// Takes the terminal back: after a child, the program's group in the foreground again; after a stop from
    /// outside, the terminal taken again or, continued in the background, the program stopped again.
    ///
    /// - Parameter occasion: What had the terminal.
    /// - Throws: ``SystemError`` when the program's group cannot be made the foreground group again; the rest is
    ///   done anyway.
    func takeBack(after occasion: TakeBackOccasion) throws(SystemError)
}

/// A screen a program draws on, in a terminal it holds: the size, a place to draw, the window's title and
/// notifications.
///
/// ``LiveTerminal`` is the real terminal through ncurses; ``ScriptedTerminal``
/// keeps every frame in memory, so a program and the runner can be tested in
/// process. Neither waits: the runner's reactor does, and the live
/// terminal's keyboard and output are registered with it.
public protocol TerminalBackend: TerminalHolder {
    /// The terminal's size as the kernel reports it; it may be larger than can be drawn (see ``TerminalSize/isDrawable``).
    var size: TerminalSize { get }
    /// What the terminal can show.
    var capabilities: TerminalCapabilities { get }
    /// Shows a frame; a terminal that is not taking output keeps the latest frame and shows it when it does.
    func draw(_ canvas: Canvas)
    /// Forgets what is on the screen, so the next frame repaints every cell (Ctrl-L).
    func invalidate()
    /// Shows a title in the window's title bar or sends a desktop notification, where the terminal has them and
    /// the program asked for them; the window's own title comes back when the program leaves.
    func show(_ chrome: WindowChrome)
}

/// What a program shows outside its screen: the window's title, or a desktop notification.
public enum WindowChrome: Sendable, Equatable {
    /// A title for the window's title bar.
    case title(String)
    /// A desktop notification, or the bell where the terminal has none.
    case notification(title: String, body: String)
}

/// What had the terminal before the program takes it back.
public enum TakeBackOccasion: Sendable, Equatable {
    /// A child run in the foreground, which has ended.
    case child
    /// The shell, after a stop from outside (`kill -STOP`, then `kill -CONT` or `fg`).
    case stop
}

/// What a terminal can show, for programs to choose glyphs and colours.
public struct TerminalCapabilities: Sendable, Equatable {
    /// How many colours are in use.
    public var colorDepth: ColorDepth
    /// Whether text is encoded in UTF-8, so glyphs beyond ASCII can be shown.
    public var usesUTF8: Bool

    /// Creates capabilities.
    public init(colorDepth: ColorDepth, usesUTF8: Bool) {
        self.colorDepth = colorDepth
        self.usesUTF8 = usesUTF8
    }
}

extension TerminalCapabilities {
    /// How a toolbar looks best on this terminal: glyph widths as the terminal counts them, emoji icons in a
    /// UTF-8 locale (else ASCII), and the terminal's colours.
    public var toolbarAppearance: ToolbarAppearance {
        ToolbarAppearance(widths: .terminal, iconStyle: usesUTF8 ? .emoji : .ascii, colorDepth: colorDepth)
    }
}
