import BadgeKit
import CNCursesW

/// A board at work under the runner: one ``/BadgeKit/BoardEngine``, one view of it, and what every view needs once.
///
/// The program hands every event to its view, which hands the engine what is
/// the engine's; it owns what no view should repeat: SIGUSR1 runs the watches,
/// SIGUSR2 or a change of the board's file reads the board again (``reload``),
/// and, for a view with no status line, every report of the board is told on
/// ``reportsSink`` as a log, bad lines bounded a turn. Every rule of the board
/// is the engine's; what is shown is the view's.
///
/// ```swift
/// var program = BoardProgram(
///     board: board, view: FullScreenView(appearance: terminal.capabilities.toolbarAppearance, framesPerSecond: 30))
/// _ = ProgramRunner.run(&program, on: terminal)
/// ```
public struct BoardProgram<View: BoardView>: TerminalProgram {
    /// The board at work.
    public private(set) var engine: BoardEngine
    /// What is shown of it.
    public private(set) var view: View
    /// Where the board's reports are told as a log, one line each, or `nil` to leave them to the status line.
    public let reportsSink: SinkName?
    /// How the board is read again, if it came from a file.
    public var reload: BoardReload?
    /// How many times the board was read again.
    public private(set) var reloadCount = 0
    /// What is said of the reports, bounded.
    private var log = MessageLog()
    /// What the runner watches for the board: its file and its folders (set before the run starts).
    package var monitors = BoardMonitors()
    /// Whether the folders' first readings were taken (on the first event of the run).
    private var hasTakenFirstReadings = false

    /// Sets a board to work under a view.
    ///
    /// - Parameters:
    ///   - board: The board.
    ///   - view: What is shown of it; it prepares the board and adjusts the configuration first.
    ///   - configuration: What runs around the board (nothing unless told).
    ///   - sources: The live input sources the run reads, whose ends the engine waits for.
    ///   - startTime: When the watches first run.
    ///   - reportsSink: Where reports are told as a log, or `nil` for none.
    ///   - countsUnavailable: Why the counts source cannot be read, if it cannot (said already): the buttons it
    ///     would feed start stale.
    public init(
        board: BadgeBoard, view: View, configuration: BoardEngine.Configuration = BoardEngine.Configuration(),
        sources: Set<SourceName> = [], startTime: Double = 0, reportsSink: SinkName? = nil,
        countsUnavailable: String? = nil
    ) {
        var board = board
        view.prepare(&board)
        // A log tells every notice, not only the status line's latest.
        board.keepsReports = reportsSink != nil
        var configuration = configuration
        view.adjust(&configuration)
        engine = BoardEngine(board: board, configuration: configuration, startTime: startTime, sources: sources)
        self.view = view
        self.reportsSink = reportsSink
        if let countsUnavailable {
            _ = engine.countsUnavailable(reason: countsUnavailable, at: startTime)
            _ = engine.takeReports()
        }
    }

    /// The board as it stands.
    public var board: BadgeBoard { engine.board }

    /// The view's control keys.
    public var controlKeys: ControlKeys { view.controlKeys }

