import BadgeKit
import CNCursesW

/// What the run loop needs from a terminal: a clock, the size, a place to draw, and a wait for what happens next.
///
/// ``LiveTerminal`` is the real terminal through ncurses; ``ScriptedTerminal``
/// plays a script of events on a virtual clock and keeps every frame, so a
/// program and the runner can be tested in process.
public protocol TerminalBackend: AnyObject {
    /// Seconds on a clock that never goes backwards.
    var now: Double { get }
    /// The terminal's size as the kernel reports it; it may be larger than can be drawn (see ``TerminalSize/isDrawable``).
    var size: TerminalSize { get }
    /// What the terminal can show.
    var capabilities: TerminalCapabilities { get }

    /// Shows a frame; a terminal that is not taking output keeps the latest frame and shows it when it does.
    func draw(_ canvas: Canvas)
    /// Forgets what is on the screen, so the next frame repaints every cell (Ctrl-L).
    func invalidate()
    /// Waits until something happens or a deadline passes, and returns what happened (nothing at the deadline).
    ///
    /// - Parameters:
    ///   - deadline: The time to return by, on ``now``'s clock, or `nil` to wait for an event however long.
    ///   - descriptors: More descriptors to wake for, such as live counts; those ready come back as
    ///     ``BackendEvent/ready(_:)``.
    ///   - writers: Descriptors with output waiting, to wake for when they take more (no event: the
    ///     runner offers them their output after every wait).
    func waitForEvents(
        until deadline: Double?, watching descriptors: [SystemDescriptor], writing writers: [SystemDescriptor]
    )
        -> [BackendEvent]
    /// Waits as ``waitForEvents(until:watching:writing:)`` does, waking too when one of `ends` ends or fails.
    ///
    /// The descriptors of `ends` are polled for no event, so that only `POLLHUP`, `POLLERR` or `POLLNVAL` wakes
    /// the wait: a pipe's writing end whose reader went away, a socket whose peer closed it, even with bytes
    /// waiting to be read on it. Each that does comes back as ``BackendEvent/ready(_:)``. By default they are
    /// watched with `descriptors`, for `POLLIN` too.
    ///
    /// - Parameters:
    ///   - deadline: The time to return by, on ``now``'s clock, or `nil` to wait for an event however long.
    ///   - descriptors: More descriptors to wake for when they are readable.
    ///   - ends: Descriptors to wake for only when they end or fail.
    ///   - writers: Descriptors with output waiting, to wake for when they take more.
    func waitForEvents(
        until deadline: Double?, watching descriptors: [SystemDescriptor], watchingEnds ends: [SystemDescriptor],
        writing writers: [SystemDescriptor]
    ) -> [BackendEvent]
    /// Hands the terminal back to the shell and stops the program, as Ctrl-Z does; returns once it continues.
    ///
    /// - Parameter origin: What asked for it, which decides whether the program's whole job stops with it.
    /// - Returns: The termination signal that arrived while the program was
    ///   stopped (the shell's `kill %1` sends SIGTERM, then SIGCONT), after which
    ///   it must end without touching the terminal again; `nil` when it took the
    ///   terminal back.
    func suspend(from origin: SuspendOrigin) -> Int32?
    /// Takes the terminal back after a stop from outside (`kill -STOP`, then `kill -CONT` or `fg`).
    func continueAfterStop()
    /// Gives the terminal back as it was, for a child to use: the program's screen left, the modes restored.
    func releaseForChild()
    /// Opens the terminal for a child run in the foreground, as its standard input, output and error; `nil` when
    /// there is no terminal (the child then gets `/dev/null`). The caller closes it once the child is started.
    func openTerminalForChild() -> SystemDescriptor?
    /// Makes a child's process group the terminal's foreground group, as a shell does for a job.
    ///
    /// - Throws: ``SystemError`` when the terminal cannot be handed over (`tcsetpgrp` failed): the child must not run
    ///   on, since it would stop as soon as it reads the terminal.
    func giveForeground(to group: pid_t) throws(SystemError)
    /// Takes the terminal back from a child: the program's group in the foreground, raw mode, every cell repainted.
    ///
    /// - Throws: ``SystemError`` when the program's group cannot be made the foreground group again; the rest is
    ///   done anyway.
    func takeBack() throws(SystemError)
    /// Gives the terminal back as it was; safe to call more than once.
    func close()
    /// Shows a title in the window's title bar, where the terminal has one and the program asked to set it;
    /// the window's own title comes back when the program leaves. Does nothing by default.
    func setWindowTitle(_ title: String)
    /// Sends a desktop notification through the terminal, or rings its bell, when the program asked to send
    /// them. Does nothing by default.
    func notify(title: String, body: String)
    /// Makes what the runner starts the program's children with, once at the start of each run.
    ///
    /// By default real children: `/bin/sh -c COMMAND` started with `posix_spawn`, watched by the run loop and
    /// never waited for. ``ScriptedTerminal`` answers them from its script instead.
    func makeChildProcesses() -> any ChildProcesses
}

extension TerminalBackend {
    /// Watches `ends` with `descriptors`, for `POLLIN` too: a backend that polls for no event does better.
    public func waitForEvents(
        until deadline: Double?, watching descriptors: [SystemDescriptor], watchingEnds ends: [SystemDescriptor],
        writing writers: [SystemDescriptor]
    ) -> [BackendEvent] {
        waitForEvents(until: deadline, watching: descriptors + ends, writing: writers)
    }

    /// Does nothing: this terminal has no title to set.
    public func setWindowTitle(_ title: String) {}

    /// Does nothing: this terminal sends no notifications.
    public func notify(title: String, body: String) {}

    /// Real children, started with `posix_spawn`.
    public func makeChildProcesses() -> any ChildProcesses {
        ProcessSupervisor()
    }
}

/// Something that happened, as a backend reports it to the run loop.
public enum BackendEvent: Sendable, Equatable {
    /// A key, a mouse report, a change of size or of focus.
    case input(InputEvent)
    /// A signal the program asked to receive as an event, such as SIGUSR1 (see `ProgramEvent.signal(_:)`).
    case signal(Int32)
    /// A signal that ends the program: the first one that arrived.
    case terminate(Int32)
    /// Ctrl-Z from outside (SIGTSTP): suspend.
    case suspendRequested
    /// The program was continued after a stop from outside (SIGCONT).
    case continued
    /// A child process changed state (SIGCHLD).
    case childStateChanged
    /// A watched descriptor is readable, at its end, or in error.
    case ready(SystemDescriptor)
    /// The terminal went away: its input hung up or writing to it failed for good.
    case hangup
    /// Something the user should know about, such as a recording that stopped.
    case problem(String)
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
