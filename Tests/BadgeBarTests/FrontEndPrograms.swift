import BadgeKit
import BadgeTerminal

@testable import badgebar

/// Line mode's program, as `badgebar --lines` makes it.
typealias LineModeProgram = BoardProgram<LineModeView>
/// `--stream`'s program.
typealias StreamProgram = BoardProgram<StreamView>
/// `--once`'s program.
typealias OnceProgram = BoardProgram<OnceView>

extension BoardProgram where View == LineModeView {
    /// Line mode around a board, its reports told on `SinkName.messages`.
    init(
        board: BadgeBoard, sources: Set<SourceName>, readsKeys: Bool,
        configuration: BoardEngine.Configuration = BoardEngine.Configuration(), startTime: Double = 0,
        reload: BoardReload? = nil
    ) {
        self.init(
            board: board, view: LineModeView(readsKeys: readsKeys), configuration: configuration, sources: sources,
            startTime: startTime, reportsSink: .messages)
        self.reload = reload
    }
}

extension BoardProgram where View == StreamView {
    /// A stream around a board, its reports told on `SinkName.messages`.
    init(
        board: BadgeBoard, configuration: BoardEngine.Configuration, stream: StatusBarStream,
        sources: Set<SourceName>, framesPerSecond: Int, startTime: Double, countsUnavailable: String? = nil
    ) {
        self.init(
            board: board, view: StreamView(stream: stream, framesPerSecond: framesPerSecond),
            configuration: configuration, sources: sources, startTime: startTime, reportsSink: .messages,
            countsUnavailable: countsUnavailable)
    }
}

/// The index a test gives each sink, for lines compared as `(text, sink)`.
func sinkIndex(_ sink: SinkName) -> Int {
    [.output: 0, .messages: 1, .events: 2][sink] ?? -1
}

/// The full screen's program.
typealias FullScreenProgram = BoardProgram<FullScreenView>
