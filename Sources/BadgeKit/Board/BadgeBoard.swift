/// The state of a toolbar of badged buttons at work: the title, buttons and focus, the script that raises counts,
/// live counts on their way in, the notices of the status line, the events not yet taken, and the help overlay.
///
/// It is the model of every toolbar `badgebar` shows, the Inbox demo (``Inbox/demo(startTime:autoPlays:limit:reduceMotion:)``)
/// and toolbars of the user's own buttons alike. Events and clock ticks go in, a new state
/// comes out. Keys act through one table of key bindings, which ``helpLines`` lists; an optional ``AutoPlay``
/// script raises counts until the first key or click. The full screen is one view of a board, which
/// ``render(into:at:appearance:)`` draws at any instant; line mode and the status bars show it other ways.
///
/// Each job has a value of its own that the board holds: the intake of live counts (lines of bytes, the counts
/// that wait and their interval), the notices (the latest and its expiry, and the reports kept), the key dispatch
/// (an input to what it asks), the full-screen drawing, and the take-over of a running board.
public struct BadgeBoard: Sendable {
    /// The title and buttons; their counts change only through the board, which records each change as an event.
    public internal(set) var toolbar: BadgeToolbar
    /// The script that raises counts until the first key or click.
    public var autoPlay: AutoPlay
    /// Whether the help overlay listing every key is shown.
    public var isShowingHelp = false
    /// The notice the status line shows and the reports kept for ``takeReports()``.
    var notices = BoardNotices()
    /// Live counts taken from lines and not yet shown, and how often they are shown.
    var liveCounts: LiveCountIntake
    /// Presses and changes of count not yet taken by ``takeEvents()``.
    private var eventLog = Backlog<BoardEvent>(limit: Self.eventLimit)

    /// A message in the status line and when it goes away.
    public struct Notice: Sendable, Equatable {
        /// The message.
        public var text: String
        /// When it goes away, in seconds on the clock.
        public var expiryTime: Double
    }

    /// How long a notice stays in the status line, in seconds.
    public static let noticeSeconds = BoardNotices.noticeSeconds
    /// The most events kept for ``takeEvents()``; older ones are dropped, so an untaken list stays small.
    public static let eventLimit = 1024
    /// The most reports kept for ``takeReports()``; older ones are dropped, so an untaken list stays small.
    public static let reportLimit = BoardNotices.reportLimit
    /// How many bad lines of one batch of live counts are reported one by one; the rest are counted.
    public static let badLinesToldPerBatch = LiveCountIntake.badLinesToldPerBatch

    /// Creates a board around a toolbar.
    public init(toolbar: BadgeToolbar, autoPlay: AutoPlay) {
        self.toolbar = toolbar
        self.autoPlay = autoPlay
        self.liveCounts = LiveCountIntake(buttonCount: toolbar.buttons.count)
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
        notices.expire(at: time)
    }

    /// Shows a message in the status line for ``noticeSeconds``, and keeps it as a report with ``keepsReports``.
    public mutating func report(_ message: String, at time: Double) {
        notices.tell(message, at: time)
    }

    /// Reports a bad line of live counts (one too long, say) on its own: shown in the status line, and kept as a
    /// bad line with ``keepsReports``.
    public mutating func reportBadLine(_ message: String, at time: Double) {
        notices.tellBadLine(message, at: time)
    }

