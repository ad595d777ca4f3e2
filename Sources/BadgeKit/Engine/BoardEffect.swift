/// What a ``BoardEngine`` asks its front end to do: run a command, write an event, set the title, notify, or
/// what a key asked for.
public enum BoardEffect: Sendable, Equatable {
    /// End the program.
    case quit
    /// Repaint the whole screen from scratch.
    case redraw
    /// Suspend to the shell, as Ctrl-Z does.
    case suspend
    /// Run a shell command in the background, with no terminal; its result comes back as
    /// ``BoardInput/processFinished(_:)``.
    case run(ProcessRequest)
    /// Run an interactive command with the terminal handed over; its result comes back the same way.
    case runInForeground(ProcessRequest)
    /// End a command run for an earlier effect, by its request's identifier, with its process group; its result
    /// still comes back, and means nothing.
    case endRun(requestIdentifier: Int)
    /// Write one event as a line of JSON (see ``BoardEvent/jsonLine(unixTime:)``).
    case writeEvent(String)
    /// Show a title in the terminal window's title bar.
    case setWindowTitle(String)
    /// Send a desktop notification.
    case notify(title: String, body: String)
}
