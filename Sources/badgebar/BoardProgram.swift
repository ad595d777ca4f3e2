import BadgeKit
import BadgeTerminal
import CNCursesW

/// The full screen: a ``BoardEngine`` the runner drives, its board drawn at any instant.
///
/// A thin view of the engine: it turns the runner's events into the engine's
/// inputs (a click with the toolbar as drawn, a read of counts lines, SIGUSR1 as
/// a refresh, a problem of the events' sink as a notice) and the engine's
/// effects into the runner's effects. Every rule is the engine's.
struct BoardProgram: TerminalProgram {
    /// The board at work.
    private(set) var engine: BoardEngine
    /// Glyph widths, icon style and colour depth of the terminal.
    let appearance: ToolbarAppearance
    /// The frame rate while something moves.
    let framesPerSecond: Int
    /// The index of the runner's sink that takes the events, when the configuration writes them.
    let eventsSink: Int
    /// The events' destination as messages name it.
    let eventsName: String
    /// The screen's size, from the last resize.
    private(set) var size = TerminalSize(columns: 0, rows: 0)
    /// How the board is read again from its file (SIGUSR2, a change of the file), if it came from one.
    var reload: BoardReload?
    /// How many times the board was read again from its file.
    private(set) var reloadCount = 0

    /// Creates the program around a board and what runs around it (nothing unless told).
    ///
    /// Live counts are shown at most once a frame (``BadgeBoard/countsIntervalSeconds``), unless told otherwise.
    ///
    /// - Parameters:
    ///   - board: The board.
    ///   - appearance: How the terminal shows it.
    ///   - framesPerSecond: The frame rate while something moves.
    ///   - configuration: What runs around the board.
    ///   - eventsSink: The runner's sink for the events, when the configuration writes them.
    ///   - eventsName: The events' destination as messages name it.
    ///   - startTime: When the watches first run.
    ///   - countsIntervalSeconds: How long live counts wait to be shown together; a frame by default.
    init(
        board: BadgeBoard, appearance: ToolbarAppearance, framesPerSecond: Int,
        configuration: BoardEngine.Configuration = BoardEngine.Configuration(), eventsSink: Int = 0,
        eventsName: String = "", startTime: Double = 0, countsIntervalSeconds: Double? = nil
    ) {
        var board = board
        board.countsIntervalSeconds = countsIntervalSeconds ?? 1 / Double(max(framesPerSecond, 1))
        engine = BoardEngine(board: board, configuration: configuration, startTime: startTime)
        self.appearance = appearance
        self.framesPerSecond = framesPerSecond
        self.eventsSink = eventsSink
        self.eventsName = eventsName
    }

    /// The board as it stands.
    var board: BadgeBoard { engine.board }

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        if reload != nil, Self.asksForReload(event) {
            return reloadBoard(at: time)
        }
        guard let input = input(for: event, at: time) else { return .none }
        return programEffect(for: engine.handle(input, at: time))
    }

    /// Whether an event asks for the board's file to be read again: SIGUSR2, or a change of the file.
    static func asksForReload(_ event: ProgramEvent) -> Bool {
        if case .fileChanged = event { return true }
        return event == .signal(SIGUSR2)
    }

    /// Reads the board's file again and sets the engine to what it says.
    ///
    /// The buttons that remain keep their counts, stale marks and running commands; a file that cannot be used
    /// leaves the board as it was. Either way the status line says so.
    mutating func reloadBoard(at time: Double) -> ProgramEffect {
        guard let reload else { return .none }
        let result = reload.load(time)
        var effects: [BoardEffect] = []
        if case .success(let loaded) = result {
            effects = engine.reconfigure(board: loaded.board, configuration: loaded.configuration, at: time)
            reloadCount += 1
        }
        effects += engine.handle(.problem(reload.notice(for: result)), at: time)
        return programEffect(for: effects)
    }

    /// Hands the engine an input of a front end's own (a press from line mode's commands) and says what to do.
    mutating func handle(_ input: BoardInput, at time: Double) -> ProgramEffect {
        programEffect(for: engine.handle(input, at: time))
    }

    /// Ends every motion at once: for a front end that shows none.
    mutating func stopMotion() {
        engine.stopMotion()
    }

    /// The reports kept since the last call (see ``BadgeBoard/keepsReports``), oldest first.
    mutating func takeReports() -> [BoardReport] {
        engine.takeReports()
    }

    /// Hides the help overlay, for a front end that says the keys instead.
    mutating func hideHelp() {
        engine.hideHelp()
    }

    /// The engine's input for a runner's event, or `nil` for an event it has no use for.
    private mutating func input(for event: ProgramEvent, at time: Double) -> BoardInput? {
        switch event {
        case .tick:
            return .tick
        case .input(let input):
            if case .resize(let columns, let rows) = input {
                size = TerminalSize(columns: columns, rows: rows)
            }
            return .input(input, layout: layout(at: time, for: input))
        case .lines(let batch, _):
            return .countLines(batch.bytes)
        case .lineDiscarded(_, let byteCount):
            return .badLine(LineReader.discardedLineNotice(byteCount: byteCount))
        case .sourceEnded(_, let problem):
            return problem.map { .problem($0) }
        case .problem(let message):
            return .problem(message)
        case .signal(SIGUSR1):
            return .refreshWatches
        case .processFinished(let result):
            return .processFinished(result)
        case .sinkProblem(let sink, let problem) where sink == eventsSink && engine.configuration.writesEvents:
            return .problem(Self.describe(problem, name: eventsName))
        case .signal, .resumed, .sinkProblem, .fileChanged:
            return nil
        }
    }

    /// The toolbar as drawn at an instant, for hit testing a click; `nil` for other events.
    private func layout(at time: Double, for event: InputEvent) -> ToolbarLayout? {
        guard case .mouse = event, size.columns > 0, size.rows > 0 else { return nil }
        var scratch = Canvas(columns: size.columns, rows: size.rows)
        return board.render(into: &scratch, at: time, appearance: appearance)
    }

    /// The runner's effects for the engine's effects, in order.
    private func programEffect(for effects: [BoardEffect]) -> ProgramEffect {
        let programEffects = effects.map { effect -> ProgramEffect in
            switch effect {
            case .quit: return .quit
            case .redraw: return .redraw
            case .suspend: return .suspend
            case .run(let request): return .run(request)
            case .runInForeground(let request): return .runInForeground(request)
            case .endRun(let identifier): return .endRun(requestIdentifier: identifier)
            case .writeEvent(let line): return .write(line, sink: eventsSink)
            case .setWindowTitle(let title): return .setWindowTitle(title)
            case .notify(let title, let body): return .notify(title: title, body: body)
            }
        }
        switch programEffects.count {
        case 0: return .none
        case 1: return programEffects[0]
        default: return .batch(programEffects)
        }
    }

    func render(into canvas: inout Canvas, at time: Double) {
        board.render(into: &canvas, at: time, appearance: appearance)
    }

    func nextWakeTime(after time: Double) -> Double? {
        engine.nextWakeTime(after: time, framesPerSecond: framesPerSecond)
    }

    /// A problem of the events' sink in words: lines dropped for a slow reader, or the end of writing.
    static func describe(_ problem: OutputSink.Problem, name: String) -> String {
        switch problem {
        case .dropped(let count):
            return "events to \(name): \(count) line\(count == 1 ? "" : "s") dropped, the reader fell behind"
        case .closed(let error):
            return "events to \(name) stopped: \(error.reason)"
        }
    }
}
