import BadgeKit
import BadgeTerminal

/// What runs around a board: watches that feed its counts, commands its presses start, events written out,
/// the window's title and desktop notifications.
///
/// A value any program that shows a board keeps beside it (the full screen's ``BoardProgram``, and a
/// line mode alike): after the program has let the board react to an event, it hands the same event
/// to ``update(_:board:at:)`` and runs the commands that come back. The rules live in BadgeKit
/// (``WatchSchedule``, ``WatchReading``, ``NotificationGate``, ``BoardEvent``); this type only turns
/// them into the runner's commands and its results back into readings.
///
/// - A watch runs as a child the runner watches (`/bin/sh -c`, its own process group, no terminal),
///   at most one run at a time, ended with its group after its interval (at most 60 s).
/// - A press runs the button's `--on-press` commands in the background, with `BADGEBAR_BUTTON` and
///   `BADGEBAR_COUNT` (the count before the press), their output thrown away, and its `--open` command in
///   the foreground; the button's watches wait for them and refresh once they have finished. A press
///   while the button's `--on-press` commands still run starts nothing (one run per button at a time).
/// - SIGUSR1 refreshes every watch.
struct BoardAutomation {
    /// What to run and where to write, from the command line.
    struct Configuration {
        /// Commands that feed counts.
        var watches: [ButtonCommand] = []
        /// The interval of watches that give none, in seconds.
        var watchIntervalSeconds = WatchSchedule.defaultIntervalSeconds
        /// Commands run in the background on a press.
        var pressCommands: [ButtonCommand] = []
        /// Commands run in the foreground on a press, at most one per button.
        var openCommands: [ButtonCommand] = []
        /// The index of the runner's sink that takes the events, if any.
        var eventsSink: Int?
        /// The events' destination as messages name it.
        var eventsName = ""
        /// Whether the window's title carries the total of the badges.
        var setsWindowTitle = false
        /// When rises of a count notify.
        var notificationMode = NotificationMode.never
        /// What to add to the board's clock for seconds since 1970, for the events' times.
        var unixTimeOffset = 0.0
    }

    /// What a child the automation started is for.
    private enum Role {
        /// A watch's run.
        case watch(Int)
        /// A press's background command, and the watches it holds.
        case press(button: Int, held: [Int])
        /// A press's foreground command, and the watches it holds.
        case open(button: Int, held: [Int])
    }

    /// The longest a press's background command may run, in seconds, before its group is ended.
    static let pressTimeLimitSeconds = 60.0

    /// The watches and their state.
    private(set) var schedule: WatchSchedule
    /// Which rises notify.
    private(set) var gate: NotificationGate
    private let configuration: Configuration

    /// Whether any watch feeds the counts, so they keep changing by themselves.
    var hasWatches: Bool { !configuration.watches.isEmpty }
    /// The `--on-press` commands of each button, by index.
    private let pressCommands: [Int: [ButtonCommand]]
    /// The `--open` command of each button, by index.
    private let openCommands: [Int: ButtonCommand]
    /// The children running, by request identifier.
    private var roles: [Int: Role] = [:]
    private var nextIdentifier = 1
    /// The window title last set, and the toolbar's title and badge total it was made from.
    private var shownTitle: (title: String, toolbarTitle: String, total: Int)?
    /// Whether a foreground command has the terminal.
    private var isOpen = false

    /// Sets the automation up for a board; titles name buttons as live counts do (checked by the options).
    ///
    /// - Parameters:
    ///   - configuration: What to run and where to write.
    ///   - board: The board, for its buttons' titles.
    ///   - startTime: When the first runs of the watches are due.
    init(configuration: Configuration = Configuration(), board: BadgeBoard, startTime: Double) {
        self.configuration = configuration
        let watches = configuration.watches.compactMap { command in
            board.buttonIndex(titled: command.buttonTitle).map { (command: command, buttonIndex: $0) }
        }
        schedule = WatchSchedule(
            watches: watches, intervalSeconds: configuration.watchIntervalSeconds, startTime: startTime)
        gate = NotificationGate(mode: configuration.notificationMode)
        var presses: [Int: [ButtonCommand]] = [:]
        for command in configuration.pressCommands {
            if let index = board.buttonIndex(titled: command.buttonTitle) {
                presses[index, default: []].append(command)
            }
        }
        pressCommands = presses
        var opens: [Int: ButtonCommand] = [:]
        for command in configuration.openCommands {
            if let index = board.buttonIndex(titled: command.buttonTitle) { opens[index] = command }
        }
        openCommands = opens
    }

