/// A full screen around a toolbar of badged buttons: the title and buttons, a hint, a status line that
/// speaks the focused button, notices, and a help overlay of every key.
///
/// It is the model of every toolbar `badgebar` shows, the Inbox demo (``Inbox/demo(startTime:autoPlays:limit:reduceMotion:)``)
/// and toolbars of the user's own buttons alike. Events and clock ticks go in, a new state
/// comes out; ``render(into:at:appearance:)`` draws any state at any instant. Keys act through
/// one table of key bindings, which ``helpLines`` lists; an optional ``AutoPlay`` script raises counts until the first key or click.
public struct BadgeBoard: Sendable {
    /// The title and buttons; their counts change only through the board, which records each change as an event.
    public internal(set) var toolbar: BadgeToolbar
    /// The script that raises counts until the first key or click.
    public var autoPlay: AutoPlay
    /// Whether the help overlay listing every key is shown.
    public var isShowingHelp = false
    /// A message shown in the status line for a while, such as a skipped line of live counts.
    public internal(set) var notice: Notice?
    /// Presses and changes of count not yet taken by ``takeEvents()``, oldest first, at most ``eventLimit``.
    public private(set) var events: [BoardEvent] = []
    /// Whether every report is kept for ``takeReports()`` as well as shown in the status line (off by default:
    /// the status line shows only the latest).
    public var keepsReports = false
    /// Reports not yet taken by ``takeReports()``, oldest first, at most ``reportLimit``; kept only with ``keepsReports``.
    public internal(set) var reports: [BoardReport] = []
    /// The shortest time between two showings of live counts, in seconds: one frame.
    ///
    /// Lines taken by ``takeCountLines(_:at:)`` sooner than this after the last
    /// showing wait, and are shown together; 0 shows every batch of lines at once.
    public var countsIntervalSeconds = 0.0
    /// Live counts taken from lines and not yet shown.
    var pending: PendingCounts

    /// A message in the status line and when it goes away.
    public struct Notice: Sendable, Equatable {
        /// The message.
        public var text: String
        /// When it goes away, in seconds on the clock.
        public var expiryTime: Double
    }

    /// How long a notice stays in the status line, in seconds.
    public static let noticeSeconds = 4.0
    /// The most events kept for ``takeEvents()``; older ones are dropped, so an untaken list stays small.
    public static let eventLimit = 1024
    /// The most reports kept for ``takeReports()``; older ones are dropped, so an untaken list stays small.
    public static let reportLimit = 256
    /// How many bad lines of one batch of live counts are reported one by one; the rest are counted.
    public static let badLinesToldPerBatch = 5

    /// Creates a board around a toolbar.
    public init(toolbar: BadgeToolbar, autoPlay: AutoPlay) {
        self.toolbar = toolbar
        self.autoPlay = autoPlay
        self.pending = PendingCounts(buttonCount: toolbar.buttons.count)
    }

    /// Plays the script up to an instant, shows the live counts that are due, and forgets finished motion.
    ///
    /// Counts that wait are shown before a step of the script changes a count, so changes keep their order.
    public mutating func advance(to time: Double) {
        if hasPendingCounts, let step = autoPlay.nextStepTime, step <= time {
            showPendingCounts(at: time)
        }
        if let due = pendingCountsTime, due <= time {
            showPendingCounts(at: time)
        }
        var script = autoPlay
        script.advance(to: time) { step, due in
            changeCount(forButtonAt: step.buttonIndex, source: .autoplay, at: due) { toolbar in
                toolbar.addToCount(step.amount, forButtonAt: step.buttonIndex, at: due)
            }
        }
        autoPlay = script
        if toolbar.motions.contains(where: { $0 != BadgeMotion() }) {
            toolbar.settle(at: time)
        }
        if let notice, notice.expiryTime <= time {
            self.notice = nil
        }
    }

    /// Shows a message in the status line for ``noticeSeconds``, and keeps it as a report with ``keepsReports``.
    public mutating func report(_ message: String, at time: Double) {
        showNotice(message, at: time)
        keep(.notice(notice?.text ?? ""))
    }

    /// Reports a bad line of live counts (one too long, say) on its own: shown in the status line, and kept as a
    /// bad line with ``keepsReports``.
    public mutating func reportBadLine(_ message: String, at time: Double) {
        showNotice(message, at: time)
        keep(.badLine(notice?.text ?? ""))
    }

    /// Shows a message in the status line for ``noticeSeconds``.
    mutating func showNotice(_ message: String, at time: Double) {
        notice = Notice(text: Sanitizer.printable(message), expiryTime: time + Self.noticeSeconds)
    }

    /// Keeps a report for ``takeReports()`` when ``keepsReports`` is on, dropping the oldest past ``reportLimit``;
    /// bad lines past it are counted in one ``BoardReport/moreBadLines(_:)`` at the end instead, so none goes
    /// untold.
    mutating func keep(_ report: BoardReport) {
        guard keepsReports else { return }
        let badLines: Int? =
            switch report {
            case .badLine: 1
            case .moreBadLines(let count): count
            case .notice: nil
            }
        if let badLines, reports.count >= Self.reportLimit - 1 {
            if case .moreBadLines(let count) = reports.last {
                reports[reports.count - 1] = .moreBadLines(count + badLines)
            } else {
                reports.append(.moreBadLines(badLines))
            }
            return
        }
        if reports.count >= Self.reportLimit {
            reports.removeFirst(reports.count - Self.reportLimit + 1)
        }
        reports.append(report)
    }

    /// The reports since the last call, oldest first; the list is emptied.
    public mutating func takeReports() -> [BoardReport] {
        defer { reports.removeAll(keepingCapacity: true) }
        return reports
    }

