/// Something that happened, as the runner hands it to a program.
public enum ProgramEvent: Sendable, Equatable {
    /// Time passed: sent at the start of every turn of the loop, before the frame is drawn.
    case tick
    /// A key, a mouse report, a new size (also sent once at the start) or a change of focus.
    case input(InputEvent)
    /// A signal the program asked for, such as SIGUSR1.
    case signal(Int32)
    /// The lines that one read of a live input source brought, as bytes (see ``LineBatch``).
    case lines(LineBatch, source: SourceName)
    /// A line from a live input source was longer than the source keeps, and was skipped whole.
    case lineDiscarded(source: SourceName, byteCount: Int)
    /// A live input source came to its end (or failed, with a message).
    case sourceEnded(source: SourceName, problem: String?)
    /// The program took the terminal back after a suspend or a stop from outside.
    case resumed
    /// A command the program asked to run has ended.
    case processFinished(ProcessResult)
    /// An output sink dropped lines or stopped (reported once each time).
    case sinkProblem(sink: SinkName, SinkProblem)
    /// Something went wrong that the user should know about, such as a recording that stopped.
    case problem(String)
    /// A file the runner watches changed, by the monitor's index in the runner's monitors.
    case fileChanged(monitor: Int)
}

extension ProgramEvent {
    /// One line of text from a live input source, as a batch of one: for tests and for programs that make
    /// their own input.
    public static func line(_ text: String, source: SourceName) -> ProgramEvent {
        .lines(LineBatch([text]), source: source)
    }
}
