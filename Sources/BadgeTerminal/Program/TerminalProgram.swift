import BadgeKit

/// A program the runner drives, in the Elm shape: events in, an effect out, and a picture of any instant.
///
/// The program never reads a clock or touches the terminal: the runner passes
/// the time with every call, draws what ``render(into:at:)`` paints, and sleeps
/// until ``nextWakeTime(after:)`` or the next event. So any frame can be
/// reproduced in a test with a ``ScriptedTerminal``.
public protocol TerminalProgram {
    /// Reacts to an event at an instant and answers with what the runner should do next.
    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect
    /// Paints the program as it looks at an instant, into a canvas the size of the screen, cleared.
    func render(into canvas: inout Canvas, at time: Double)
    /// When the program next needs to run without an event (the next frame of a motion, a step it
    /// scheduled), or `nil` to sleep until something happens.
    func nextWakeTime(after time: Double) -> Double?
    /// The control keys the runner acts on before the program sees them: by default all of
    /// ``ControlKeys/standard`` (Ctrl-C quits, Ctrl-Z suspends, Ctrl-L repaints).
    var controlKeys: ControlKeys { get }
}
