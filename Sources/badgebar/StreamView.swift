import BadgeKit
import BadgeTerminal

/// `--stream`: the board's engine, its toolbar printed in a status bar's form at the start and after every change,
/// until it is stopped.
///
/// A view of the same engine as the full screen, driven by the same runner with
/// no screen. Every source feeds it: the counts lines, the watches, SIGUSR1, the
/// control socket (`press NAME`, `refresh`, counts lines) and, for i3bar and
/// swaybar, the bar's click events on standard input, which press the button
/// clicked as a click in the full screen does. Changes close together are
/// printed once, at most once a frame; nothing changing means no output and no
/// wakeup. It ends when the bar stops reading (standard output closed).
struct StreamView: BoardView {
    /// The form printed, and how many updates it has given.
    private(set) var stream: StatusBarStream
    /// The shortest time between two printings, in seconds: one frame.
    let frameSeconds: Double
    /// The text last printed (without framing), or `nil` before the first.
    private var printed: String?
    /// The text to print once a frame has passed since the last printing, if it changed.
    private var waiting: (text: String, state: StatusBarState)?
    /// When the last printing was.
    private var printTime = -Double.infinity
    /// Until when a change the kernel told of waits for the rest of its batch (more mail moved in the same moment),
    /// so that one line carries the batch rather than one line a frame.
    private var settleUntil = -Double.infinity

    /// How long a folder's change waits for the rest of its batch before it is printed: an eighth of a frame at
    /// 60 fps, far less than a bar takes to draw it.
    static let settleSeconds = 0.002
    /// The i3bar click events read so far.
    private var clicks = ClickEventReader()
    /// The status line of the user's own run beside the buttons (`--beside`), if any: its blocks follow theirs.
    private(set) var producer: I3barProducer?

    /// The longest line of click events read from the bar: the longest event the click reader takes, with room for
    /// the `,` and the spaces around it, so that no event the reader would take is cut off as a line first.
    static let clickLineLimit = ClickEventReader.defaultObjectLimit + 64

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - stream: The form printed, with nothing printed yet.
    ///   - framesPerSecond: The most printings a second.
    ///   - besideProducer: Whether a status line of the user's own runs beside the buttons (i3bar's form), its
    ///     lines on `SourceName.beside` and its clicks written to `SinkName.beside`.
    init(stream: StatusBarStream, framesPerSecond: Int, besideProducer: Bool = false) {
        self.stream = stream
        frameSeconds = 1 / Double(max(framesPerSecond, 1))
        producer = besideProducer ? I3barProducer() : nil
    }

    /// No keys: the stream reads no terminal.
    var controlKeys: ControlKeys { [] }

    /// Nothing moves: each update is printed at rest.
    func prepare(_ board: inout BadgeBoard) {
        Self.holdStill(&board)
    }

    /// A bar has no terminal to hand over and no window: no open commands, no title, no notifications.
    func adjust(_ configuration: inout BoardEngine.Configuration) {
        configuration.setsWindowTitle = false
        configuration.notificationMode = .never
        configuration.openCommands = []
    }

    mutating func update(_ event: ProgramEvent, engine: inout BoardEngine, at time: Double) -> [ProgramEffect] {
        var effects: [ProgramEffect] = []
        switch event {
        case .lines(let batch, .clicks):
            effects += takeClicks(batch.bytes, engine: &engine, at: time)
        case .lines(let batch, .beside):
            for line in batch.lines { _ = producer?.take(line) }
        case .lineDiscarded(.beside, let byteCount):
            effects += engine.reportBadLine(
                "a line of --beside of \(byteCount) bytes was too long, and was skipped", at: time)
        case .sourceEnded(.beside, let problem):
            // Its blocks go; the buttons stay.
            producer?.end()
            effects.append(
                .write("badgebar: the --beside command ended\(problem.map { ": \($0)" } ?? "")", sink: .messages))
        case .sinkProblem(.beside, _):
            break
        case .lines(let batch, .control):
            for line in batch.lines {
                effects += takeControl(line, engine: &engine, at: time)
            }
        case .lineDiscarded(.clicks, let byteCount):
            let length =
                byteCount >= LineBatch.maximumBytesWithoutLineEnd
                ? "of \(LineBatch.maximumBytesWithoutLineEnd >> 20) MiB or more" : "of \(byteCount) bytes"
            effects += engine.reportBadLine("a click event \(length) was too long, and was skipped", at: time)
        case .sourceEnded(.clicks, let problem):
            // The bar sends no more clicks; it may still read the stream. A reader that stopped early says why.
            if let problem {
                effects.append(.write("badgebar: stopped reading click events: \(problem)", sink: .messages))
            }
        case .sinkProblem(.output, .closed):
            // The bar went away, or the output failed otherwise (a full disk): nothing more can be printed. The
            // exit status and any message are made from the sink's failure once the run is over, so that a
            // failure is said once however it was found.
            return [.quit]
        case .sinkProblem(.output, .dropped):
            // The bar fell behind and lines were dropped: once it reads again it gets the toolbar as it is.
            printed = nil
        case .sinkProblem(.messages, _):
            break
        default:
            effects += engine.update(event, at: time)
        }
        if case .fileChanged = event, time >= settleUntil {
            settleUntil = time + Self.settleSeconds
        }
        if let line = lineToPrint(engine, at: time) {
            effects.append(.write(line, sink: .output))
        }
        return effects
    }

