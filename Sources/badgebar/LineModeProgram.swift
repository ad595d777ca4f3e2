import BadgeKit
import BadgeTerminal

/// Line mode: the board program's state and events, told as plain lines instead of drawn.
///
/// It wraps a ``BoardProgram``, so whatever changes the board's counts there (keys,
/// lines of counts, auto-play, and anything else the board program reacts to) is
/// told here too: after every event the ``ChangeAnnouncer`` is shown the buttons,
/// and the lines it says are due go to the output sink. Every press and change goes
/// through the board's engine, which writes it to `--events-to` at once, however it
/// was made, so none is left behind when the program quits. The first line states
/// every button. Notices the board shows in its status line go to the message
/// sink instead, every one: bad lines (of counts or of instructions) at most
/// ``BadgeBoard/badLinesToldPerBatch`` a turn of the run loop, then one line saying
/// how many more there were. Nothing moves: the board's motion is ended after every event.
struct LineModeProgram: TerminalProgram {
    /// The board program whose state line mode tells.
    private(set) var screen: BoardProgram
    /// What changed and is not yet said.
    private(set) var announcer: ChangeAnnouncer
    /// The sink that takes the lines (standard output).
    let outputSink: Int
    /// The sink that takes notices and problems (standard error).
    let messageSink: Int
    /// The index of the source that carries instructions (`1`, `press Mail`, `q`), if any; other sources carry counts.
    let instructionSource: Int?
    /// How many live input sources there are.
    let sourceCount: Int
    /// Whether keys come from a terminal; without them the end of every source, with nothing else to
    /// change the counts, ends the program.
    let readsKeys: Bool
    /// Why writing the lines failed, if it did: the program ended because of it.
    private(set) var outputFailure: SystemError?
    /// The sources that have ended.
    private var endedSources: Set<Int> = []
    /// Whether the first line has been written.
    private var hasStarted = false
    /// Whether watches keep changing the counts, so the end of every input does not end the program.
    private var keepsWatching: Bool { screen.engine.hasWatches }
    /// Instructions read and not yet carried out: those after a press that gave the terminal to an `--open` command
    /// wait for it to end.
    private var waitingInstructions: ArraySlice<String> = []
    /// The `--open` command that has the terminal, by request identifier, if one has.
    private var foregroundRequest: Int?
    /// What is said of the board's reports on the message sink, bounded.
    private var log = MessageLog()

    /// Creates the program around a board.
    ///
    /// - Parameters:
    ///   - board: The board to tell.
    ///   - sinks: Where lines and messages go, by index in the runner's sinks.
    ///   - instructionSource: The source carrying instructions, if any.
    ///   - sourceCount: How many live input sources there are.
    ///   - readsKeys: Whether keys come from a terminal.
    ///   - configuration: What runs around the board (watches, press commands, events).
    ///   - events: The runner's sink for the events, when the configuration writes them, and its name for messages.
    ///   - startTime: When the watches first run.
    ///   - reload: How the board is read again from its file, if it came from one.
    init(
        board: BadgeBoard, sinks: (output: Int, messages: Int), instructionSource: Int?, sourceCount: Int,
        readsKeys: Bool, configuration: BoardEngine.Configuration = BoardEngine.Configuration(),
        events: (sink: Int, name: String) = (0, ""), startTime: Double = 0, reload: BoardReload? = nil
    ) {
        // Nothing moves, so counts are shown as soon as they are read; the announcer paces the lines.
        screen = BoardProgram.withoutScreen(
            board: board, configuration: configuration, events: events, startTime: startTime)
        screen.reload = reload
        announcer = ChangeAnnouncer(buttons: board.toolbar.buttons)
        outputSink = sinks.output
        messageSink = sinks.messages
        self.instructionSource = instructionSource
        self.sourceCount = sourceCount
        self.readsKeys = readsKeys
    }

