import BadgeKit
import BadgeTerminal

/// Line mode: the board's state and events told as plain lines instead of drawn.
///
/// A view of the engine: whatever changes a count (keys, lines of counts,
/// instructions, auto-play, watches, commands) is shown to the ``ChangeAnnouncer``
/// after every event, and the lines it says are due go to standard output. The
/// first line states every button. Every press and change goes through the
/// engine, which writes it to `--events-to` at once, however it was made, so
/// none is left behind when the program quits. Notices go to standard error as
/// the program's log. Nothing moves.
struct LineModeView: BoardView {
    /// What changed and is not yet said; it starts from the buttons as the first line states them.
    private(set) var announcer = ChangeAnnouncer()
    /// Whether keys come from a terminal; without them the end of every source, with nothing else to change the
    /// counts, ends the program.
    let readsKeys: Bool
    /// Why writing the lines failed, if it did: the program ended because of it.
    private(set) var outputFailure: SinkProblem?
    /// Whether the first line has been written.
    private var hasStarted = false
    /// Instructions read and not yet carried out: those after a press that gave the terminal to an `--open` command
    /// wait for it to end.
    private var waitingInstructions: ArraySlice<String> = []

    /// Creates the view.
    ///
    /// - Parameter readsKeys: Whether keys come from a terminal.
    init(readsKeys: Bool) {
        self.readsKeys = readsKeys
    }

    /// Ctrl-Z suspends as anywhere; Ctrl-C and Ctrl-L are line mode's own: a quit that first says the changes
    /// that wait, and a request to say every count again.
    var controlKeys: ControlKeys { [.suspend] }

    /// Nothing moves, so counts are shown as soon as they are read; the announcer paces the lines.
    func prepare(_ board: inout BadgeBoard) {
        Self.holdStill(&board)
    }

    /// Line mode has no window title and sends no notifications: it writes nothing but lines.
    func adjust(_ configuration: inout BoardEngine.Configuration) {
        configuration.setsWindowTitle = false
        configuration.notificationMode = .never
    }

    mutating func update(_ event: ProgramEvent, engine: inout BoardEngine, at time: Double) -> [ProgramEffect] {
        var effects: [ProgramEffect] = []
        if !hasStarted {
            hasStarted = true
            effects.append(.write(LineModeWording.summary(of: engine.board.toolbar), sink: .output))
        }
        var quits = false
        switch event {
        case .lines(let batch, .instructions):
            waitingInstructions += batch.lines
        case .sinkProblem(.output, .closed(let errorNumber, let reason)):
            // The reader went away (or the disk is full): there is no one left to tell.
            outputFailure = .closed(errorNumber: errorNumber, reason: reason)
            return [.quit]
        case .sinkProblem(.output, .dropped(let count)):
            effects.append(.write(Self.droppedNotice(count), sink: .messages))
        case .sinkProblem(.messages, _):
            break
        default:
            quits = adopt(engine.update(event, at: time), engine: &engine, at: time, into: &effects)
        }
        if !quits {
            quits = performWaitingInstructions(engine: &engine, at: time, into: &effects)
        }
        // Every press and change, an instruction's press included, went through the engine, which wrote it out and
        // started what it calls for before any quit: no way out leaves an event behind.
        let buttons = engine.board.toolbar.buttons
        let finished = quits || isFinished(engine)
        let lines = finished ? announcer.takeAllLines(for: buttons) : announcer.takeLines(for: buttons, at: time)
        effects += lines.map { .write($0, sink: .output) }
        if case .input(let input) = event, movesFocus(input, on: engine.board),
            buttons.indices.contains(engine.board.toolbar.focusedIndex)
        {
            effects.append(.write(LineModeWording.focus(on: buttons[engine.board.toolbar.focusedIndex]), sink: .output))
        }
        if finished {
            effects.append(.quit)
        }
        return effects
    }

    /// What the old buttons waited to say, then every button as it is now.
    mutating func reloaded(from previous: BadgeToolbar, engine: BoardEngine, at time: Double) -> [ProgramEffect] {
        let lines = announcer.takeAllLines(for: previous.buttons)
        announcer = ChangeAnnouncer()
        return (lines + [LineModeWording.summary(of: engine.board.toolbar)]).map { .write($0, sink: .output) }
    }

