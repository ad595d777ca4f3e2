/// A board at work: its counts from every source, its watches, the commands its presses start, its events, the
/// window's title and notifications, in one value that inputs change and that answers with effects.
///
/// The engine owns each fact once: a count and its stale reason live on the
/// ``board``, a watch's turn and its last problem in the engine's watch schedule, a running
/// command, the window's title, the rises of the last seconds and the sources that
/// have ended in the engine. It speaks the runner's vocabulary: every view of it (the
/// full screen, line mode, a single reading, a status bar's stream) hands it the
/// ``ProgramEvent`` values the runner brings, with the time, and passes on the
/// ``ProgramEffect`` values it returns, so none of them repeats a rule or maps one
/// word to another. It never reads a clock or starts a process: a test feeds it a
/// result at t = 3 and reads the effects.
///
/// - A watch runs as a background command (`/bin/sh -c`) with `BADGEBAR_BUTTON` set to its button's title,
///   at most one run at a time, limited to its interval (at most 60 s).
/// - A press runs the button's press commands in the background, with `BADGEBAR_BUTTON` and `BADGEBAR_COUNT`
///   (the count before the press) and their output thrown away, and its open command with the terminal; the
///   button's watches wait for them and refresh once they have finished. A press while the button's press
///   commands still run starts nothing (one run per button at a time).
/// - A status bar's click (``click(buttonAt:mouseButton:source:at:)``) presses only with a mouse button of
///   ``Configuration/pressingMouseButtons`` (the left one unless told); with any mouse button it runs the
///   button's ``Configuration/clickCommands`` for that mouse button as press commands run, with
///   `BADGEBAR_MOUSE_BUTTON` set too, and a click with a mouse button that has neither does nothing.
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
        case foreground(button: Int, held: [Int])
        /// A command a new configuration ended (see ``reconfigure(board:configuration:at:)``), whose result means
        /// nothing but, for a foreground one, that the terminal is free.
        case ended(wasForeground: Bool)
    }

    /// The longest a press's background command may run, in seconds, before its group is ended.
    public static let pressTimeLimitSeconds = 60.0

    /// The press commands of each button, by index.
    private let pressCommands: [Int: [ButtonCommand]]
    /// The open command of each button, by index.
    private let openCommands: [Int: ButtonCommand]
    /// The click commands of each button, by index and mouse button.
    private let clickCommands: [Int: [MouseButton: [ButtonCommand]]]
    /// The button each folder source feeds, by the source's index (`nil` for one that names no button).
    private let folderButtons: [Int?]
    /// The last reading of each folder source that counts, by the source's index.
    private var folderReadings: [Int: FolderReading] = [:]
    /// The folder sources whose count a press cleared, to be shown again once the press's commands end.
    private var folderCountsToShow: Set<Int> = []
    /// The commands running, by request identifier.
    private var runs: [Int: Run] = [:]
    private var nextRunIdentifier = 1
    /// The window title last set, and the toolbar's title and badge total it was made from.
    private var shownTitle: (title: String, toolbarTitle: String, total: Int)?
    /// Whether a command run for a press has the terminal now (an open command): keys and suspend are its.
    public private(set) var isTerminalHandedOver = false
    /// Until when each rising button counts as rising, by index, in seconds on the clock.
    private var risingUntil: [Int: Double] = [:]
    /// The presses and changes the engine's last call told, in order, each with the count before it: for a view
    /// that says them (line mode), so no view keeps counts of its own to compare.
    public private(set) var recentEvents: [BoardEvent] = []
    /// The live input sources the board runs with.
    public let sources: Set<SourceName>
    /// The live input sources that have come to their end.
    public private(set) var endedSources: Set<SourceName> = []

    /// Whether every live input source has come to its end (trivially, with none).
    public var hasEndedEverySource: Bool { endedSources.isSuperset(of: sources) }

    /// Sets a board to work; commands name buttons by title as live counts do (exactly, else ignoring case), and
    /// those that name none are left out.
    ///
    /// - Parameters:
    ///   - board: The board.
    ///   - configuration: What runs around it.
    ///   - startTime: When the first runs of the watches are due.
    ///   - sources: The live input sources it runs with, whose ends it waits for (``hasEndedEverySource``).
    public init(
        board: BadgeBoard, configuration: Configuration = Configuration(), startTime: Double = 0,
        sources: Set<SourceName> = []
    ) {
        self.board = board
        self.sources = sources
        self.configuration = configuration
        let folderButtons = configuration.folderSources.map { board.toolbar.buttonIndex(titled: $0.buttonTitle) }
        self.folderButtons = folderButtons
        let setOff = Set(
            configuration.folderSources.indices.compactMap { index in
                configuration.folderSources[index].kind == .changes ? folderButtons[index] : nil
            })
        let watched = configuration.watches.compactMap { command in
            board.toolbar.buttonIndex(titled: command.buttonTitle).map { index in
                var command = command
                // A watch a path sets off runs at the start and on each change, never on the clock.
                if setOff.contains(index) { command.intervalSeconds = .infinity }
                return (command: command, buttonIndex: index)
            }
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
        var clicks: [Int: [MouseButton: [ButtonCommand]]] = [:]
        for command in configuration.clickCommands {
            if let mouseButton = command.mouseButton, let index = board.toolbar.buttonIndex(titled: command.buttonTitle)
            {
                clicks[index, default: [:]][mouseButton, default: []].append(command)
            }
        }
        clickCommands = clicks
        for button in board.toolbar.buttons where SymbolTable.symbol(named: button.symbolName) == nil {
            // A name the table lacks draws `?`: said once at the start, so no adopter meets it silently.
            self.board.report(Self.unknownSymbolNotice(button), at: startTime)
        }
    }

    /// What is said of a button whose symbol's name the table lacks.
    static func unknownSymbolNotice(_ button: BadgedButton) -> String {
        "\(Sanitizer.shortened(button.title)): no symbol is named '\(Sanitizer.shortened(button.symbolName))', so "
            + "its icon shows as ?; the names are \(SymbolTable.all.map(\.name).joined(separator: ", ")), or give "
            + "one glyph of your own"
    }

    /// Whether any watch feeds the counts, so they keep changing by themselves.
    public var hasWatches: Bool { !watches.isEmpty }

    /// Whether any command the engine asked for still runs.
    public var hasRunningCommands: Bool { !runs.isEmpty }

    /// Reacts to an event the runner brought: the board first, then what runs around it.
    ///
    /// Lines come as counts from `SourceName.counts` only, and a line too long from any source is a bad line; a
    /// source's end is noted (``endedSources``) and its problem, if any, shown; a problem of the events' sink is
    /// shown. Signals, file changes and the lines of
    /// other sources are for the view that asked for them, and change nothing here.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - time: When, in seconds on the clock.
    ///   - layout: The toolbar as last drawn, to find the button a click is on (`nil` where nothing is drawn).
    /// - Returns: What the runner should do, in order.
    public mutating func update(_ event: ProgramEvent, at time: Double, layout: ToolbarLayout? = nil)
        -> [ProgramEffect]
    {
        recentEvents.removeAll(keepingCapacity: true)
        var keyEffect: ProgramEffect?
        var effects: [ProgramEffect] = []
        switch event {
        case .tick:
            board.advance(to: time)
        case .input(let input):
            if case .focus(let isFocused) = input {
                gate.focusChanged(isFocused: isFocused)
            }
            keyEffect = board.handle(input, at: time, layout: layout)
        case .lines(let batch, .counts):
            batch.bytes.withUnsafeBytes { board.takeCountLines($0, at: time) }
        case .lineDiscarded(_, let byteCount):
            board.reportBadLine(LineBatch.discardedLineNotice(byteCount: byteCount), at: time)
        case .sourceEnded(let source, let problem):
            endedSources.insert(source)
            if let problem { board.report(problem, at: time) }
        case .problem(let message):
            board.report(message, at: time)
        case .processFinished(let result):
            effects += finished(result, at: time)
        case .sinkProblem(.events, let problem) where configuration.writesEvents:
            board.report(Self.describe(problem, name: configuration.eventsName), at: time)
        case .lines, .signal, .resumed, .sinkProblem, .fileChanged:
            break
        }
        return settle(effects, keyEffect: keyEffect, at: time, isTick: event == .tick)
    }

    /// Presses a button by its index at an instant, as a key or a click would press it, and says what to do.
    public mutating func press(buttonAt index: Int, source: BoardEvent.Source, at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        board.advance(to: time)
        board.autoPlay.stop()
        board.press(buttonAt: index, at: time, source: source)
        return settle([], at: time)
    }

    /// Clicks a button with a mouse button, as a status bar's click does, and says what to do: a press with a
    /// pressing mouse button, the button's commands for that mouse button, or nothing.
    ///
    /// - Parameters:
    ///   - index: The button.
    ///   - mouseButton: The mouse button the click was made with.
    ///   - source: Where the click came from: the bar itself (`.click`) or `--press` (`.control`).
    ///   - time: When.
    public mutating func click(
        buttonAt index: Int, mouseButton: MouseButton, source: BoardEvent.Source = .click, at time: Double
    ) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        guard board.toolbar.buttons.indices.contains(index) else { return [] }
        board.advance(to: time)
        if configuration.pressingMouseButtons.contains(mouseButton) {
            board.autoPlay.stop()
            board.press(buttonAt: index, at: time, source: source, mouseButton: mouseButton)
            return settle([], at: time)
        }
        let commands = clickCommands[index]?[mouseButton] ?? []
        guard !commands.isEmpty else { return settle([], at: time) }
        return settle(
            startBackground(
                commands, ofButtonAt: index,
                environment: Self.environment(
                    title: board.toolbar.buttons[index].title, count: board.toolbar.buttons[index].count,
                    mouseButton: mouseButton)), at: time)
    }

    /// The mouse buttons a click of a button with does something, in order: the pressing ones and those the
    /// button has click commands for; a status bar that makes a click area per mouse button makes these.
    public func actingMouseButtons(forButtonAt index: Int) -> [MouseButton] {
        configuration.pressingMouseButtons.union(clickCommands[index].map { Array($0.keys) } ?? []).sorted()
    }

    /// Takes lines of live counts (`Name=N`, `Name+=N`, `Name-=N`) as UTF-8 bytes, as one read brought them.
    public mutating func takeCountLines(_ bytes: [UInt8], at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        bytes.withUnsafeBytes { board.takeCountLines($0, at: time) }
        return settle([], at: time)
    }

    /// Takes one change of a count from a source of a view's own, such as a line-mode instruction.
    public mutating func apply(_ update: CountUpdate, source: BoardEvent.Source, at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        board.apply(update, at: time, source: source)
        return settle([], at: time)
    }

    /// Runs every watch now (SIGUSR1, or `refresh` on the control socket).
    public mutating func refreshWatches(at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        watches.refreshAll()
        return settle([], at: time)
    }

    /// Shows a problem the user should know about.
    public mutating func report(_ message: String, at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        board.report(message, at: time)
        return settle([], at: time)
    }

    /// Shows a problem with one line of input, counted with the bad lines of its turn.
    public mutating func reportBadLine(_ message: String, at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        board.reportBadLine(message, at: time)
        return settle([], at: time)
    }

    /// Marks the buttons no watch feeds stale, because the live counts source cannot be read (it is missing, or
    /// failed), and shows why; their counts stay as they were.
    public mutating func countsUnavailable(reason: String, at time: Double) -> [ProgramEffect] {
        recentEvents.removeAll(keepingCapacity: true)
        let watched = Set(watches.watches.map(\.buttonIndex)).union(folderButtons.compactMap { $0 })
        for index in board.toolbar.buttons.indices where !watched.contains(index) {
            board.toolbar.setStale(reason, forButtonAt: index)
        }
        board.report(reason, at: time)
        return settle([], at: time)
    }

    /// What follows every change: the board's events told, the due watches started, the title set once a turn,
    /// then what a key asked for.
    private mutating func settle(
        _ effects: [ProgramEffect], keyEffect: ProgramEffect? = nil, at time: Double, isTick: Bool = false
    ) -> [ProgramEffect] {
        var effects = effects
        effects += takeEvents(at: time, firstReading: false)
        effects += showFolderCountsAgain(at: time)
        effects += startDueWatches(at: time)
        // Once a turn of the loop (the tick comes before each frame), however many counts arrived in it; the
        // title is made anew only when what it is made from changed.
        if configuration.setsWindowTitle, isTick {
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

    /// A problem of the events' sink in words: lines dropped for a slow reader, or the end of writing.
    public static func describe(_ problem: SinkProblem, name: String) -> String {
        switch problem {
        case .dropped(let count):
            return "events to \(name): \(count) line\(count == 1 ? "" : "s") dropped, the reader fell behind"
        case .closed(_, let reason):
            return "events to \(name) stopped: \(reason)"
        }
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

    /// The reports kept since the last call (with ``BadgeBoard/keepsReports``), oldest first: for a view that
    /// tells every one, not only the latest.
    public mutating func takeReports() -> [BoardReport] {
        board.takeReports()
    }

    /// Hides the help overlay: for a view that says the keys instead of showing them.
    public mutating func hideHelp() {
        board.isShowingHelp = false
    }

    /// Whether every watch has run once (trivially, with no watch).
    public var hasRunEveryWatchOnce: Bool { watches.hasFinishedEveryWatchOnce }

    /// The buttons whose counts went up in the last ``risingSeconds``, at an instant: i3bar marks them urgent,
    /// Waybar gives them the class `rising`.
    public func risingButtons(at time: Double) -> Set<Int> {
        Set(risingUntil.filter { $0.value > time }.keys)
    }

    /// When the next rise ends after an instant, if one is under way.
    public func nextRiseEnd(after time: Double) -> Double? {
        risingUntil.values.filter { $0 > time }.min()
    }

    /// How long a button counts as rising after its count goes up.
    public static let risingSeconds = 5.0

    /// Takes what a folder source gave, by the source's index in ``Configuration/folderSources``: a count sets
    /// its button (the first tells the count as it is, and notifies no one), a change of a path runs the button's
    /// watches, and a folder that cannot be read marks the button stale with the reason, its count left as it
    /// was, and says so once until the reason changes.
    package mutating func takeFolderReading(_ reading: FolderReading, fromSourceAt index: Int, at time: Double)
        -> [ProgramEffect]
    {
        recentEvents.removeAll(keepingCapacity: true)
        guard folderButtons.indices.contains(index), let button = folderButtons[index] else { return [] }
        board.advance(to: time)
        let previous = folderReadings[index]
        switch reading {
        case .changed:
            watches.refresh(watchesOfButtonAt: button)
            return settle([], at: time)
        case .count(let count):
            folderReadings[index] = reading
            if case .unavailable = previous { board.toolbar.setStale(nil, forButtonAt: button) }
            board.apply(
                CountUpdate(buttonTitle: board.toolbar.buttons[button].title, change: .set(count)), at: time,
                source: .folder)
            let effects = takeEvents(at: time, firstReading: previous == nil)
            return settle(effects, at: time)
        case .unavailable(let reason):
            folderReadings[index] = reading
            let title = board.toolbar.buttons[button].title
            board.toolbar.setStale(reason, forButtonAt: button)
            if previous != reading { board.report("\(title): \(reason)", at: time) }
            return settle([], at: time)
        }
    }

    /// Shows again the folder counts a press cleared, once the button's commands have ended: the count is what
    /// the folder holds, which a press does not change.
    private mutating func showFolderCountsAgain(at time: Double) -> [ProgramEffect] {
        guard !folderCountsToShow.isEmpty else { return [] }
        for index in folderCountsToShow.sorted() {
            guard let button = folderButtons[index] else { continue }
            let isRunning = runs.values.contains { run in
                switch run {
                case .press(button, _), .foreground(button, _): return true
                default: return false
                }
            }
            guard !isRunning else { continue }
            folderCountsToShow.remove(index)
            if case .count(let count) = folderReadings[index] {
                board.apply(
                    CountUpdate(buttonTitle: board.toolbar.buttons[button].title, change: .set(count)), at: time,
                    source: .folder)
            }
        }
        return takeEvents(at: time, firstReading: true)
    }

    /// Starts the watches that are due.
    private mutating func startDueWatches(at time: Double) -> [ProgramEffect] {
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
    private mutating func finished(_ result: ProcessResult, at time: Double) -> [ProgramEffect] {
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
        case .press(let button, let held), .foreground(let button, let held):
            if case .foreground = run { isTerminalHandedOver = false }
            if !result.succeeded {
                board.report(
                    "\(board.toolbar.buttons[button].title): '\(Sanitizer.shortened(result.command))' failed, "
                        + result.summaryWithErrorLine, at: time)
            }
            watches.release(heldWatches: held)
            return []
        case .ended(let wasForeground):
            if wasForeground { isTerminalHandedOver = false }
            return []
        }
    }

    /// Tells the board's new presses and changes, starts what presses call for, and notifies of rises.
    ///
    /// - Parameter firstReading: Whether the changes are a watch's first reading, which tells the counts as
    ///   they are rather than news, and so notifies no one.
    private mutating func takeEvents(at time: Double, firstReading: Bool) -> [ProgramEffect] {
        var effects: [ProgramEffect] = []
        for event in board.takeEvents() {
            recentEvents.append(event)
            if configuration.writesEvents {
                effects.append(
                    .write(event.jsonLine(unixTime: event.time + configuration.unixTimeOffset), sink: .events))
            }
            if event.count > event.previousCount {
                risingUntil[event.buttonIndex] = event.time + Self.risingSeconds
            } else if event.count < event.previousCount {
                // A count that goes down (a press that clears it, say) rises no more.
                risingUntil[event.buttonIndex] = nil
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

    /// What a press's or a click's commands are told: the button, its count before, and the mouse button if any.
    private static func environment(title: String, count: Int, mouseButton: MouseButton?) -> [String: String] {
        var environment = ["BADGEBAR_BUTTON": title, "BADGEBAR_COUNT": String(count)]
        environment["BADGEBAR_MOUSE_BUTTON"] = mouseButton?.rawValue
        return environment
    }

    /// Whether a button's background commands (of a press or a click) still run.
    private func backgroundIsRunning(forButtonAt button: Int) -> Bool {
        runs.values.contains { run in
            if case .press(button, _) = run { return true }
            return false
        }
    }

    /// Starts background commands of a button, each holding its watches until it ends; nothing while the
    /// button's earlier ones still run (one run per button at a time).
    private mutating func startBackground(
        _ commands: [ButtonCommand], ofButtonAt button: Int, environment: [String: String]
    ) -> [ProgramEffect] {
        guard !backgroundIsRunning(forButtonAt: button) else { return [] }
        return commands.map { command in
            let held = watches.holdForPress(ofButtonAt: button)
            return .run(
                ProcessRequest(
                    identifier: newRunIdentifier(for: .press(button: button, held: held)),
                    command: command.command, environment: environment,
                    timeLimitSeconds: Self.pressTimeLimitSeconds, outputLimitBytes: 0))
        }
    }

    /// Starts a pressed button's commands and holds its watches until they end; with none, refreshes them now.
    private mutating func pressed(_ event: BoardEvent) -> [ProgramEffect] {
        let button = event.buttonIndex
        let environment = Self.environment(
            title: event.buttonTitle, count: event.previousCount, mouseButton: event.mouseButton)
        // One run of a button's press commands at a time: a press while they run starts nothing more.
        let pressIsRunning = backgroundIsRunning(forButtonAt: button)
        let commands =
            (pressCommands[button] ?? []) + (event.mouseButton.flatMap { clickCommands[button]?[$0] } ?? [])
        var effects = startBackground(commands, ofButtonAt: button, environment: environment)
        if let command = openCommands[button], !isTerminalHandedOver {
            isTerminalHandedOver = true
            let held = watches.holdForPress(ofButtonAt: button)
            effects.append(
                .runInForeground(
                    ProcessRequest(
                        identifier: newRunIdentifier(for: .foreground(button: button, held: held)),
                        command: command.command, environment: environment)))
        }
        if effects.isEmpty && !pressIsRunning {
            watches.refresh(watchesOfButtonAt: button)
        }
        for (index, fed) in folderButtons.enumerated() where fed == button && folderReadings[index] != nil {
            folderCountsToShow.insert(index)
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
    /// runs of watches that are gone, are ended (``ProgramEffect/endRun(requestIdentifier:)``), and their results
    /// mean nothing. What happened before is told first: the counts that waited are shown and the events written.
    ///
    /// - Parameters:
    ///   - newBoard: The board as the new configuration describes it, its counts those to start with.
    ///   - newConfiguration: What runs around it.
    ///   - time: Now.
    /// - Returns: What the runner should do, in order: events of what came before, runs to end, watches to start.
    public mutating func reconfigure(
        board newBoard: BadgeBoard, configuration newConfiguration: Configuration, at time: Double
    )
        -> [ProgramEffect]
    {
        recentEvents.removeAll(keepingCapacity: true)
        board.advance(to: time)
        board.showPendingCounts(at: time)
        var effects = takeEvents(at: time, firstReading: false)
        let previous = newBoard.previousIndices(on: board)
        var buttons: [Int?] = Array(repeating: nil, count: board.toolbar.buttons.count)
        for (index, before) in previous.enumerated() {
            if let before { buttons[before] = index }
        }
        var next = BoardEngine(
            board: newBoard.taking(over: board, previous: previous), configuration: newConfiguration, startTime: time,
            sources: sources)
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
                    next.runs[identifier] = .ended(wasForeground: false)
                    effects.append(.endRun(requestIdentifier: identifier))
                }
            case .press(let button, let held), .foreground(let button, let held):
                var isForegroundRun = false
                if case .foreground = run { isForegroundRun = true }
                if let current = buttons.indices.contains(button) ? buttons[button] : nil {
                    next.runs[identifier] =
                        isForegroundRun
                        ? .foreground(button: current, held: now(held)) : .press(button: current, held: now(held))
                } else {
                    next.runs[identifier] = .ended(wasForeground: isForegroundRun)
                    next.watches.release(heldWatches: now(held))
                    effects.append(.endRun(requestIdentifier: identifier))
                }
            case .ended:
                next.runs[identifier] = run
            }
        }
        next.nextRunIdentifier = nextRunIdentifier
        next.isTerminalHandedOver = isTerminalHandedOver
        next.shownTitle = shownTitle
        next.endedSources = endedSources
        if newBoard.toolbar.buttons.map(\.title) == board.toolbar.buttons.map(\.title) {
            next.risingUntil = risingUntil
        }
        if next.gate.mode == gate.mode {
            next.gate = gate
        } else {
            next.gate.focusChanged(isFocused: gate.isFocused)
        }
        effects += next.startDueWatches(at: time)
        next.recentEvents = recentEvents
        self = next
        return effects
    }
}