    /// Applies a line of live counts, as if the change happened in the app; an unknown name is reported.
    ///
    /// Counts that wait to be shown (``takeCountLines(_:at:)``) are shown first, so changes keep their order.
    ///
    /// - Parameters:
    ///   - update: The line.
    ///   - time: When it arrived.
    ///   - source: Where it came from, for the change it records.
    /// - Returns: The problem reported in the status line, if any.
    @discardableResult
    public mutating func apply(_ update: CountUpdate, at time: Double, source: BoardEvent.Source = .counts) -> String? {
        advance(to: time)
        guard let index = toolbar.buttonIndex(titled: update.buttonTitle) else {
            let problem = Self.unknownTitleProblem(update.buttonTitle)
            reportBadLine(problem, at: time)
            return problem
        }
        showPendingCounts(at: time)
        let count = update.applied(to: toolbar.buttons[index].count)
        changeCount(forButtonAt: index, source: source, at: time) { toolbar in
            toolbar.setCount(count, forButtonAt: index, at: time)
        }
        return nil
    }

    /// Presses a button: its action runs (the demo's clear the count), and the press is recorded.
    ///
    /// - Parameters:
    ///   - index: The button.
    ///   - time: When.
    ///   - source: A key or a click, for the press it records.
    public mutating func press(buttonAt index: Int, at time: Double, source: BoardEvent.Source = .key) {
        guard toolbar.buttons.indices.contains(index) else { return }
        showPendingCounts(at: time)
        let previous = toolbar.buttons[index].count
        toolbar.press(buttonAt: index, at: time)
        record(
            BoardEvent(
                kind: .press, buttonIndex: index, buttonTitle: toolbar.buttons[index].title,
                count: toolbar.buttons[index].count, previousCount: previous, source: source, time: time))
    }

    /// Changes a count through the toolbar and records the change, if the count changed.
    mutating func changeCount(
        forButtonAt index: Int, source: BoardEvent.Source, at time: Double, _ change: (inout BadgeToolbar) -> Void
    ) {
        guard toolbar.buttons.indices.contains(index) else { return }
        let previous = toolbar.buttons[index].count
        change(&toolbar)
        let count = toolbar.buttons[index].count
        guard count != previous else { return }
        record(
            BoardEvent(
                kind: .change, buttonIndex: index, buttonTitle: toolbar.buttons[index].title, count: count,
                previousCount: previous, source: source, time: time))
    }

    /// Keeps an event for ``takeEvents()``, dropping the oldest past ``eventLimit``.
    private mutating func record(_ event: BoardEvent) {
        if events.count >= Self.eventLimit {
            events.removeFirst(events.count - Self.eventLimit + 1)
        }
        events.append(event)
    }

    /// The presses and changes since the last call, oldest first; the list is emptied.
    public mutating func takeEvents() -> [BoardEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// The toolbar's title, drawn in bold on the left.
    public var title: String {
        get { toolbar.title }
        set { toolbar.title = newValue }
    }

    /// The corner every badge sits on.
    public var badgeCorner: BadgeCorner {
        get { toolbar.badgeCorner }
        set { toolbar.badgeCorner = newValue }
    }

    /// Whether nothing moves at all, each change shown at rest at once (``BadgeToolbar/isStill``): for a view
    /// with no frames.
    public var isStill: Bool {
        get { toolbar.isStill }
        set { toolbar.isStill = newValue }
    }

    /// The total of the count badges (dots and words left out), saturating: the toolbar's.
    public var badgeTotal: Int { toolbar.badgeTotal }

    /// The window's title: the toolbar's (``BadgeToolbar/windowTitle``), `(101) Inbox`.
    public var windowTitle: String { toolbar.windowTitle }

    /// Reacts to an event, as the key binding that it sets off says (``helpLines`` lists them).
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - time: When, in seconds on the clock.
    ///   - layout: The toolbar as last drawn, for hit testing clicks.
    /// - Returns: What the front end should do next (quit, redraw, suspend), or `nil` for nothing beyond the
    ///   next frame.
    public mutating func handle(_ event: InputEvent, at time: Double, layout: ToolbarLayout?) -> ProgramEffect? {
        advance(to: time)
        switch event {
        case .resize, .focus:
            return nil
        case .mouse(let mouse):
            guard mouse.action != .leftRelease else { return nil }
        case .character, .key:
            break
        }
        autoPlay.stop()
        if isShowingHelp, event == .key(.escape) {
            // The help is modal for Esc: it hides the help instead of quitting.
            isShowingHelp = false
            return nil
        }
        if case .key(.alt(let character)) = event, keyBinding(for: .character(character))?.action == .quit {
            // Alt with a quit key quits: GNU screen holds a lone Esc until the next key, so Esc then q arrives so.
            return .quit
        }
        guard let binding = keyBinding(for: event) else { return nil }
        return perform(binding.action, for: event, at: time, layout: layout)
    }

    /// When the program should next wake up to draw a frame or play a step, or `nil` to sleep until input.
    ///
    /// - Parameters:
    ///   - time: Now, in seconds on the clock.
    ///   - framesPerSecond: The frame rate while something moves.
    public func nextWakeTime(after time: Double, framesPerSecond: Int) -> Double? {
        var wake = autoPlay.nextStepTime
        if let due = pendingCountsTime {
            wake = min(wake ?? due, due)
        }
        if let expiry = notice?.expiryTime {
            wake = min(wake ?? expiry, expiry)
        }
        if let frame = toolbar.nextVisibleChange(after: time, frameInterval: 1 / Double(max(framesPerSecond, 1))) {
            wake = min(wake ?? frame, frame)
        }
        return wake
    }
}