    /// The reports since the last call, oldest first; the list is emptied.
    public mutating func takeReports() -> [BoardReport] {
        notices.takeReports()
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
            let problem = LiveCountIntake.unknownTitleProblem(update.buttonTitle)
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
    ///   - mouseButton: The mouse button of a status bar's click, for the press it records.
    public mutating func press(
        buttonAt index: Int, at time: Double, source: BoardEvent.Source = .key, mouseButton: MouseButton? = nil
    ) {
        guard toolbar.buttons.indices.contains(index) else { return }
        showPendingCounts(at: time)
        let previous = toolbar.buttons[index].count
        toolbar.press(buttonAt: index, at: time)
        record(
            BoardEvent(
                kind: .press, buttonIndex: index, buttonTitle: toolbar.buttons[index].title,
                count: toolbar.buttons[index].count, previousCount: previous, source: source, time: time,
                mouseButton: mouseButton))
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
        eventLog.append(event)
    }

    /// The presses and changes since the last call, oldest first; the list is emptied.
    public mutating func takeEvents() -> [BoardEvent] {
        eventLog.take()
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
        let dispatch = KeyDispatch(buttonCount: toolbar.buttons.count)
        guard let command = dispatch.command(for: event, isShowingHelp: isShowingHelp, layout: layout) else {
            return nil
        }
        autoPlay.stop()
        switch command {
        case .nothing:
            break
        case .press(let index, let source):
            press(buttonAt: index, at: time, source: source)
        case .pressFocusedButton:
            press(buttonAt: toolbar.focusedIndex, at: time)
        case .moveFocus(let offset):
            toolbar.moveFocus(by: offset)
        case .toggleReduceMotion:
            toolbar.reduceMotion.toggle()
        case .toggleHelp:
            isShowingHelp.toggle()
        case .hideHelp:
            isShowingHelp = false
        case .effect(let effect):
            return effect
        }
        return nil
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
        if let expiry = notices.latest?.expiryTime {
            wake = min(wake ?? expiry, expiry)
        }
        if let frame = toolbar.nextVisibleChange(after: time, frameInterval: 1 / Double(max(framesPerSecond, 1))) {
            wake = min(wake ?? frame, frame)
        }
        return wake
    }

    /// Applies what a watch's run means: its counts (recorded with the source `watch`), its stale marks and its
    /// problem in the status line.
    package mutating func apply(_ outcome: WatchOutcome, at time: Double) {
        for update in outcome.updates {
            apply(update, at: time, source: .watch)
        }
        for mark in outcome.staleMarks {
            toolbar.setStale(mark.reason, forButtonAt: mark.buttonIndex)
        }
        if let problem = outcome.problem {
            report(problem, at: time)
        }
    }
}

// The board's parts, seen from the board: each member here hands its work to the part whose job it is.

extension BadgeBoard {
    /// A message shown in the status line for a while, such as a skipped line of live counts.
    public internal(set) var notice: Notice? {
        get { notices.latest }
        set { notices.latest = newValue }
    }

    /// Whether every report is kept for ``takeReports()`` as well as shown in the status line (off by default:
    /// the status line shows only the latest).
    public var keepsReports: Bool {
        get { notices.keepsReports }
        set { notices.keepsReports = newValue }
    }

    /// Reports not yet taken by ``takeReports()``, oldest first, at most ``reportLimit``; kept only with ``keepsReports``.
    public var reports: [BoardReport] { notices.reports.elements }

    /// Presses and changes of count not yet taken by ``takeEvents()``, oldest first, at most ``eventLimit``.
    public var events: [BoardEvent] { eventLog.elements }

    /// The status line's notice for several bad lines in one batch: how many, and the first.
    public static func badLinesNotice(first: String, count: Int) -> String {
        BoardNotices.badLinesNotice(first: first, count: count)
    }

    /// The shortest time between two showings of live counts, in seconds: one frame.
    ///
    /// Lines taken by ``takeCountLines(_:at:)`` sooner than this after the last
    /// showing wait, and are shown together; 0 shows every batch of lines at once.
    public var countsIntervalSeconds: Double {
        get { liveCounts.intervalSeconds }
        set { liveCounts.intervalSeconds = newValue }
    }

    /// Whether counts from lines wait to be shown.
    public var hasPendingCounts: Bool { liveCounts.hasPendingCounts }

    /// When the counts that wait will be shown, or `nil` when none wait.
    public var pendingCountsTime: Double? { liveCounts.pendingCountsTime }

    /// Takes lines of live counts (`Name=N`, `Name+=N`, `Name-=N`) as UTF-8 bytes, without making a string per line.
    ///
    /// Each line is applied at once to the count its button will show, so nothing
    /// but the last result per button is kept. The counts are shown, each as one
    /// change (one motion of its badge, one ``BoardEvent`` from the count shown
    /// before), when ``countsIntervalSeconds`` has passed since counts were last
    /// shown: now if it has, else by ``advance(to:)`` once it has. So however many
    /// lines arrive within one frame, each badge starts at most one motion a frame.
    /// The lines that are not counts or name no button are reported: in the status line
    /// the first, with how many there were when there were several; with
    /// ``keepsReports``, each of the first ``badLinesToldPerBatch`` as a bad line,
    /// and how many more there were.
    ///
    /// - Parameters:
    ///   - bytes: Lines, each ended by `\n` (a `\r` before it is ignored); a last line without one is taken too.
    ///   - time: When they arrived, in seconds on the clock.
    public mutating func takeCountLines(_ bytes: UnsafeRawBufferPointer, at time: Double) {
        if let bad = liveCounts.take(bytes, toolbar: toolbar) {
            notices.tellBadLines(bad.messages, count: bad.count, at: time)
        }
        if liveCounts.isDue(at: time) {
            showPendingCounts(at: time)
        }
    }

