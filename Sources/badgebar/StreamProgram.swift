import BadgeKit
import BadgeTerminal
import CNCursesW

/// `--stream`: the board's engine, its toolbar printed in a status bar's form at the start and after every change,
/// until it is stopped.
///
/// A view of the same engine as the full screen, driven by the same runner on a
/// backend with no terminal. Every source feeds it: the counts lines, the
/// watches, SIGUSR1, the control FIFO (`press NAME`, `refresh`, counts lines) and,
/// for i3bar and swaybar, the bar's click events on standard input, which press
/// the button clicked as a click in the full screen does. Changes close together
/// are printed once, at most once a frame; nothing changing means no output and
/// no wakeup. It ends when the bar stops reading (standard output closed).
struct StreamProgram: TerminalProgram {
    /// The engine and its view.
    private(set) var screen: BoardProgram
    /// The form printed, and how many updates it has given.
    private(set) var stream: StatusBarStream
    /// The runner's sink for the printed lines (standard output) and for problems (standard error).
    let sinks: (output: Int, messages: Int)
    /// The runner's sources of the bar's click events and of the control FIFO's lines, if any.
    let inputs: (clicks: Int?, control: Int?)
    /// The shortest time between two printings, in seconds: one frame.
    let frameSeconds: Double
    /// The text last printed (without framing), or `nil` before the first.
    private var printed: String?
    /// When the last printing was.
    private var printTime = -Double.infinity
    /// Each button's count as last seen, to tell a rise.
    private var counts: [Int]
    /// Until when each button counts as rising (its count went up), in seconds on the clock.
    private var risingUntil: [Double]
    /// The i3bar click events read so far.
    private var clicks = ClickEventReader()
    /// What is said of the board's reports, bounded.
    private var log = MessageLog()

    /// How long a button counts as rising after its count goes up: i3bar marks it urgent, Waybar's class `rising`.
    static let risingSeconds = 5.0
    /// The longest line of click events read from the bar: the longest event the click reader takes, with room for
    /// the `,` and the spaces around it, so that no event the reader would take is cut off as a line first.
    static let clickLineLimit = ClickEventReader.defaultObjectLimit + 64

    /// Creates the program around a board.
    ///
    /// - Parameters:
    ///   - board: The board, with its counts from the command line.
    ///   - configuration: What runs around it: the watches, the press commands, whether events are written.
    ///   - stream: The form printed, with nothing printed yet.
    ///   - events: The runner's sink for the events and its name for messages.
    ///   - sinks: The runner's sinks for the printed lines and for problems.
    ///   - inputs: The runner's sources of click events and control lines, if any.
    ///   - framesPerSecond: The most printings a second.
    ///   - startTime: When the watches first run.
    ///   - countsUnavailable: Why the counts source cannot be read, if it cannot: the buttons it would feed
    ///     start stale.
    init(
        board: BadgeBoard, configuration: BoardEngine.Configuration, stream: StatusBarStream,
        events: (sink: Int, name: String), sinks: (output: Int, messages: Int), inputs: (clicks: Int?, control: Int?),
        framesPerSecond: Int, startTime: Double, countsUnavailable: String? = nil
    ) {
        screen = BoardProgram.withoutScreen(
            board: board, configuration: configuration, events: events, startTime: startTime,
            countsUnavailable: countsUnavailable)
        self.stream = stream
        self.sinks = sinks
        self.inputs = inputs
        frameSeconds = 1 / Double(max(framesPerSecond, 1))
        counts = board.toolbar.buttons.map(\.count)
        risingUntil = Array(repeating: -Double.infinity, count: board.toolbar.buttons.count)
    }

    /// The board as it stands.
    var board: BadgeBoard { screen.board }

    /// How the board is read again from its file (SIGUSR2, a change of the file), if it came from one.
    var reload: BoardReload? {
        get { screen.reload }
        set { screen.reload = newValue }
    }

