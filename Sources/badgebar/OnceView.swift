import BadgeKit
import BadgeTerminal

/// `--once`: the board's engine, run until every counts source is read to its end and every watch has run once,
/// then its toolbar is printed a single time.
///
/// A view of the same engine as the full screen, driven by the same runner with
/// no screen: the counts lines, the watches (with `BADGEBAR_BUTTON`, their time
/// limits, a failure's stale mark and its standard-error line), SIGUSR1,
/// `--events-to` and the end of everything the program started are the full
/// screen's by construction. Problems go to standard error as line mode writes them.
struct OnceView: BoardView {
    /// No keys: `--once` reads no terminal.
    var controlKeys: ControlKeys { [] }

    /// Nothing moves: the toolbar is printed once, at rest.
    func prepare(_ board: inout BadgeBoard) {
        Self.holdStill(&board)
        board.autoPlay.stop()
    }

    /// A single reading presses nothing and has no window: no press or open commands, no title, no notifications.
    func adjust(_ configuration: inout BoardEngine.Configuration) {
        configuration.setsWindowTitle = false
        configuration.notificationMode = .never
        configuration.pressCommands = []
        configuration.clickCommands = []
        configuration.openCommands = []
    }

    /// Whether the reading is complete: every source at its end, every watch run once, no count waiting.
    static func hasReadEverything(_ engine: BoardEngine) -> Bool {
        engine.hasEndedEverySource && engine.hasRunEveryWatchOnce && !engine.board.hasPendingCounts
    }

    mutating func update(_ event: ProgramEvent, engine: inout BoardEngine, at time: Double) -> [ProgramEffect] {
        let effects = engine.update(event, at: time)
        return Self.hasReadEverything(engine) ? effects + [.quit] : effects
    }

    func nextWakeTime(_ engine: BoardEngine, after time: Double) -> Double? {
        engine.nextWakeTime(after: time, framesPerSecond: 1)
    }
}