    /// Shows every count that waits now, each as one change from the count shown before; a count the lines
    /// left where it was is no change.
    public mutating func showPendingCounts(at time: Double) {
        guard liveCounts.hasPendingCounts else { return }
        for (index, target) in liveCounts.takePendingCounts(at: time) {
            changeCount(forButtonAt: index, source: .counts, at: time) { toolbar in
                toolbar.setCount(target, forButtonAt: index, at: time)
            }
        }
    }

    /// Every key and click the toolbar answers, in the order the help lists them (the one table of keys).
    package static var keyBindings: [KeyBinding] { KeyDispatch.keyBindings }

    /// The binding an event sets off, or `nil` when no key does anything for it.
    package func keyBinding(for event: InputEvent) -> KeyBinding? {
        KeyDispatch(buttonCount: toolbar.buttons.count).keyBinding(for: event)
    }

    /// The lines of the help overlay: every key the board answers and what it does.
    public var helpLines: [String] {
        KeyDispatch(buttonCount: toolbar.buttons.count).helpLines
    }

    /// The row of the buttons; badges use the row above (or below, for a bottom corner), the focus line the row below.
    public static let buttonRow = BoardRendering.buttonRow
    /// The fewest rows the screen needs: padding, badges, buttons, focus line and status line.
    public static let minimumRows = BoardRendering.minimumRows

    /// The hint shown below the toolbar.
    public var hint: String { BoardRendering(board: self).hint }

    /// The status line's left part: a notice while one shows, else the focused button's title and real count,
    /// and why the count may be out of date if it may: `Mail: 5 unread (stale: failed, exit 1)`.
    public var statusText: String { BoardRendering(board: self).statusText }

    /// The status line's right part: the modes in force and the keys to remember, separated by `·`,
    /// or by `|` where the appearance calls for ASCII (the C locale, or ASCII icons).
    public func modeText(appearance: ToolbarAppearance) -> String {
        BoardRendering(board: self).modeText(appearance: appearance)
    }

    /// The sentence shown when the screen cannot hold the toolbar, such as `Too small: need 33×5`.
    ///
    /// Where it does not fit whole, a shorter form that still reads takes its place (``tooSmallMessages(needing:appearance:)``).
    public func tooSmallMessage(needing columns: Int, appearance: ToolbarAppearance) -> String {
        BoardRendering(board: self).tooSmallMessage(needing: columns, appearance: appearance)
    }

    /// The forms of the too-small message, longest first, each one whole: `Too small: need 33×5`, `Need 33×5`, `33×5`.
    ///
    /// The screen shows the first that fits, wrapped at spaces; never a sentence
    /// cut short, which at a few columns would read as nonsense (`Too / small: / need`).
    public func tooSmallMessages(needing columns: Int, appearance: ToolbarAppearance) -> [String] {
        BoardRendering(board: self).tooSmallMessages(needing: columns, appearance: appearance)
    }

    /// Draws the board as a full screen at an instant.
    ///
    /// The cursor rests, in every frame, at the start of the status line, where the
    /// focused button is spoken ("Notifications: 96 unread"), so screen readers,
    /// braille displays and magnifiers follow the focus without the cursor ever
    /// sitting on a bracket or moving with an animation.
    ///
    /// - Parameters:
    ///   - canvas: The canvas to draw into, the size of the screen; it is cleared first.
    ///   - time: The instant, in seconds on the clock.
    ///   - appearance: Glyph widths, icon style and background colour.
    /// - Returns: The toolbar's layout as drawn, or `nil` when the screen is too small to hold it.
    @discardableResult
    public func render(into canvas: inout Canvas, at time: Double, appearance: ToolbarAppearance) -> ToolbarLayout? {
        BoardRendering(board: self).render(into: &canvas, at: time, appearance: appearance)
    }
}