    /// No keys: the stream reads no terminal.
    var controlKeys: ControlKeys { [] }

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        var effects: [ProgramEffect] = []
        switch event {
        case .lines(let batch, let source) where source == inputs.clicks:
            effects += takeClicks(batch.bytes, at: time)
        case .lines(let batch, let source) where source == inputs.control:
            for line in batch.lines {
                effects.append(takeControl(line, at: time))
            }
        case .lineDiscarded(let source, let byteCount) where source == inputs.clicks:
            let length =
                byteCount >= LineReader.maximumBytesWithoutLineEnd
                ? "of \(LineReader.maximumBytesWithoutLineEnd >> 20) MiB or more" : "of \(byteCount) bytes"
            effects += badInput("a click event \(length) was too long, and was skipped")
        case .sourceEnded(let source, let problem) where source == inputs.clicks:
            // The bar sends no more clicks; it may still read the stream. A reader that stopped early says why.
            if let problem {
                effects.append(message("stopped reading click events: \(problem)"))
            }
        case .sinkProblem(let sink, .closed) where sink == sinks.output:
            // The bar went away, or the output failed otherwise (a full disk): nothing more can be printed. The
            // exit status and any message are made from the sink's failure once the run is over, so that a
            // failure is said once however it was found.
            return .quit
        case .sinkProblem(let sink, .dropped) where sink == sinks.output:
            // The bar fell behind and lines were dropped: once it reads again it gets the toolbar as it is.
            printed = nil
        case .sinkProblem(let sink, _) where sink == sinks.output || sink == sinks.messages:
            break
        default:
            effects.append(screen.update(event, at: time))
        }
        screen.stopMotion()
        noteRises(at: time)
        for report in screen.takeReports() {
            if let text = log.message(for: report) {
                effects.append(.write(text, sink: sinks.messages))
            }
        }
        if event == .tick, let text = log.endTurn() {
            effects.append(.write(text, sink: sinks.messages))
        }
        if let line = lineToPrint(at: time) {
            effects.append(.write(line, sink: sinks.output))
        }
        return .batch(effects)
    }

    /// Draws nothing: the toolbar is printed as lines.
    func render(into canvas: inout Canvas, at time: Double) {}

    func nextWakeTime(after time: Double) -> Double? {
        var wake = screen.nextWakeTime(after: time)
        if printed != text(at: time) {
            let due = max(time, printTime + frameSeconds)
            wake = min(wake ?? due, due)
        }
        if stream.format.showsRising, let end = risingUntil.filter({ $0 > time }).min() {
            wake = min(wake ?? end, end)
        }
        return wake
    }

    /// The toolbar in the form as it stands at an instant, without the stream's framing.
    func text(at time: Double) -> String {
        stream.format.render(
            board.toolbar, style: stream.style, state: state(at: time), pressCommand: stream.pressCommand)
    }

    /// What the stream knows beyond the toolbar at an instant: the buttons rising.
    private func state(at time: Double) -> StatusBarState {
        StatusBarState(risingButtons: Set(risingUntil.indices.filter { risingUntil[$0] > time }))
    }

    /// The line to print now, framing included, when the text changed and a frame has passed since the last.
    private mutating func lineToPrint(at time: Double) -> String? {
        let text = text(at: time)
        guard text != printed, time >= printTime + frameSeconds else { return nil }
        printed = text
        printTime = time
        var line = stream.line(for: board.toolbar, state: state(at: time))
        // The sink ends the line.
        if line.hasSuffix("\n") {
            line.removeLast()
        }
        return line
    }

    /// Marks the buttons whose counts went up as rising; after a reload that changed the buttons, none is.
    private mutating func noteRises(at time: Double) {
        if counts.count != board.toolbar.buttons.count {
            counts = board.toolbar.buttons.map(\.count)
            risingUntil = Array(repeating: -Double.infinity, count: counts.count)
        }
        for (index, button) in board.toolbar.buttons.enumerated() where index < counts.count {
            if button.count > counts[index] {
                risingUntil[index] = time + Self.risingSeconds
            } else if button.count < counts[index] {
                // A count that goes down (a press that clears it, say) rises no more.
                risingUntil[index] = -Double.infinity
            }
            counts[index] = button.count
        }
    }

    /// Presses the buttons the bar's click events name (any mouse button, as the full screen takes any click).
    private mutating func takeClicks(_ bytes: [UInt8], at time: Double) -> [ProgramEffect] {
        var effects: [ProgramEffect] = []
        for output in clicks.take(bytes) {
            switch output {
            case .click(let click):
                guard let index = click.instance.flatMap({ board.toolbar.buttonIndex(titled: $0) }) else {
                    effects += badInput("a click on '\(Sanitizer.shortened(click.instance ?? ""))' names no button")
                    continue
                }
                effects.append(screen.handle(.press(buttonIndex: index, source: .click), at: time))
            case .problem(let text):
                effects += badInput("a click event could not be read: \(text)")
            }
        }
        return effects
    }

    /// Carries out a line from the control FIFO: `press NAME`, `refresh`, or a counts line.
    private mutating func takeControl(_ line: String, at time: Double) -> ProgramEffect {
        switch ControlLine(line, buttonTitles: board.toolbar.buttons.map(\.title)) {
        case .press(let index):
            return screen.handle(.press(buttonIndex: index, source: .click), at: time)
        case .refresh:
            return screen.handle(.refreshWatches, at: time)
        case .counts:
            return screen.handle(.countLines(Array((line + "\n").utf8)), at: time)
        case .unknownButton(let title):
            return .batch(badInput("--control: 'press \(Sanitizer.shortened(title))' names no button"))
        case .blank:
            return .none
        }
    }

    /// A problem with one line of input for standard error, bounded as bad counts lines are: the first
    /// ``BadgeBoard/badLinesToldPerBatch`` of a turn of the run loop are said, the rest counted and said as one
    /// line when the turn ends.
    private mutating func badInput(_ text: String) -> [ProgramEffect] {
        log.message(for: .badLine(text)).map { [.write($0, sink: sinks.messages)] } ?? []
    }

    /// A problem for standard error.
    private func message(_ text: String) -> ProgramEffect {
        .write("badgebar: \(text)", sink: sinks.messages)
    }
}
