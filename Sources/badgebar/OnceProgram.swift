import BadgeKit
import BadgeTerminal

/// `--once`: the board's engine, run until every counts source is read to its end and every watch has run once,
/// then its toolbar is printed a single time.
///
/// A view of the same engine as the full screen, driven by the same runner on a
/// backend with no terminal: the counts lines, the watches (with `BADGEBAR_BUTTON`,
/// their time limits, a failure's stale mark and its standard-error line), SIGUSR1,
/// `--events-to` and the end of everything the program started are the full
/// screen's by construction. Problems go to the message sink as line mode writes
/// them.
struct OnceProgram: TerminalProgram {
    /// The engine and its view.
    private(set) var screen: BoardProgram
    /// The sink that takes problems (standard error).
    let messageSink: Int
    /// How many live input sources there are; the reading ends once every one has ended.
    let sourceCount: Int
    /// The sources that have ended.
    private var endedSources: Set<Int> = []
    /// What is said of the board's reports, bounded.
    private var log = MessageLog()

    /// Creates the program around a board.
    ///
    /// - Parameters:
    ///   - board: The board, with its counts from the command line.
    ///   - configuration: What runs around it: the watches, and whether events are written.
    ///   - events: The runner's sink for the events and its name for messages.
    ///   - messageSink: The runner's sink for problems.
    ///   - sourceCount: How many live input sources there are.
    ///   - startTime: When the watches run.
    ///   - countsUnavailable: Why the counts source cannot be read, if it cannot.
    init(
        board: BadgeBoard, configuration: BoardEngine.Configuration, events: (sink: Int, name: String),
        messageSink: Int, sourceCount: Int, startTime: Double, countsUnavailable: String? = nil
    ) {
        var board = board
        board.autoPlay.stop()
        screen = BoardProgram.withoutScreen(
            board: board, configuration: configuration, events: events, startTime: startTime,
            countsUnavailable: countsUnavailable)
        self.messageSink = messageSink
        self.sourceCount = sourceCount
    }

    /// The board as it stands.
    var board: BadgeBoard { screen.board }

    /// How the board is read again from its file on SIGUSR2, if it came from one.
    var reload: BoardReload? {
        get { screen.reload }
        set { screen.reload = newValue }
    }

    /// Whether the reading is complete: every source at its end, every watch run once, no count waiting.
    var hasReadEverything: Bool {
        endedSources.count >= sourceCount && screen.engine.watches.hasFinishedEveryWatchOnce
            && !board.hasPendingCounts
    }

    /// No keys: `--once` reads no terminal.
    var controlKeys: ControlKeys { [] }

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        if case .sourceEnded(let source, _) = event {
            endedSources.insert(source)
        }
        var effects = [screen.update(event, at: time)]
        screen.stopMotion()
        for report in screen.takeReports() {
            if let message = log.message(for: report) {
                effects.append(.write(message, sink: messageSink))
            }
        }
        if event == .tick || hasReadEverything, let message = log.endTurn() {
            effects.append(.write(message, sink: messageSink))
        }
        if hasReadEverything {
            effects.append(.quit)
        }
        return .batch(effects)
    }

    /// Draws nothing: the toolbar is printed once, after the run.
    func render(into canvas: inout Canvas, at time: Double) {}

    func nextWakeTime(after time: Double) -> Double? {
        screen.nextWakeTime(after: time)
    }
}
