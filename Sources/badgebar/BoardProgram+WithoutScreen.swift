import BadgeKit

extension BoardProgram {
    /// The engine's view for a front end that draws nothing and writes what happens as lines (line mode, `--once`,
    /// `--stream`): no motion, every report kept for a log, and counts shown as soon as they are read.
    ///
    /// - Parameters:
    ///   - board: The board.
    ///   - configuration: What runs around it.
    ///   - events: The runner's sink for the events and its name for messages.
    ///   - startTime: When the watches first run.
    ///   - countsUnavailable: Why the counts source cannot be read, if it cannot (said already): the buttons it
    ///     would feed start stale.
    static func withoutScreen(
        board: BadgeBoard, configuration: BoardEngine.Configuration, events: (sink: Int, name: String),
        startTime: Double, countsUnavailable: String? = nil
    ) -> BoardProgram {
        var board = board
        board.stopMotion()
        // Standard error is a log: every notice is told, not only the status line's latest.
        board.keepsReports = true
        var program = BoardProgram(
            board: board, appearance: ToolbarAppearance(widths: .estimate), framesPerSecond: 1,
            configuration: configuration, eventsSink: events.sink, eventsName: events.name, startTime: startTime,
            countsIntervalSeconds: 0)
        if let countsUnavailable {
            _ = program.handle(.countsUnavailable(reason: countsUnavailable), at: startTime)
            _ = program.takeReports()
        }
        return program
    }
}
