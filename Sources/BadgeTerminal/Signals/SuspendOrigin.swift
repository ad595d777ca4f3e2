/// What asked the program to suspend, which decides what stops with it.
public enum SuspendOrigin: Sendable, Equatable {
    /// Ctrl-Z read as a key in raw mode: the terminal sent no signal, so the program stops its whole job (the
    /// rest of a pipeline with it) as the terminal would have, when its job is the terminal's foreground job.
    case key
    /// A SIGTSTP sent to the program: only the program stops; the sender chose what to stop, and a terminal
    /// that sends it has signalled the whole job already.
    case signal
}