    /// Whether a key moves the focus (Tab, Shift-Tab, the arrows), which line mode says; a press says its change instead.
    private func movesFocus(_ input: InputEvent, on board: BadgeBoard) -> Bool {
        let action = board.keyBinding(for: input)?.action
        return action == .focusNext || action == .focusPrevious
    }

    /// Whether nothing can change the counts any more: no keys, no watches, every source at its end, no
    /// instruction waiting, no command holding the terminal, auto-play stopped.
    private func isFinished(_ engine: BoardEngine) -> Bool {
        !readsKeys && !engine.hasWatches && engine.hasEndedEverySource && !engine.board.autoPlay.isRunning
            && waitingInstructions.isEmpty && !engine.isTerminalHandedOver
    }

    /// Carries out the instructions that wait, in order, until one quits or hands the terminal over.
    ///
    /// After a press that gives the terminal to an `--open` command, the rest wait for it to end, as
    /// typed-ahead lines wait for a shell's job. Each instruction's presses go through the engine at once, so the
    /// press that opens is known before the next instruction.
    ///
    /// - Returns: Whether an instruction quits.
    private mutating func performWaitingInstructions(
        engine: inout BoardEngine, at time: Double, into effects: inout [ProgramEffect]
    ) -> Bool {
        while !engine.isTerminalHandedOver, let line = waitingInstructions.popFirst() {
            if perform(line, engine: &engine, at: time, into: &effects) {
                waitingInstructions = []
                return true
            }
        }
        return false
    }

    /// Carries out an instruction typed on standard input; returns whether it quits.
    private mutating func perform(
        _ line: String, engine: inout BoardEngine, at time: Double, into effects: inout [ProgramEffect]
    ) -> Bool {
        let instruction: LineModeInstruction?
        do {
            instruction = try LineModeInstruction.parse(
                line, buttonTitles: engine.board.toolbar.buttons.map(\.title))
        } catch {
            effects += engine.reportBadLine(error.message, at: time)
            return false
        }
        switch instruction {
        case .press(let index):
            let pressed = engine.press(buttonAt: index, source: .key, at: time)
            if adopt(pressed, engine: &engine, at: time, into: &effects) {
                return true
            }
        case .status:
            restate(engine.board, into: &effects)
        case .quit:
            return true
        case nil:
            break
        }
        return false
    }

    /// Takes in what the engine asked for, and returns whether it quits.
    ///
    /// A quit quits (after the lines that wait), a redraw says every count again, the help says the keys; the
    /// rest is passed on.
    private mutating func adopt(
        _ engineEffects: [ProgramEffect], engine: inout BoardEngine, at time: Double,
        into effects: inout [ProgramEffect]
    ) -> Bool {
        // The presses and changes of the call, each with the count before it.
        announcer.observe(engine.recentEvents)
        if engine.board.isShowingHelp {
            // The help overlay has nowhere to show: its keys are said instead.
            engine.hideHelp()
            effects.append(
                .write(LineModeWording.keyHelp(buttonCount: engine.board.toolbar.buttons.count), sink: .output))
        }
        var quits = false
        for effect in engineEffects {
            switch effect {
            case .quit: quits = true
            case .redraw: restate(engine.board, into: &effects)
            default: effects.append(effect)
            }
        }
        return quits
    }

    /// Says every count again, after the changes that wait to be said, so the lines stay in the order things happened.
    private mutating func restate(_ board: BadgeBoard, into effects: inout [ProgramEffect]) {
        for line in announcer.takeAllLines(for: board.toolbar.buttons) {
            effects.append(.write(line, sink: .output))
        }
        effects.append(.write(LineModeWording.summary(of: board.toolbar), sink: .output))
    }

    /// The notice for lines the reader did not take in time.
    static func droppedNotice(_ count: Int) -> String {
        "badgebar: \(count) line\(count == 1 ? "" : "s") dropped: the reader of standard output did not keep up"
    }

    /// The next line due, or whatever the engine waits for (auto-play, a watch's turn).
    func nextWakeTime(_ engine: BoardEngine, after time: Double) -> Double? {
        [engine.nextWakeTime(after: time, framesPerSecond: 1), announcer.nextLineTime].compactMap { $0 }.min()
    }
}
