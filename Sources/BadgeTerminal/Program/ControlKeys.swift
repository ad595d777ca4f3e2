import BadgeKit

/// The control keys the runner acts on for a program, as a full-screen program is expected to: Ctrl-C quits,
/// Ctrl-Z suspends to the shell, Ctrl-L repaints the screen.
///
/// The terminal is in raw mode while a program runs, so these keys arrive as
/// input instead of as signals. By default (``TerminalProgram/controlKeys``) the
/// runner acts on all three before the program sees them; a program that gives
/// one of them a meaning of its own leaves it out.
public struct ControlKeys: OptionSet, Sendable {
    /// The keys as bits.
    public let rawValue: Int

    /// Creates a set from its raw value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Ctrl-C ends the run as a quit.
    public static let interrupt = ControlKeys(rawValue: 1 << 0)
    /// Ctrl-Z suspends to the shell, as a shell's job control does; `fg` brings the program back.
    public static let suspend = ControlKeys(rawValue: 1 << 1)
    /// Ctrl-L repaints the whole screen.
    public static let redraw = ControlKeys(rawValue: 1 << 2)
    /// All three: what the runner does unless told otherwise.
    public static let standard: ControlKeys = [.interrupt, .suspend, .redraw]

    /// The one of these keys an input is, if any.
    init?(_ event: InputEvent) {
        switch event {
        case .key(.interrupt): self = .interrupt
        case .key(.suspend): self = .suspend
        case .key(.redraw): self = .redraw
        default: return nil
        }
    }
}

extension TerminalProgram {
    /// The runner acts on Ctrl-C, Ctrl-Z and Ctrl-L for every program that does not say otherwise.
    public var controlKeys: ControlKeys { .standard }
}
