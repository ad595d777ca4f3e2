/// A press or a change of count on a board, as it happened: what `--events-to` writes and line mode shows.
///
/// The board records one for every press (with the count before and after the
/// button's action) and for every change of count from elsewhere; the program
/// takes them after each event with ``BadgeBoard/takeEvents()``.
public struct BoardEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A button was pressed (its count is the count after its action).
        case press
        /// A count changed other than by a press.
        case change
    }

    /// Where it came from.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// A key: a number, Enter or Space.
        case key
        /// A click of the mouse, or of a status bar's block.
        case click
        /// A line sent to the control socket (`--control`, `--press`).
        case control
        /// A watch's command.
        case watch
        /// A line of live counts (`--counts-from`).
        case counts
        /// A folder counted (`--count-files`, `--maildir`).
        case folder
        /// The demo's auto-play script.
        case autoplay
    }

    /// What happened.
    public var kind: Kind
    /// The button's index on the toolbar.
    public var buttonIndex: Int
    /// The button's title.
    public var buttonTitle: String
    /// The count after it.
    public var count: Int
    /// The count before it.
    public var previousCount: Int
    /// Where it came from.
    public var source: Source
    /// When, in seconds on the board's clock.
    public var time: Double
    /// The mouse button of a press a status bar's click made, when the click said which (`nil` for a key, a click
    /// in the full screen, or `--press` without `--mouse-button`).
    public var mouseButton: MouseButton?

    /// Creates an event.
    public init(
        kind: Kind, buttonIndex: Int, buttonTitle: String, count: Int, previousCount: Int, source: Source, time: Double,
        mouseButton: MouseButton? = nil
    ) {
        self.mouseButton = mouseButton
        self.kind = kind
        self.buttonIndex = buttonIndex
        self.buttonTitle = buttonTitle
        self.count = count
        self.previousCount = previousCount
        self.source = source
        self.time = time
    }

    /// Whether the count went up.
    public var isIncrease: Bool { count > previousCount }

    /// The event as one line of JSON, with the keys always in this order:
    /// `{"time":1796064384.512,"event":"press","button":"Mail","count":0,"previous":5,"source":"click"}`, and
    /// `"mouse_button":"left"` last when the press says its mouse button.
    ///
    /// Written by hand rather than with FoundationEssentials' `JSONEncoder`, by measurement:
    /// the static release binary in an 80×24 tmux pane, 6 s of auto-play writing events,
    /// peaked at 6.6 MiB resident (VmHWM) this way and at 7.8 MiB with the encoder (7.1 MiB
    /// with it linked and unused, against 6.4 MiB), too close to the 8 MiB budget of
    /// `make bench`; the binary grew from 17 to 25 MB. The encoder also orders keys by hash
    /// (or alphabetically), where a reader of a log expects the time first. Strings are
    /// escaped as JSON asks, by the same code as the asciicast recorder's.
    ///
    /// - Parameter unixTime: When it happened, in seconds since 1970; written with milliseconds.
    public func jsonLine(unixTime: Double) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(96 + buttonTitle.utf8.count)
        line += Array("{\"time\":\(JSONText.milliseconds(unixTime)),\"event\":".utf8)
        JSONText.appendString(kind.rawValue, to: &line)
        line += Array(",\"button\":".utf8)
        JSONText.appendString(buttonTitle, to: &line)
        line += Array(",\"count\":\(count),\"previous\":\(previousCount),\"source\":".utf8)
        JSONText.appendString(source.rawValue, to: &line)
        if let mouseButton {
            line += Array(",\"mouse_button\":".utf8)
            JSONText.appendString(mouseButton.rawValue, to: &line)
        }
        line.append(0x7D)  // }
        return String(decoding: line, as: UTF8.self)
    }
}
