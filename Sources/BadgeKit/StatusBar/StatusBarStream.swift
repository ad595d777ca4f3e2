/// The exact text a status command that keeps running writes for each update of its toolbar, framing included.
///
/// For i3bar (and swaybar) the first update is the protocol's header, `[` and the
/// first array of blocks, each on its line, and every later one is `,` and the
/// next array on a line. Every other form is one rendered line per update. The
/// stream is a value: it counts the lines it gave, and never writes anything itself.
///
/// ```swift
/// var stream = StatusBarStream(format: .i3bar, style: style)
/// write(stream.line(for: toolbar))  // {"version":1,"click_events":true}\n[\n[{…}]\n
/// write(stream.line(for: toolbar, state: StatusBarState(risingButtons: [0])))  // ,[{…}]\n
/// ```
public struct StatusBarStream: Sendable {
    /// The form of every line.
    public let format: StatusBarFormat
    /// The glyphs and colours of every line.
    public var style: StatusBarStyle
    /// The command a click on a button runs, in the forms that say one (polybar).
    public var pressCommand: StatusBarPressCommand?
    /// How many lines the stream has given.
    public private(set) var linesGiven: Int = 0

    /// Creates a stream that has given nothing yet.
    public init(format: StatusBarFormat, style: StatusBarStyle, pressCommand: StatusBarPressCommand? = nil) {
        self.format = format
        self.style = style
        self.pressCommand = pressCommand
    }

    /// The text to write for the next update, line end included.
    ///
    /// For i3bar the header and `[` come before the first array of blocks, and `,`
    /// before each later one.
    public mutating func line(for toolbar: BadgeToolbar, state: StatusBarState = StatusBarState()) -> String {
        line(rendered: format.render(toolbar, style: style, state: state, pressCommand: pressCommand))
    }

    /// The text to write for the next update of a toolbar already rendered in the form, line end included: the
    /// framing of ``line(for:state:)`` around it, for a writer that made the text once to compare it.
    public mutating func line(rendered text: String) -> String {
        defer { linesGiven += 1 }
        guard format == .i3bar else { return text + "\n" }
        return (linesGiven == 0 ? format.streamHeader : ",") + text + "\n"
    }
}
