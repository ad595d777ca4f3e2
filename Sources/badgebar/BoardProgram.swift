import BadgeKit
import BadgeTerminal

/// The board model as a program the runner drives: events in, commands out, frames drawn at any instant.
struct BoardProgram: TerminalProgram {
    /// The screen's model.
    var board: BadgeBoard
    /// Glyph widths, icon style and colour depth of the terminal.
    let appearance: ToolbarAppearance
    /// The frame rate while something moves.
    let framesPerSecond: Int
    /// The screen's size, from the last resize.
    private(set) var size = TerminalSize(columns: 0, rows: 0)
    /// What runs around the board: watches, press commands, events out, the window's title, notifications.
    var automation: BoardAutomation

    /// Creates the program around a model, with what runs around it (nothing unless told).
    ///
    /// Live counts are shown at most once a frame (``BadgeBoard/countsIntervalSeconds``), unless told otherwise.
    init(
        board: BadgeBoard, appearance: ToolbarAppearance, framesPerSecond: Int, automation: BoardAutomation? = nil,
        countsIntervalSeconds: Double? = nil
    ) {
        var board = board
        board.countsIntervalSeconds = countsIntervalSeconds ?? 1 / Double(max(framesPerSecond, 1))
        self.board = board
        self.appearance = appearance
        self.framesPerSecond = framesPerSecond
        self.automation = automation ?? BoardAutomation(board: board, startTime: 0)
    }

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramCommand {
        let command = updateBoard(event, at: time)
        // The automation sees what the board made of the event: a press it recorded, a count it changed.
        let automated = automation.update(event, board: &board, at: time)
        return automated == .none ? command : command == .none ? automated : .batch([automated, command])
    }

    /// Hands the presses and changes made to the board since the last update to the automation (a program that
    /// wraps this one and changes the board itself calls it), so they are written out and start what they call
    /// for at once.
    mutating func takeBoardEvents(at time: Double) -> ProgramCommand {
        automation.takeEvents(from: &board, at: time)
    }

    /// Lets the board react to an event.
    private mutating func updateBoard(_ event: ProgramEvent, at time: Double) -> ProgramCommand {
        switch event {
        case .tick:
            board.advance(to: time)
        case .input(let input):
            if case .resize(let columns, let rows) = input {
                size = TerminalSize(columns: columns, rows: rows)
            }
            return command(for: board.handle(input, at: time, layout: layout(at: time, for: input)))
        case .lines(let batch, _):
            batch.bytes.withUnsafeBytes { board.takeCountLines($0, at: time) }
        case .lineDiscarded(_, let byteCount):
            board.reportBadLine(LineReader.discardedLineNotice(byteCount: byteCount), at: time)
        case .sourceEnded(_, let problem):
            if let problem {
                board.report(problem, at: time)
            }
        case .problem(let message):
            board.report(message, at: time)
        case .signal, .resumed, .processFinished, .sinkProblem:
            break
        }
        return .none
    }

    /// The toolbar as drawn at an instant, for hit testing a click; `nil` for other events.
    private func layout(at time: Double, for event: InputEvent) -> ToolbarLayout? {
        guard case .mouse = event, size.columns > 0, size.rows > 0 else { return nil }
        var scratch = Canvas(columns: size.columns, rows: size.rows)
        return board.render(into: &scratch, at: time, appearance: appearance)
    }

    private func command(for command: BoardCommand) -> ProgramCommand {
        switch command {
        case .none: return .none
        case .quit: return .quit
        case .redraw: return .redraw
        case .suspend: return .suspend
        }
    }

    func render(into canvas: inout Canvas, at time: Double) {
        board.render(into: &canvas, at: time, appearance: appearance)
    }

    func nextWakeTime(after time: Double) -> Double? {
        let wake = board.nextWakeTime(after: time, framesPerSecond: framesPerSecond)
        guard let watch = automation.nextWakeTime(after: time) else { return wake }
        return min(wake ?? watch, watch)
    }
}