    func nextWakeTime(_ engine: BoardEngine, after time: Double) -> Double? {
        var wake = engine.nextWakeTime(after: time, framesPerSecond: 1)
        if waiting != nil {
            let due = max(time, printTime + frameSeconds, settleUntil)
            wake = min(wake ?? due, due)
        }
        if stream.format.showsRising, let end = engine.nextRiseEnd(after: time) {
            wake = min(wake ?? end, end)
        }
        return wake
    }

    /// The toolbar in the form as it stands at an instant, without the stream's framing, and what it was made from.
    static func text(of engine: BoardEngine, stream: StatusBarStream, at time: Double) -> (String, StatusBarState) {
        var state = StatusBarState(risingButtons: stream.format.showsRising ? engine.risingButtons(at: time) : [])
        if stream.pressCommand != nil {
            for index in engine.board.toolbar.buttons.indices {
                state.actingMouseButtons[index] = engine.actingMouseButtons(forButtonAt: index)
            }
        }
        let text = stream.format.render(
            engine.board.toolbar, style: stream.style, state: state, pressCommand: stream.pressCommand)
        return (text, state)
    }

    /// The line to print now, framing included, when the text changed and a frame has passed since the last; the
    /// text is made once a turn.
    private mutating func lineToPrint(_ engine: BoardEngine, at time: Double) -> String? {
        var (text, state) = Self.text(of: engine, stream: stream, at: time)
        if let producer { text = producer.merged(with: text) }
        guard text != printed else {
            waiting = nil
            return nil
        }
        guard time >= printTime + frameSeconds, time >= settleUntil else {
            waiting = (text, state)
            return nil
        }
        waiting = nil
        printed = text
        printTime = time
        var line = stream.line(rendered: text)
        // The sink ends the line.
        line.removeLast()
        return line
    }

    /// Clicks the buttons the bar's click events name with the mouse button they name; a mouse button the board
    /// has no name for (the horizontal wheel, the side buttons) does nothing.
    private mutating func takeClicks(_ bytes: [UInt8], engine: inout BoardEngine, at time: Double) -> [ProgramEffect] {
        var effects: [ProgramEffect] = []
        for output in clicks.take(bytes) {
            switch output {
            case .click(let click):
                if producer != nil, click.name != "badgebar" {
                    // A click on a block of the status line beside the buttons is its program's.
                    if let input = producer?.clickInput(
                        name: click.name, instance: click.instance, button: click.button)
                    {
                        effects.append(.write(input, sink: .beside))
                    }
                    continue
                }
                guard let index = click.instance.flatMap({ engine.board.toolbar.buttonIndex(titled: $0) }) else {
                    let name = Sanitizer.shortened(click.instance ?? "")
                    effects += engine.reportBadLine("a click on '\(name)' names no button", at: time)
                    continue
                }
                guard let mouseButton = MouseButton(barNumber: click.button) else { continue }
                effects += engine.click(buttonAt: index, mouseButton: mouseButton, at: time)
            case .problem(let text):
                effects += engine.reportBadLine("a click event could not be read: \(text)", at: time)
            }
        }
        return effects
    }

    /// Carries out a line from the control socket: `press NAME`, `click MOUSE-BUTTON NAME`, `refresh`, or a counts
    /// line.
    private func takeControl(_ line: String, engine: inout BoardEngine, at time: Double) -> [ProgramEffect] {
        switch ControlLine(line, buttonTitles: engine.board.toolbar.buttons.map(\.title)) {
        case .press(let index, nil):
            return engine.press(buttonAt: index, source: .control, at: time)
        case .press(let index, let mouseButton?):
            return engine.click(buttonAt: index, mouseButton: mouseButton, source: .control, at: time)
        case .refresh:
            return engine.refreshWatches(at: time)
        case .counts:
            return engine.takeCountLines(Array((line + "\n").utf8), at: time)
        case .unknownButton(let title):
            return engine.reportBadLine("--control: 'press \(Sanitizer.shortened(title))' names no button", at: time)
        case .blank:
            return []
        }
    }
}

extension SourceName {
    /// The output of the status line run beside the buttons (`--beside`).
    static let beside: SourceName = "beside"
}

extension SinkName {
    /// The input of the status line run beside the buttons (`--beside`): the clicks on its blocks.
    static let beside: SinkName = "beside"
}
