/// Something that happened to a board, as a front end hands it to a ``BoardEngine``.
public enum BoardInput: Sendable, Equatable {
    /// Time passed: the board plays its script, shows counts that waited and forgets finished motion.
    case tick
    /// A key, a click, a new size or a change of focus; `layout` is the toolbar as last drawn, to find the
    /// button a click is on (`nil` where nothing is drawn).
    case input(InputEvent, layout: ToolbarLayout?)
    /// Lines of live counts (`Name=N`, `Name+=N`, `Name-=N`) as UTF-8 bytes, as one read brought them.
    case countLines([UInt8])
    /// One change of a count, from a source such as a line-mode command.
    case count(CountUpdate, source: BoardEvent.Source)
    /// A press of a button by its index, as a key or a click would press it.
    case press(buttonIndex: Int, source: BoardEvent.Source)
    /// A request to run every watch now (SIGUSR1).
    case refreshWatches
    /// A run the engine asked for has finished.
    case processFinished(ProcessResult)
    /// A problem the user should know about, for the status line.
    case problem(String)
    /// The live counts source cannot be read (it is missing, or failed): the buttons no watch feeds are marked
    /// stale with the reason, and the problem is reported; their counts stay as they were.
    case countsUnavailable(reason: String)
    /// A line of live counts that could not be used (too long, say), counted with the bad lines of its read.
    case badLine(String)
}
