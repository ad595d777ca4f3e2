import BadgeKit

/// The full screen: the board drawn at any instant, its buttons pressed by keys and clicks.
///
/// A click is hit-tested against the layout of the frame last drawn, which the
/// view notes as it draws, so nothing is drawn twice to find a button.
public struct FullScreenView: BoardView {
    /// Glyph widths, icon style and colour depth of the terminal.
    public let appearance: ToolbarAppearance
    /// The frame rate while something moves.
    public let framesPerSecond: Int
    /// How long live counts wait to be shown together, in seconds.
    public let countsIntervalSeconds: Double
    /// The toolbar's layout in the frame last drawn.
    private let drawn = DrawnLayout()

    /// Where the toolbar sat in the frame last drawn; a frame is drawn from a program that is not changed by it.
    private final class DrawnLayout {
        /// The layout, or `nil` when the frame held no toolbar (a screen too small, or none drawn yet).
        var layout: ToolbarLayout?
    }

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - appearance: How the terminal shows the board.
    ///   - framesPerSecond: The frame rate while something moves.
    ///   - countsIntervalSeconds: How long live counts wait to be shown together; a frame by default.
    public init(appearance: ToolbarAppearance, framesPerSecond: Int, countsIntervalSeconds: Double? = nil) {
        self.appearance = appearance
        self.framesPerSecond = framesPerSecond
        self.countsIntervalSeconds = countsIntervalSeconds ?? 1 / Double(max(framesPerSecond, 1))
    }

    /// Live counts are shown at most once a frame (or as the view was told).
    public func prepare(_ board: inout BadgeBoard) {
        board.countsIntervalSeconds = countsIntervalSeconds
    }

    /// Hands the event to the engine, a click with the toolbar as last drawn.
    public mutating func update(_ event: ProgramEvent, engine: inout BoardEngine, at time: Double)
        -> [ProgramEffect]
    {
        guard case .input(let input) = event else { return engine.update(event, at: time) }
        switch input {
        case .resize:
            // The next frame draws at the new size; a screen too large to draw draws no toolbar.
            drawn.layout = nil
            return engine.update(event, at: time)
        case .mouse:
            return engine.update(event, at: time, layout: drawn.layout)
        default:
            return engine.update(event, at: time)
        }
    }

    /// Draws the board, and notes where its toolbar went.
    public func render(_ engine: BoardEngine, into canvas: inout Canvas, at time: Double) {
        drawn.layout = engine.board.render(into: &canvas, at: time, appearance: appearance)
    }

    /// The next frame of a motion, a step of the script, a notice's end or a watch's turn.
    public func nextWakeTime(_ engine: BoardEngine, after time: Double) -> Double? {
        engine.nextWakeTime(after: time, framesPerSecond: framesPerSecond)
    }
}
