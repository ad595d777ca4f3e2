/// A board at work: its counts from every source, its watches, the commands its presses start, its events, the
/// window's title and notifications, in one value that inputs change and that answers with effects.
///
/// The engine owns each fact once: a count and its stale reason live on the
/// ``board``, a watch's turn and its last problem in the engine's watch schedule, a running
/// command in the engine. Every front end (the full screen, line mode, a single
/// reading, a status bar's stream) hands it ``BoardInput`` values with the time
/// and carries out the ``BoardEffect`` values it returns, so none of them
/// repeats a rule. It never reads a clock or starts a process: a test feeds it a
/// result at t = 3 and reads the effects.
///
/// - A watch runs as a background command (`/bin/sh -c`) with `BADGEBAR_BUTTON` set to its button's title,
///   at most one run at a time, limited to its interval (at most 60 s).
/// - A press runs the button's press commands in the background, with `BADGEBAR_BUTTON` and `BADGEBAR_COUNT`
///   (the count before the press) and their output thrown away, and its open command with the terminal; the
///   button's watches wait for them and refresh once they have finished. A press while the button's press
///   commands still run starts nothing (one run per button at a time).
public struct BoardEngine: Sendable {
    /// The board: counts, stale marks, notices, focus and help.
    public private(set) var board: BadgeBoard
    /// The watches and their state.
    package private(set) var watches: WatchSchedule
    /// Which rises notify.
    package private(set) var gate: NotificationGate
    /// What runs around the board.
    public let configuration: Configuration

    /// What a command the engine asked for is for.
    private enum Run: Sendable {
        /// A watch's run.
        case watch(Int)
        /// A press's background command, and the watches it holds.
        case press(button: Int, held: [Int])
        /// A press's foreground command, and the watches it holds.
        case open(button: Int, held: [Int])
        /// A command a new configuration ended (see ``reconfigure(board:configuration:at:)``), whose result means
        /// nothing but, for a foreground one, that the terminal is free.
        case ended(wasOpen: Bool)
    }

    /// The longest a press's background command may run, in seconds, before its group is ended.
    public static let pressTimeLimitSeconds = 60.0

    /// The press commands of each button, by index.
    private let pressCommands: [Int: [ButtonCommand]]
    /// The open command of each button, by index.
    private let openCommands: [Int: ButtonCommand]
    /// The commands running, by request identifier.
    private var runs: [Int: Run] = [:]
    private var nextRunIdentifier = 1
    /// The window title last set, and the toolbar's title and badge total it was made from.
    private var shownTitle: (title: String, toolbarTitle: String, total: Int)?
    /// Whether an open command has the terminal.
    private var isOpen = false

    /// Sets a board to work; commands name buttons by title as live counts do (exactly, else ignoring case), and
    /// those that name none are left out.
    ///
    /// - Parameters:
    ///   - board: The board.
    ///   - configuration: What runs around it.
    ///   - startTime: When the first runs of the watches are due.
    public init(board: BadgeBoard, configuration: Configuration = Configuration(), startTime: Double = 0) {
        self.board = board
        self.configuration = configuration
        let watched = configuration.watches.compactMap { command in
            board.toolbar.buttonIndex(titled: command.buttonTitle).map { (command: command, buttonIndex: $0) }
        }
        watches = WatchSchedule(
            watches: watched, intervalSeconds: configuration.watchIntervalSeconds, startTime: startTime)
        gate = NotificationGate(mode: configuration.notificationMode)
        var presses: [Int: [ButtonCommand]] = [:]
        for command in configuration.pressCommands {
            if let index = board.toolbar.buttonIndex(titled: command.buttonTitle) {
                presses[index, default: []].append(command)
            }
        }
        pressCommands = presses
        var opens: [Int: ButtonCommand] = [:]
        for command in configuration.openCommands {
            if let index = board.toolbar.buttonIndex(titled: command.buttonTitle) { opens[index] = command }
        }
        openCommands = opens
    }

    /// Whether any watch feeds the counts, so they keep changing by themselves.
    public var hasWatches: Bool { !watches.isEmpty }

    /// Whether any command the engine asked for still runs.
    public var hasRunningCommands: Bool { !runs.isEmpty }