    /// The board as it stands.
    var board: BadgeBoard { screen.board }

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        var effects: [ProgramEffect] = []
        if !hasStarted {
            hasStarted = true
            effects.append(.write(LineModeReport.summary(of: board.toolbar), sink: outputSink))
        }
        if event == .tick {
            // A new turn of the run loop: what the last one held back is told, and its bad lines may be told again.
            endTurn(into: &effects)
        }
        var quits = false
        switch event {
        case .lines(let batch, let source) where source == instructionSource:
            waitingInstructions += batch.lines
        case .sinkProblem(let sink, let problem) where sink == outputSink:
            if case .closed(let error) = problem {
                // The reader went away (or the disk is full): there is no one left to tell.
                outputFailure = error
                return .quit
            }
            if case .dropped(let count) = problem {
                effects.append(.write(Self.droppedNotice(count), sink: messageSink))
            }
        case .sinkProblem(let sink, _) where sink == messageSink:
            break
        default:
            if case .sourceEnded(let source, _) = event {
                endedSources.insert(source)
            }
            if case .processFinished(let result) = event, result.identifier == foregroundRequest {
                foregroundRequest = nil
            }
            let before = (buttons: board.toolbar.buttons, reloads: screen.reloadCount)
            quits = adopt(screen.update(event, at: time), at: time, into: &effects)
            if screen.reloadCount != before.reloads {
                // Read again from its file: what the old buttons waited to say, then every button as it is now.
                effects += announcer.takeAllLines(for: before.buttons).map { .write($0, sink: outputSink) }
                announcer = ChangeAnnouncer(buttons: board.toolbar.buttons)
                effects.append(.write(LineModeReport.summary(of: board.toolbar), sink: outputSink))
            }
        }
        if !quits {
            quits = performWaitingInstructions(at: time, into: &effects)
        }
        // Every press and change, an instruction's press included, went through the engine, which wrote it out and
        // started what it calls for before any quit: no way out leaves an event behind.
        screen.stopMotion()
        for report in screen.takeReports() {
            tell(report, into: &effects)
        }
        announcer.observe(board.toolbar.buttons, at: time)
        let lines =
            quits || isFinished
            ? announcer.takeAllLines(for: board.toolbar.buttons)
            : announcer.takeLines(for: board.toolbar.buttons, at: time)
        effects += lines.map { .write($0, sink: outputSink) }
        if case .input(let input) = event, movesFocus(input),
            board.toolbar.buttons.indices.contains(board.toolbar.focusedIndex)
        {
            let focused = board.toolbar.buttons[board.toolbar.focusedIndex]
            effects.append(.write(LineModeReport.focus(on: focused), sink: outputSink))
        }
        if quits || isFinished {
            endTurn(into: &effects)
            effects.append(.quit)
        }
        switch effects.count {
        case 0: return .none
        case 1: return effects[0]
        default: return .batch(effects)
        }
    }

    /// Whether a key moves the focus (Tab, Shift-Tab, the arrows), which line mode says; a press says its change instead.
    private func movesFocus(_ input: InputEvent) -> Bool {
        let action = board.keyBinding(for: input)?.action
        return action == .focusNext || action == .focusPrevious
    }

    /// Whether nothing can change the counts any more: no keys, every source at its end, no instruction waiting or
    /// holding the terminal, auto-play stopped.
    private var isFinished: Bool {
        !readsKeys && !keepsWatching && endedSources.count >= sourceCount && !board.autoPlay.isRunning
            && waitingInstructions.isEmpty && foregroundRequest == nil
    }

    /// Carries out the instructions that wait, in order, until one quits or hands the terminal over.
    ///
    /// After a press that gives the terminal to an `--open` command, the rest wait for it to end, as
    /// typed-ahead lines wait for a shell's job. Each instruction's presses go through the engine at once, so the
    /// press that opens is known before the next instruction.
    ///
    /// - Returns: Whether an instruction quits.
    private mutating func performWaitingInstructions(at time: Double, into effects: inout [ProgramEffect]) -> Bool {
        while foregroundRequest == nil, let line = waitingInstructions.popFirst() {
            if perform(line, at: time, into: &effects) {
                waitingInstructions = []
                return true
            }
        }
        return false
    }

    /// Carries out an instruction typed on standard input; returns whether it quits.
    private mutating func perform(_ line: String, at time: Double, into effects: inout [ProgramEffect]) -> Bool {
        let instruction: LineModeInstruction?
        do {
            instruction = try LineModeInstruction.parse(line, buttonTitles: board.toolbar.buttons.map(\.title))
        } catch {
            tell(.badLine(error.message), into: &effects)
            return false
        }
        switch instruction {
        case .press(let index):
            // The engine writes the press out and starts what it calls for at once, so the press that opens is
            // known before the next instruction.
            if adopt(screen.handle(.press(buttonIndex: index, source: .key), at: time), at: time, into: &effects) {
                return true
            }
        case .status:
            restate(at: time, into: &effects)
        case .quit:
            return true
        case nil:
            break
        }
        return false
    }

    /// Writes a report on the message sink, as the log allows.
    private mutating func tell(_ report: BoardReport, into effects: inout [ProgramEffect]) {
        if let message = log.message(for: report) {
            effects.append(.write(message, sink: messageSink))
        }
    }

    /// Says how many bad lines this turn held back, if any, and starts the count of a new turn.
    private mutating func endTurn(into effects: inout [ProgramEffect]) {
        if let message = log.endTurn() {
            effects.append(.write(message, sink: messageSink))
        }
    }

    /// Takes in what the board program asked for, and returns whether it quits.
    ///
    /// A quit quits (after the lines that wait), a redraw says every count again,
    /// the help says the keys; the rest is passed on.
    private mutating func adopt(_ effect: ProgramEffect, at time: Double, into effects: inout [ProgramEffect])
        -> Bool
    {
        if board.isShowingHelp {
            // The help overlay has nowhere to show: its keys are said instead.
            screen.hideHelp()
            effects.append(.write(LineModeReport.keyHelp(buttonCount: board.toolbar.buttons.count), sink: outputSink))
        }
        switch effect {
        case .quit:
            return true
        case .redraw:
            restate(at: time, into: &effects)
        case .batch(let inner):
            var quits = false
            for effect in inner where adopt(effect, at: time, into: &effects) {
                quits = true
            }
            return quits
        case .none:
            break
        case .runInForeground(let request):
            foregroundRequest = foregroundRequest ?? request.identifier
            effects.append(effect)
        default:
            effects.append(effect)
        }
        return false
    }

    /// Says every count again, after the changes that wait to be said, so the lines stay in the order things happened.
    private mutating func restate(at time: Double, into effects: inout [ProgramEffect]) {
        announcer.observe(board.toolbar.buttons, at: time)
        for line in announcer.takeAllLines(for: board.toolbar.buttons) {
            effects.append(.write(line, sink: outputSink))
        }
        effects.append(.write(LineModeReport.summary(of: board.toolbar), sink: outputSink))
    }

    /// The notice for lines the reader did not take in time.
    static func droppedNotice(_ count: Int) -> String {
        "badgebar: \(count) line\(count == 1 ? "" : "s") dropped: the reader of standard output did not keep up"
    }

    /// Ctrl-Z suspends as anywhere; Ctrl-C and Ctrl-L are line mode's own: a quit that first says the changes
    /// that wait, and a request to say every count again.
    var controlKeys: ControlKeys { [.suspend] }

    /// Draws nothing.
    func render(into canvas: inout Canvas, at time: Double) {}

    /// The next step of auto-play, the next line due, or whatever the board program waits for.
    func nextWakeTime(after time: Double) -> Double? {
        let wakes = [screen.nextWakeTime(after: time), announcer.nextLineTime].compactMap { $0 }
        return wakes.min()
    }
}