    /// Reacts to an event after the board has: starts due watches, takes results, writes the board's new
    /// events out, starts what presses call for, and keeps the window's title up to date.
    ///
    /// - Returns: What the runner should do, `.none` for nothing.
    mutating func update(_ event: ProgramEvent, board: inout BadgeBoard, at time: Double) -> ProgramCommand {
        var commands: [ProgramCommand] = []
        switch event {
        case .signal(SIGUSR1):
            schedule.refreshAll()
        case .processFinished(let result):
            commands += finished(result, board: &board, at: time)
        case .sinkProblem(let sink, let problem) where sink == configuration.eventsSink:
            board.report(Self.describe(problem, name: configuration.eventsName), at: time)
        case .input(.focus(let isFocused)):
            gate.focusChanged(isFocused: isFocused)
        default:
            break
        }
        commands += takeEvents(from: &board, at: time, firstReading: false)
        commands += startDueWatches(board: board, at: time)
        // Once a turn of the loop (the tick comes before each frame), however many counts arrived in it; the
        // title is made anew only when what it is made from changed.
        if configuration.setsWindowTitle, event == .tick {
            let total = board.badgeTotal
            if shownTitle?.total != total || shownTitle?.toolbarTitle != board.toolbar.title {
                let title = board.windowTitle
                if title != shownTitle?.title {
                    commands.append(.setWindowTitle(title))
                }
                shownTitle = (title, board.toolbar.title, total)
            }
        }
        switch commands.count {
        case 0: return .none
        case 1: return commands[0]
        default: return .batch(commands)
        }
    }

    /// Writes out the presses and changes the board made outside ``update(_:board:at:)`` (line mode presses the
    /// board directly for its commands), and starts what those presses call for, as ``update(_:board:at:)`` does.
    ///
    /// - Returns: What the runner should do, `.none` for nothing.
    mutating func takeEvents(from board: inout BadgeBoard, at time: Double) -> ProgramCommand {
        let commands = takeEvents(from: &board, at: time, firstReading: false)
        switch commands.count {
        case 0: return .none
        case 1: return commands[0]
        default: return .batch(commands)
        }
    }

    /// When the next watch is due, or `nil` when none will be without a result or a press first.
    func nextWakeTime(after time: Double) -> Double? {
        schedule.nextRunTime(after: time)
    }

    /// Starts the watches that are due.
    private mutating func startDueWatches(board: BadgeBoard, at time: Double) -> [ProgramCommand] {
        schedule.takeDue(at: time).map { index in
            let watch = schedule.watches[index]
            return .run(
                ProcessRequest(
                    identifier: newIdentifier(for: .watch(index)), command: watch.command.command,
                    environment: ["BADGEBAR_BUTTON": board.toolbar.buttons[watch.buttonIndex].title],
                    timeLimitSeconds: watch.timeLimitSeconds))
        }
    }

    /// Takes a finished child's result: a watch's reading, or the end of a press's command.
    private mutating func finished(_ result: ProcessResult, board: inout BadgeBoard, at time: Double)
        -> [ProgramCommand]
    {
        guard let role = roles.removeValue(forKey: result.identifier) else { return [] }
        switch role {
        case .watch(let index):
            let watch = schedule.watches[index]
            let reading: Result<[CountUpdate], WatchProblem>
            switch result.termination {
            case _ where result.outputWasCut:
                // Reading stopped at the limit, which usually ends the command with SIGPIPE: too long, not failed.
                reading = .failure(.tooLong(limitBytes: ProcessRequest.defaultOutputLimitBytes))
            case .exited(0):
                reading = WatchReading.parse(result.output, buttonTitle: watch.command.buttonTitle)
            case .timedOut:
                reading = .failure(.timedOut(seconds: watch.timeLimitSeconds))
            default:
                reading = .failure(.failed(Self.summary(of: result)))
            }
            let outcome = schedule.finish(
                watchAt: index, with: reading, at: time, buttonTitles: board.toolbar.buttons.map(\.title))
            board.apply(outcome, at: time)
            return takeEvents(from: &board, at: time, firstReading: outcome.isFirstReading)
        case .press(let button, let held), .open(let button, let held):
            if case .open = role { isOpen = false }
            if !result.succeeded {
                board.report(
                    "\(board.toolbar.buttons[button].title): '\(Sanitizer.shortened(result.command))' failed, "
                        + Self.summary(of: result), at: time)
            }
            schedule.release(heldWatches: held)
            return []
        }
    }