    /// Reacts to an input at an instant: the board first, then what runs around it.
    ///
    /// - Returns: What the front end should do, in order.
    public mutating func handle(_ input: BoardInput, at time: Double) -> [BoardEffect] {
        var effects: [BoardEffect] = []
        var keyEffect: BoardEffect?
        switch input {
        case .tick:
            board.advance(to: time)
        case .input(let event, let layout):
            if case .focus(let isFocused) = event {
                gate.focusChanged(isFocused: isFocused)
            }
            keyEffect = board.handle(event, at: time, layout: layout)
        case .countLines(let bytes):
            bytes.withUnsafeBytes { board.takeCountLines($0, at: time) }
        case .count(let update, let source):
            board.apply(update, at: time, source: source)
        case .press(let index, let source):
            board.advance(to: time)
            board.autoPlay.stop()
            board.press(buttonAt: index, at: time, source: source)
        case .refreshWatches:
            watches.refreshAll()
        case .processFinished(let result):
            effects += finished(result, at: time)
        case .problem(let message):
            board.report(message, at: time)
        case .countsUnavailable(let reason):
            let watched = Set(watches.watches.map(\.buttonIndex))
            for index in board.toolbar.buttons.indices where !watched.contains(index) {
                board.toolbar.setStale(reason, forButtonAt: index)
            }
            board.report(reason, at: time)
        case .badLine(let message):
            board.reportBadLine(message, at: time)
        }
        effects += takeEvents(at: time, firstReading: false)
        effects += startDueWatches(at: time)
        // Once a turn of the loop (the tick comes before each frame), however many counts arrived in it; the
        // title is made anew only when what it is made from changed.
        if configuration.setsWindowTitle, input == .tick {
            let total = board.badgeTotal
            if shownTitle?.total != total || shownTitle?.toolbarTitle != board.toolbar.title {
                let title = board.windowTitle
                if title != shownTitle?.title {
                    effects.append(.setWindowTitle(title))
                }
                shownTitle = (title, board.toolbar.title, total)
            }
        }
        if let keyEffect {
            effects.append(keyEffect)
        }
        return effects
    }

    /// When the engine next needs to run without an input: the next frame of a motion, a step of the script, a
    /// notice's end, a watch's turn; `nil` to sleep until something happens.
    ///
    /// - Parameters:
    ///   - time: Now, in seconds on the clock.
    ///   - framesPerSecond: The frame rate while something moves.
    public func nextWakeTime(after time: Double, framesPerSecond: Int) -> Double? {
        let wake = board.nextWakeTime(after: time, framesPerSecond: framesPerSecond)
        guard let watch = watches.nextRunTime(after: time) else { return wake }
        return min(wake ?? watch, watch)
    }

    /// Ends every motion at once, leaving each badge at rest: for a front end that shows no motion.
    public mutating func stopMotion() {
        board.stopMotion()
    }

    /// The reports kept since the last call (with ``BadgeBoard/keepsReports``), oldest first: for a front end
    /// that tells every one, not only the latest.
    public mutating func takeReports() -> [BoardReport] {
        board.takeReports()
    }

    /// Hides the help overlay: for a front end that says the keys instead of showing them.
    public mutating func hideHelp() {
        board.isShowingHelp = false
    }

    /// Sets how long live counts wait to be shown together, in seconds (``BadgeBoard/countsIntervalSeconds``).
    public mutating func setCountsInterval(seconds: Double) {
        board.countsIntervalSeconds = seconds
    }

    /// Starts the watches that are due.
    private mutating func startDueWatches(at time: Double) -> [BoardEffect] {
        watches.takeDue(at: time).map { index in
            let watch = watches.watches[index]
            return .run(
                ProcessRequest(
                    identifier: newRunIdentifier(for: .watch(index)), command: watch.command.command,
                    environment: ["BADGEBAR_BUTTON": board.toolbar.buttons[watch.buttonIndex].title],
                    timeLimitSeconds: watch.timeLimitSeconds))
        }
    }

    /// Takes a finished command's result: a watch's reading, or the end of a press's command.
    private mutating func finished(_ result: ProcessResult, at time: Double) -> [BoardEffect] {
        guard let run = runs.removeValue(forKey: result.identifier) else { return [] }
        switch run {
        case .watch(let index):
            let watch = watches.watches[index]
            let reading = WatchReading.reading(
                of: result, buttonTitle: watch.command.buttonTitle, timeLimitSeconds: watch.timeLimitSeconds)
            let outcome = watches.finish(
                watchAt: index, with: reading, at: time, buttonTitles: board.toolbar.buttons.map(\.title))
            board.apply(outcome, at: time)
            return takeEvents(at: time, firstReading: outcome.isFirstReading)
        case .press(let button, let held), .open(let button, let held):
            if case .open = run { isOpen = false }
            if !result.succeeded {
                board.report(
                    "\(board.toolbar.buttons[button].title): '\(Sanitizer.shortened(result.command))' failed, "
                        + result.summaryWithErrorLine, at: time)
            }
            watches.release(heldWatches: held)
            return []
        case .ended(let wasOpen):
            if wasOpen { isOpen = false }
            return []
        }
    }

    /// Tells the board's new presses and changes, starts what presses call for, and notifies of rises.
    ///
    /// - Parameter firstReading: Whether the changes are a watch's first reading, which tells the counts as
    ///   they are rather than news, and so notifies no one.
    private mutating func takeEvents(at time: Double, firstReading: Bool) -> [BoardEffect] {
        var effects: [BoardEffect] = []
        for event in board.takeEvents() {
            if configuration.writesEvents {
                effects.append(.writeEvent(event.jsonLine(unixTime: event.time + configuration.unixTimeOffset)))
            }
            switch event.kind {
            case .press:
                effects += pressed(event)
            case .change:
                guard !firstReading, gate.admits(event, at: time),
                    board.toolbar.buttons.indices.contains(event.buttonIndex)
                else { continue }
                effects.append(
                    .notify(
                        title: board.toolbar.title,
                        body: SpokenText.describe(board.toolbar.buttons[event.buttonIndex])))
            }
        }
        return effects
    }

