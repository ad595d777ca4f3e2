import BadgeKit

/// What one front end shows of a board at work: a view of a ``/BadgeKit/BoardEngine`` that a ``BoardProgram`` hosts.
///
/// A view holds no rule of the board: it hands the engine the events it is given
/// (``update(_:engine:at:)``), keeps what only it shows (the lines already said,
/// the text a status bar last printed), and draws or writes the engine's state.
/// The full screen (``FullScreenView``) draws a canvas; a view with no screen
/// writes lines to a sink and draws nothing.
public protocol BoardView {
    /// The control keys the runner acts on before the view sees them (see ``TerminalProgram/controlKeys``).
    var controlKeys: ControlKeys { get }
    /// Sets up the board the view starts with: how it moves, whether it keeps every report for a log.
    func prepare(_ board: inout BadgeBoard)
    /// Changes a configuration to what this view can carry out, at the start and on every reload: a view with no
    /// terminal runs no open command, say.
    func adjust(_ configuration: inout BoardEngine.Configuration)
    /// Takes an event: hands the engine what is the engine's and says what the view says of it.
    ///
    /// - Returns: What the runner should do, in order.
    mutating func update(_ event: ProgramEvent, engine: inout BoardEngine, at time: Double) -> [ProgramEffect]
    /// Says what a new board read from the board's file calls for, before the event that asked for it.
    ///
    /// - Parameters:
    ///   - previous: The toolbar as it stood before.
    ///   - engine: The engine, set to the new board.
    ///   - time: The instant of the reload, on the runner's clock.
    mutating func reloaded(from previous: BadgeToolbar, engine: BoardEngine, at time: Double) -> [ProgramEffect]
    /// Paints the board at an instant into a canvas the size of the screen, cleared.
    func render(_ engine: BoardEngine, into canvas: inout Canvas, at time: Double)
    /// When the view next needs a turn without an event, or `nil` to sleep until something happens.
    func nextWakeTime(_ engine: BoardEngine, after time: Double) -> Double?
}

extension BoardView {
    /// The standard control keys: Ctrl-C quits, Ctrl-Z suspends, Ctrl-L repaints.
    public var controlKeys: ControlKeys { .standard }

    /// Leaves the board as it is.
    public func prepare(_ board: inout BadgeBoard) {}

    /// Leaves the configuration as it is.
    public func adjust(_ configuration: inout BoardEngine.Configuration) {}

    /// Hands the event to the engine.
    public mutating func update(_ event: ProgramEvent, engine: inout BoardEngine, at time: Double)
        -> [ProgramEffect]
    {
        engine.update(event, at: time)
    }

    /// Says nothing of a new board.
    public mutating func reloaded(from previous: BadgeToolbar, engine: BoardEngine, at time: Double)
        -> [ProgramEffect]
    {
        []
    }

    /// Draws nothing.
    public func render(_ engine: BoardEngine, into canvas: inout Canvas, at time: Double) {}
}

extension BoardView {
    /// Sets a board up for a view with no frames: nothing moves, and live counts are shown as soon as they are read.
    public static func holdStill(_ board: inout BadgeBoard) {
        board.isStill = true
        board.countsIntervalSeconds = 0
    }
}
