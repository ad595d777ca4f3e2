import BadgeKit

/// A program the runner drives, in the Elm shape: events in, an effect out, and a picture of any instant.
///
/// The program never reads a clock or touches the terminal: the runner passes
/// the time with every call, draws what ``render(into:at:)`` paints, and sleeps
/// until ``nextWakeTime(after:)`` or the next event. So any frame can be
/// reproduced in a test with a ``ScriptedTerminal``.
public protocol TerminalProgram {
    /// Reacts to an event at an instant and answers with what the runner should do next.
    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect
    /// Paints the program as it looks at an instant, into a canvas the size of the screen, cleared.
    func render(into canvas: inout Canvas, at time: Double)
    /// When the program next needs to run without an event (the next frame of a motion, a step it
    /// scheduled), or `nil` to sleep until something happens.
    func nextWakeTime(after time: Double) -> Double?
    /// The control keys the runner acts on before the program sees them: by default all of
    /// ``ControlKeys/standard`` (Ctrl-C quits, Ctrl-Z suspends, Ctrl-L repaints).
    var controlKeys: ControlKeys { get }
}

/// Something that happened, as the runner hands it to a program.
public enum ProgramEvent: Sendable, Equatable {
    /// Time passed: sent at the start of every turn of the loop, before the frame is drawn.
    case tick
    /// A key, a mouse report, a new size (also sent once at the start) or a change of focus.
    case input(InputEvent)
    /// A signal the program asked for, such as SIGUSR1.
    case signal(Int32)
    /// The lines that one read of a live input source brought, as bytes (see ``LineBatch``).
    case lines(LineBatch, source: Int)
    /// A line from a live input source was longer than the source keeps, and was skipped whole.
    case lineDiscarded(source: Int, byteCount: Int)
    /// A live input source came to its end (or failed, with a message).
    case sourceEnded(source: Int, problem: String?)
    /// The program took the terminal back after a suspend or a stop from outside.
    case resumed
    /// A command the program asked to run has ended.
    case processFinished(ProcessResult)
    /// An output sink dropped lines or stopped (reported once each time).
    case sinkProblem(sink: Int, OutputSink.Problem)
    /// Something went wrong that the user should know about, such as a recording that stopped.
    case problem(String)
    /// A file the runner watches changed (see ``FileChangeWatch``), by the watch's index in the runner's watches.
    case fileChanged(watch: Int)
}

extension ProgramEvent {
    /// One line of text from a live input source, as a batch of one: for tests and for programs that make
    /// their own input.
    public static func line(_ text: String, source: Int) -> ProgramEvent {
        .lines(LineBatch([text]), source: source)
    }
}

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
    /// Write a line to an output sink, by its index in the runner's sinks; it never blocks.
    case write(String, sink: Int)
    /// Show a title in the terminal window's title bar (see ``TerminalBackend/setWindowTitle(_:)``).
    case setWindowTitle(String)
    /// Send a desktop notification through the terminal (see ``TerminalBackend/notify(title:body:)``).
    case notify(title: String, body: String)
    /// Several effects, in order.
    indirect case batch([ProgramEffect])
}