    /// Starts a pressed button's commands and holds its watches until they end; with none, refreshes them now.
    private mutating func pressed(_ event: BoardEvent) -> [BoardEffect] {
        let button = event.buttonIndex
        let environment = ["BADGEBAR_BUTTON": event.buttonTitle, "BADGEBAR_COUNT": String(event.previousCount)]
        var effects: [BoardEffect] = []
        // One run of a button's press commands at a time: a press while they run starts nothing more.
        let pressIsRunning = runs.values.contains { run in
            if case .press(button, _) = run { return true }
            return false
        }
        for command in pressIsRunning ? [] : pressCommands[button] ?? [] {
            let held = watches.holdForPress(ofButtonAt: button)
            effects.append(
                .run(
                    ProcessRequest(
                        identifier: newRunIdentifier(for: .press(button: button, held: held)),
                        command: command.command, environment: environment,
                        timeLimitSeconds: Self.pressTimeLimitSeconds, outputLimitBytes: 0)))
        }
        if let command = openCommands[button], !isOpen {
            isOpen = true
            let held = watches.holdForPress(ofButtonAt: button)
            effects.append(
                .runInForeground(
                    ProcessRequest(
                        identifier: newRunIdentifier(for: .open(button: button, held: held)),
                        command: command.command, environment: environment)))
        }
        if effects.isEmpty && !pressIsRunning {
            watches.refresh(watchesOfButtonAt: button)
        }
        return effects
    }

    private mutating func newRunIdentifier(for run: Run) -> Int {
        defer { nextRunIdentifier += 1 }
        runs[nextRunIdentifier] = run
        return nextRunIdentifier
    }
}

extension BoardEngine {
    /// Sets the engine to a new board and configuration as it runs (a board's file read again), keeping what the
    /// buttons that remain have gathered.
    ///
    /// Buttons are matched by title, as commands name them (the same title, else the same but for case). A
    /// button that remains keeps its count, its stale mark and its running commands; the focus stays on it. A
    /// watch of the same command for the same button on the same interval keeps its turn, its run in progress and
    /// its last problem; other watches are new and run at once. The commands of a button that is gone, and the
    /// runs of watches that are gone, are ended (``BoardEffect/endRun(requestIdentifier:)``), and their results
    /// mean nothing. What happened before is told first: the counts that waited are shown and the events written.
    ///
    /// - Parameters:
    ///   - newBoard: The board as the new configuration describes it, its counts those to start with.
    ///   - newConfiguration: What runs around it.
    ///   - time: Now.
    /// - Returns: What the front end should do, in order: events of what came before, runs to end, watches to start.
    public mutating func reconfigure(
        board newBoard: BadgeBoard, configuration newConfiguration: Configuration, at time: Double
    )
        -> [BoardEffect]
    {
        board.advance(to: time)
        board.showPendingCounts(at: time)
        var effects = takeEvents(at: time, firstReading: false)
        let previous = newBoard.previousIndices(on: board)
        var buttons: [Int?] = Array(repeating: nil, count: board.toolbar.buttons.count)
        for (index, before) in previous.enumerated() {
            if let before { buttons[before] = index }
        }
        var next = BoardEngine(
            board: newBoard.taking(over: board, previous: previous), configuration: newConfiguration, startTime: time)
        let watchMap = next.watches.continueWatches(of: watches, buttons: buttons)
        func now(_ held: [Int]) -> [Int] {
            held.compactMap { watchMap.indices.contains($0) ? watchMap[$0] : nil }
        }
        for (identifier, run) in runs.sorted(by: { $0.key < $1.key }) {
            switch run {
            case .watch(let index):
                if watchMap.indices.contains(index), let current = watchMap[index] {
                    next.runs[identifier] = .watch(current)
                } else {
                    next.runs[identifier] = .ended(wasOpen: false)
                    effects.append(.endRun(requestIdentifier: identifier))
                }
            case .press(let button, let held), .open(let button, let held):
                var isOpenRun = false
                if case .open = run { isOpenRun = true }
                if let current = buttons.indices.contains(button) ? buttons[button] : nil {
                    next.runs[identifier] =
                        isOpenRun ? .open(button: current, held: now(held)) : .press(button: current, held: now(held))
                } else {
                    next.runs[identifier] = .ended(wasOpen: isOpenRun)
                    next.watches.release(heldWatches: now(held))
                    effects.append(.endRun(requestIdentifier: identifier))
                }
            case .ended:
                next.runs[identifier] = run
            }
        }
        next.nextRunIdentifier = nextRunIdentifier
        next.isOpen = isOpen
        next.shownTitle = shownTitle
        if next.gate.mode == gate.mode {
            next.gate = gate
        } else {
            next.gate.focusChanged(isFocused: gate.isFocused)
        }
        effects += next.startDueWatches(at: time)
        self = next
        return effects
    }
}