    /// Writes out the board's new presses and changes, starts what presses call for, and notifies of rises.
    ///
    /// - Parameter firstReading: Whether the changes are a watch's first reading, which tells the counts as
    ///   they are rather than news, and so notifies no one.
    private mutating func takeEvents(from board: inout BadgeBoard, at time: Double, firstReading: Bool)
        -> [ProgramCommand]
    {
        var commands: [ProgramCommand] = []
        for event in board.takeEvents() {
            if let sink = configuration.eventsSink {
                commands.append(.write(event.jsonLine(unixTime: event.time + configuration.unixTimeOffset), sink: sink))
            }
            switch event.kind {
            case .press:
                commands += pressed(event, board: board)
            case .change:
                guard !firstReading, gate.admits(event, at: time),
                    board.toolbar.buttons.indices.contains(event.buttonIndex)
                else { continue }
                commands.append(
                    .notify(
                        title: board.toolbar.title,
                        body: StatusText.describe(board.toolbar.buttons[event.buttonIndex])))
            }
        }
        return commands
    }

    /// Starts a pressed button's commands and holds its watches until they end; with none, refreshes them now.
    private mutating func pressed(_ event: BoardEvent, board: BadgeBoard) -> [ProgramCommand] {
        let button = event.buttonIndex
        let environment = ["BADGEBAR_BUTTON": event.buttonTitle, "BADGEBAR_COUNT": String(event.previousCount)]
        var commands: [ProgramCommand] = []
        // One run of a button's press commands at a time: a press while they run starts nothing more.
        let pressIsRunning = roles.values.contains { role in
            if case .press(button, _) = role { return true }
            return false
        }
        for command in pressIsRunning ? [] : pressCommands[button] ?? [] {
            let held = schedule.holdForPress(ofButtonAt: button)
            commands.append(
                .run(
                    ProcessRequest(
                        identifier: newIdentifier(for: .press(button: button, held: held)),
                        command: command.command, environment: environment,
                        timeLimitSeconds: Self.pressTimeLimitSeconds, outputLimitBytes: 0)))
        }
        if let command = openCommands[button], !isOpen {
            isOpen = true
            let held = schedule.holdForPress(ofButtonAt: button)
            commands.append(
                .runInForeground(
                    ProcessRequest(
                        identifier: newIdentifier(for: .open(button: button, held: held)), command: command.command,
                        environment: environment)))
        }
        if commands.isEmpty && !pressIsRunning {
            schedule.refresh(watchesOfButtonAt: button)
        }
        return commands
    }

    private mutating func newIdentifier(for role: Role) -> Int {
        defer { nextIdentifier += 1 }
        roles[nextIdentifier] = role
        return nextIdentifier
    }

    /// How a run ended, with the first line of what it wrote to standard error: `exit 1 (no such folder)`.
    static func summary(of result: ProcessResult) -> String {
        guard let line = result.firstErrorLine, line.contains(where: { $0 != " " && $0 != "\t" }) else {
            return result.summary
        }
        return "\(result.summary) (\(Sanitizer.shortened(line)))"
    }

    /// A problem of the events' sink in words: lines dropped for a slow reader, or the end of writing.
    static func describe(_ problem: OutputSink.Problem, name: String) -> String {
        switch problem {
        case .dropped(let count):
            return "events to \(name): \(count) line\(count == 1 ? "" : "s") dropped, the reader fell behind"
        case .closed(let error):
            return "events to \(name) stopped: \(error.reason)"
        }
    }
}
