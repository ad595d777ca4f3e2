/// A part of a run named by the role it plays, never by its position: an output sink (``SinkName``) or a live
/// input source (``SourceName``).
///
/// The runner is given its sinks and sources by name and says a source's name
/// with each read's lines; a line written to a name the run has no sink for goes
/// nowhere. The names a board uses are the statics of ``SinkName`` and
/// ``SourceName``; a program of an adopter's own may name others.
public struct PartName<Role>: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as text.
    public let rawValue: String

    /// Creates a name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a name from a literal.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The name as text.
    public var description: String { rawValue }
}

/// The role of an output sink: where ``ProgramEffect/write(_:sink:)`` lines go.
public enum SinkRole {}

/// The role of a live input source: where ``ProgramEvent/lines(_:source:)`` come from.
public enum SourceRole {}

/// Which output sink a line goes to.
public typealias SinkName = PartName<SinkRole>

/// Which live input source lines came from.
public typealias SourceName = PartName<SourceRole>

extension PartName where Role == SinkRole {
    /// What the program is for: line mode's lines, or a status bar's stream (standard output).
    public static let output: SinkName = "output"
    /// Problems and notices told as they happen (standard error).
    public static let messages: SinkName = "messages"
    /// Every press and change as a line of JSON (`--events-to`).
    public static let events: SinkName = "events"
}

extension PartName where Role == SourceRole {
    /// Lines of live counts (`Name=N`, `Name+=N`, `Name-=N`), from `--counts-from`.
    public static let counts: SourceName = "counts"
    /// Line mode's instructions on standard input (`1`, `press Mail`, `q`).
    public static let instructions: SourceName = "instructions"
    /// A status bar's click events on standard input (i3bar's protocol).
    public static let clicks: SourceName = "clicks"
    /// The lines sent to the control socket (`press NAME`, `refresh`, counts lines).
    public static let control: SourceName = "control"
}