    /// Takes an event: SIGUSR1 and a reload first, then the view, which hands the engine what is the engine's; the
    /// reports the turn kept are told after, or before a quit.
    public mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        var effects: [ProgramEffect] = []
        if event == .tick {
            // A new turn of the run loop: what the last one held back is told, and its bad lines may be told again.
            endTurn(into: &effects)
        }
        if !hasTakenFirstReadings, let folders = monitors.folders {
            hasTakenFirstReadings = true
            effects += take(folders.currentReadings(), at: time)
            if !engine.configuration.folderSources.isEmpty, !folders.isWatching {
                effects += engine.report(Self.unwatchedFolders, at: time)
            }
        }
        if case .fileChanged(let monitor) = event, monitor == monitors.foldersIndex, let folders = monitors.folders {
            effects += take(folders.takeReadings(), at: time)
        } else if let reload, Self.asksForReload(event) {
            effects += reloadBoard(reload, at: time)
        } else if event == .signal(SIGUSR1) {
            effects += engine.refreshWatches(at: time)
        }
        effects += view.update(event, engine: &engine, at: time)
        return ProgramEffect(tellingReportsBefore: effects, program: &self)
    }

    /// What is said when the kernel cannot tell of the folders' changes.
    static var unwatchedFolders: String {
        "the folders' counts are read at the start only (and when the board's file is read again): this system "
            + "has no inotify queue or watch to give (see /proc/sys/fs/inotify/max_user_watches)"
    }

    /// Hands the engine what the board's folders gave.
    private mutating func take(_ readings: [(index: Int, reading: FolderReading)], at time: Double) -> [ProgramEffect] {
        readings.flatMap { engine.takeFolderReading($0.reading, fromSourceAt: $0.index, at: time) }
    }

    /// Whether an event asks for the board to be read again: SIGUSR2, or a change of the board's file.
    public static func asksForReload(_ event: ProgramEvent) -> Bool {
        if case .fileChanged = event { return true }
        return event == .signal(SIGUSR2)
    }

    /// Reads the board again and sets the engine to it.
    ///
    /// A board that cannot be used leaves it as it was. Either way the notice says so.
    private mutating func reloadBoard(_ reload: BoardReload, at time: Double) -> [ProgramEffect] {
        var effects: [ProgramEffect] = []
        let notice: String
        switch reload.read(time) {
        case .loaded(let board, var configuration, let loadedNotice):
            view.adjust(&configuration)
            let previous = engine.board.toolbar
            effects += engine.reconfigure(board: board, configuration: configuration, at: time)
            if let folders = monitors.folders {
                // The new board's folders, each read anew: its counts are what they hold now.
                folders.follow(engine.configuration.folderSources)
                effects += take(folders.currentReadings(), at: time)
            }
            reloadCount += 1
            effects += view.reloaded(from: previous, engine: engine, at: time)
            notice = loadedNotice
        case .failed(let failedNotice):
            notice = failedNotice
        }
        return effects + engine.report(notice, at: time)
    }

    /// Tells the reports kept since the last turn on the reports' sink, as the log allows.
    fileprivate mutating func tellReports(into effects: inout [ProgramEffect]) {
        guard let reportsSink else { return }
        for report in engine.takeReports() {
            if let message = log.message(for: report) {
                effects.append(.write(message, sink: reportsSink))
            }
        }
    }

    /// Says how many bad lines this turn held back, if any, and starts the count of a new turn.
    fileprivate mutating func endTurn(into effects: inout [ProgramEffect]) {
        if let reportsSink, let message = log.endTurn() {
            effects.append(.write(message, sink: reportsSink))
        }
    }

    /// Paints what the view shows of the board at an instant.
    public func render(into canvas: inout Canvas, at time: Double) {
        view.render(engine, into: &canvas, at: time)
    }

    /// When the view, or the engine under it, next needs a turn.
    public func nextWakeTime(after time: Double) -> Double? {
        view.nextWakeTime(engine, after: time)
    }
}

extension ProgramEffect {
    /// The effects of a turn as one, the board's reports told first where they end it: before a quit, with the
    /// bad lines the turn held back, so nothing said is lost on the way out.
    fileprivate init<View>(tellingReportsBefore effects: [ProgramEffect], program: inout BoardProgram<View>) {
        var effects = effects
        var reports: [ProgramEffect] = []
        program.tellReports(into: &reports)
        if let quit = effects.firstIndex(of: .quit) {
            program.endTurn(into: &reports)
            effects.insert(contentsOf: reports, at: quit)
        } else {
            effects += reports
        }
        switch effects.count {
        case 0: self = .none
        case 1: self = effects[0]
        default: self = .batch(effects)
        }
    }
}

extension BoardProgram where View == FullScreenView {
    /// The full screen of a board: drawn at any instant, pressed by keys and clicks.
    ///
    /// - Parameters:
    ///   - board: The board.
    ///   - appearance: How the terminal shows it.
    ///   - framesPerSecond: The frame rate while something moves.
    ///   - configuration: What runs around the board.
    ///   - startTime: When the watches first run.
    ///   - countsIntervalSeconds: How long live counts wait to be shown together; a frame by default.
    public init(
        board: BadgeBoard, appearance: ToolbarAppearance, framesPerSecond: Int,
        configuration: BoardEngine.Configuration = BoardEngine.Configuration(), startTime: Double = 0,
        countsIntervalSeconds: Double? = nil
    ) {
        self.init(
            board: board,
            view: FullScreenView(
                appearance: appearance, framesPerSecond: framesPerSecond, countsIntervalSeconds: countsIntervalSeconds),
            configuration: configuration, sources: [.counts], startTime: startTime)
    }
}
