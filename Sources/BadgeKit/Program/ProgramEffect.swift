/// What a program asks the runner to do after an event.
public enum ProgramEffect: Sendable, Equatable {
    /// Nothing beyond drawing the next frame.
    case none
    /// End the run, restoring the terminal.
    case quit
    /// Repaint the whole screen from scratch.
    case redraw
    /// Suspend to the shell, as Ctrl-Z does.
    case suspend
    /// Run a shell command in the background, with no terminal; its result arrives as ``ProgramEvent/processFinished(_:)``.
    case run(ProcessRequest)
    /// Run an interactive shell command in the foreground: the terminal is handed to it as a shell hands
    /// it to a job, and taken back, repainted, when it ends; its result arrives as ``ProgramEvent/processFinished(_:)``.
    case runInForeground(ProcessRequest)
    /// End a run started by ``run(_:)`` or ``runInForeground(_:)``, by its request's identifier, with its process
    /// group (SIGTERM, then SIGKILL a moment later); its result still arrives as ``ProgramEvent/processFinished(_:)``.
    case endRun(requestIdentifier: Int)
    /// Write a line to an output sink, by its name; it never blocks.
    case write(String, sink: SinkName)
    /// Show a title in the terminal window's title bar.
    case setWindowTitle(String)
    /// Send a desktop notification through the terminal.
    case notify(title: String, body: String)
    /// Several effects, in order.
    indirect case batch([ProgramEffect])
}
