/// A full screen around a toolbar of badged buttons: the title and buttons, a hint, a status line that
/// speaks the focused button, notices, and a help overlay of every key.
///
/// It is the model of every toolbar `badgebar` shows, the Inbox demo (``Inbox/demo(startTime:autoPlays:limit:reduceMotion:)``)
/// and toolbars of the user's own buttons alike. Events and clock ticks go in, a new state
/// comes out; ``render(into:at:appearance:)`` draws any state at any instant. Keys act through
/// the table ``keyBindings``; an optional ``AutoPlay`` script raises counts until the first key or click.
public struct BadgeBoard: Sendable {
    /// The title and buttons.
    public var toolbar: BadgeToolbar
    /// The script that raises counts until the first key or click.
    public var autoPlay: AutoPlay
    /// Whether the help overlay listing every key is shown.
    public var isShowingHelp = false
    /// A message shown in the status line for a while, such as a skipped line of live counts.
    public private(set) var notice: Notice?

    /// A message in the status line and when it goes away.
    public struct Notice: Sendable, Equatable {
        /// The message.
        public var text: String
        /// When it goes away, in seconds on the clock.
        public var expiryTime: Double
    }

    /// How long a notice stays in the status line, in seconds.
    public static let noticeSeconds = 4.0

    /// Creates a board around a toolbar.
    public init(toolbar: BadgeToolbar, autoPlay: AutoPlay) {
        self.toolbar = toolbar
        self.autoPlay = autoPlay
    }

    /// Plays the script up to an instant and forgets finished motion.
    public mutating func advance(to time: Double) {
        var script = autoPlay
        script.advance(to: time) { step, due in
            toolbar.addToCount(step.amount, forButtonAt: step.buttonIndex, at: due)
        }
        autoPlay = script
        if toolbar.motions.contains(where: { $0 != BadgeMotion() }) {
            toolbar.settle(at: time)
        }
        if let notice, notice.expiryTime <= time {
            self.notice = nil
        }
    }

    /// Shows a message in the status line for ``noticeSeconds``.
    public mutating func report(_ message: String, at time: Double) {
        notice = Notice(text: Sanitizer.printable(message), expiryTime: time + Self.noticeSeconds)
    }

    /// Applies a line of live counts, as if the change happened in the app; an unknown name is reported.
    ///
    /// - Returns: The problem reported in the status line, if any.
    @discardableResult
    public mutating func apply(_ update: CountUpdate, at time: Double) -> String? {
        advance(to: time)
        let buttons = toolbar.buttons
        let index =
            buttons.firstIndex { $0.title == update.buttonTitle }
            ?? buttons.firstIndex { $0.title.lowercased() == update.buttonTitle.lowercased() }
        guard let index else {
            let name = Sanitizer.printable(String(update.buttonTitle.prefix(40)))
            let problem = "ignored '\(name)': no button has that title"
            report(problem, at: time)
            return problem
        }
        toolbar.setCount(update.applied(to: buttons[index].count), forButtonAt: index, at: time)
        return nil
    }

    /// Presses a button: its action runs (the demo's clear the count).
    public mutating func press(buttonAt index: Int, at time: Double) {
        toolbar.press(buttonAt: index, at: time)
    }

    /// Reacts to an event, as the binding in ``keyBindings`` that it sets off says.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - time: When, in seconds on the clock.
    ///   - layout: The toolbar as last drawn, for hit testing clicks.
    /// - Returns: What the program should do next.
    public mutating func handle(_ event: InputEvent, at time: Double, layout: ToolbarLayout?) -> BoardCommand {
        advance(to: time)
        switch event {
        case .resize, .focus:
            return .none
        case .mouse(let mouse):
            guard mouse.action != .leftRelease else { return .none }
        case .character, .key:
            break
        }
        autoPlay.stop()
        if isShowingHelp, event == .key(.escape) {
            // The help is modal for Esc: it hides the help instead of quitting.
            isShowingHelp = false
            return .none
        }
        if case .key(.alt(let character)) = event, keyBinding(for: .character(character))?.action == .quit {
            // Alt with a quit key quits: GNU screen holds a lone Esc until the next key, so Esc then q arrives so.
            return .quit
        }
        guard let binding = keyBinding(for: event) else { return .none }
        return perform(binding.action, for: event, at: time, layout: layout)
    }

    /// When the program should next wake up to draw a frame or play a step, or `nil` to sleep until input.
    ///
    /// - Parameters:
    ///   - time: Now, in seconds on the clock.
    ///   - framesPerSecond: The frame rate while something moves.
    public func nextWakeTime(after time: Double, framesPerSecond: Int) -> Double? {
        var wake = autoPlay.nextStepTime
        if let expiry = notice?.expiryTime {
            wake = min(wake ?? expiry, expiry)
        }
        if let frame = toolbar.nextVisibleChange(after: time, frameInterval: 1 / Double(max(framesPerSecond, 1))) {
            wake = min(wake ?? frame, frame)
        }
        return wake
    }
}
