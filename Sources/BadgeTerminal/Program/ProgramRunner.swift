import BadgeKit

/// The one run loop: events and clock readings into a program, frames out to a terminal.
///
/// Each turn reads the clock once, lets the program catch up to that time
/// (``ProgramEvent/tick``), draws one frame, then waits for input, a signal, a
/// live input source, or the time the program asked to wake at, and hands what
/// happened to the program. It owns suspend (Ctrl-Z and SIGTSTP), a stop from
/// outside, resizes, termination signals, the control keys (``ControlKeys``)
/// and the screen that is too large to draw, so every program gets them the same way.
public enum ProgramRunner {
    /// How a run ended.
    public enum Ending: Equatable, Sendable {
        /// The program asked to quit.
        case quit
        /// A signal ended it (the first that arrived).
        case terminated(signal: Int32)
        /// The terminal went away.
        case hangup

        /// The conventional exit status: 0, or 128+N for signal N.
        public var exitStatus: Int32 {
            switch self {
            case .quit, .hangup: return 0
            case .terminated(let signal): return 128 + signal
            }
        }
    }

    /// Runs a program on a terminal until it quits, a signal ends it, or the terminal goes away.
    ///
    /// The terminal is left open: the caller closes it, which restores it.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state.
    ///   - terminal: Where it runs.
    ///   - sources: Live input read line by line, such as counts from a pipe; the lines of each read arrive
    ///     together as ``ProgramEvent/lines(_:source:)`` with the source's index in this array.
    ///   - sinks: Where ``ProgramCommand/write(_:sink:)`` lines go, by index; what is still waiting
    ///     at the end gets a moment to be written.
    ///   - exitDeadline: The bound on the way out, shared by ending the children and writing what the
    ///     sinks hold; it starts when the loop ends, and the caller goes on using it to restore the terminal.
    /// - Returns: How the run ended.
    public static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: some TerminalBackend, sources: [LineReader] = [],
        sinks: [OutputSink] = [], exitDeadline: ExitDeadline = ExitDeadline()
    ) -> Ending {
        var loop = Loop(terminal: terminal, sources: sources, sinks: sinks)
        return loop.run(&program, exitDeadline: exitDeadline)
    }

    /// The longest children get to exit after SIGTERM at the end, before SIGKILL, within the exit deadline.
    static let childExitWaitSeconds = 1.0

    /// What a command or event leads to: go on, or end.
    fileprivate enum Outcome {
        case proceed
        case end(Ending)
    }

    /// The state of one run.
    fileprivate struct Loop<Terminal: TerminalBackend> {
        let terminal: Terminal
        var sources: [LineReader]
        let sinks: [OutputSink]
        var canvas = Canvas(columns: 0, rows: 0)
        /// The program's children, as the terminal says to run them.
        let processes: any ChildProcesses
        /// The request running in the foreground with the terminal, if any.
        var foregroundRequest: Int?

        init(terminal: Terminal, sources: [LineReader], sinks: [OutputSink]) {
            self.terminal = terminal
            processes = terminal.makeChildProcesses()
            self.sources = sources
            self.sinks = sinks
        }

        mutating func run<Program: TerminalProgram>(_ program: inout Program, exitDeadline: ExitDeadline) -> Ending {
            let ending = loop(&program)
            exitDeadline.start()
            // Nothing the program started outlives it: with ``ProcessTree/adoptOrphans()``, not even what moved to a
            // session of its own. The terminal's restore, last, keeps its own share of the bound: a slow child or
            // reader never eats it.
            let terminalShare = TerminalSession.leaveWaitSeconds
            processes.endAll(
                waitingAtMostSeconds: min(
                    ProgramRunner.childExitWaitSeconds, exitDeadline.secondsLeft(keeping: terminalShare)),
                endingEveryDescendant: true)
            for sink in sinks {
                sink.finish(waitingAtMostSeconds: exitDeadline.secondsLeft(keeping: terminalShare))
            }
            if foregroundRequest != nil {
                // The program ends either way; its terminal is restored as it closes.
                try? terminal.takeBack()
            }
            return ending
        }

        mutating func loop<Program: TerminalProgram>(_ program: inout Program) -> Ending {
            let size = terminal.size
            if case .end(let ending) = perform(
                program.update(.input(.resize(columns: size.columns, rows: size.rows)), at: terminal.now), on: &program)
            {
                return ending
            }
            while true {
                let now = terminal.now
                if case .end(let ending) = perform(program.update(.tick, at: now), on: &program) {
                    return ending
                }
                draw(program, at: now)
                let watched = sources.compactMap(\.descriptor) + processes.descriptors
                var wake = program.nextWakeTime(after: now)
                if let limit = processes.nextDeadline {
                    wake = min(wake ?? limit, limit)
                }
                let writers = sinks.filter(\.hasPending).map(\.descriptor)
                let events = terminal.waitForEvents(until: wake, watching: watched, writing: writers)
                for event in events {
                    if case .end(let ending) = handle(event, on: &program) {
                        return ending
                    }
                }
                if case .end(let ending) = flushSinks(into: &program) {
                    return ending
                }
                if case .end(let ending) = collectProcesses(into: &program) {
                    return ending
                }
            }
        }

        /// Draws the program at an instant, or a notice when the screen is too large to draw.
        mutating func draw<Program: TerminalProgram>(_ program: Program, at time: Double) {
            let size = terminal.size
            let drawable = size.isDrawable ? size : size.clampedToCeiling
            if canvas.columns != drawable.columns || canvas.rows != drawable.rows {
                canvas = Canvas(columns: drawable.columns, rows: drawable.rows)
            } else {
                canvas.clear()
            }
            if size.isDrawable {
                program.render(into: &canvas, at: time)
            } else {
                renderTooLarge(size)
            }
            terminal.draw(canvas)
        }

        /// Says the screen is too large, in the middle of the part that is drawn.
        mutating func renderTooLarge(_ size: TerminalSize) {
            let message =
                "The terminal is too large to draw (\(size.columns) by \(size.rows)); make it at most "
                + "\(TerminalSize.cellCeiling) cells."
            let widths = ColumnWidth.estimate
            let row = canvas.rows / 2
            let column = max((canvas.columns - widths.columns(of: message)) / 2, 0)
            canvas.write(message, column: column, row: row, style: CellStyle(attributes: .bold), widths: widths)
            canvas.cursor = (column, row)
        }

        mutating func handle<Program: TerminalProgram>(_ event: BackendEvent, on program: inout Program) -> Outcome {
            let time = terminal.now
            switch event {
            case .terminate(let signal):
                return .end(.terminated(signal: signal))
            case .hangup:
                return .end(.hangup)
            case .problem(let message):
                return perform(program.update(.problem(message), at: time), on: &program)
            case .input(let input):
                if let key = ControlKeys(input), program.controlKeys.contains(key) {
                    switch key {
                    case .interrupt: return .end(.quit)
                    case .suspend: return foregroundRequest == nil ? suspend(from: .key, on: &program) : .proceed
                    default:
                        terminal.invalidate()
                        return .proceed
                    }
                }
                return perform(program.update(.input(input), at: time), on: &program)
            case .signal(let signal):
                return perform(program.update(.signal(signal), at: time), on: &program)
            case .suspendRequested:
                // While a child has the terminal, suspending is the child's business.
                return foregroundRequest == nil ? suspend(from: .signal, on: &program) : .proceed
            case .continued:
                terminal.continueAfterStop()
                return perform(program.update(.resumed, at: time), on: &program)
            case .childStateChanged:
                // An adopted orphan's exit says so too: collected here, as the supervisor's children are below.
                ProcessTree.reapOrphans()
                return collectProcesses(into: &program)
            case .ready(let descriptor):
                if processes.descriptors.contains(descriptor) {
                    processes.read(from: descriptor)
                    return .proceed
                }
                return readSource(descriptor, into: &program)
            }
        }

        /// Offers every sink its waiting lines and tells the program about drops and failures.
        mutating func flushSinks<Program: TerminalProgram>(into program: inout Program) -> Outcome {
            for (index, sink) in sinks.enumerated() {
                sink.flush()
                if let problem = sink.takeProblem(),
                    case .end(let ending) = perform(
                        program.update(.sinkProblem(sink: index, problem), at: terminal.now), on: &program)
                {
                    return .end(ending)
                }
            }
            return .proceed
        }

        /// Ends runs past their time limit and hands the program the results of those that finished.
        ///
        /// Children are reaped on every turn they exist, not only on SIGCHLD, so
        /// none is missed and none is left a zombie.
        mutating func collectProcesses<Program: TerminalProgram>(into program: inout Program) -> Outcome {
            guard !processes.isEmpty else { return .proceed }
            let time = terminal.now
            processes.enforceTimeLimits(at: time)
            for result in processes.reap(at: time) {
                if case .end(let ending) = deliver(result, to: &program) {
                    return .end(ending)
                }
            }
            return .proceed
        }

        /// Hands a finished run to the program, taking the terminal back first if the run had it.
        mutating func deliver<Program: TerminalProgram>(_ result: ProcessResult, to program: inout Program)
            -> Outcome
        {
            if foregroundRequest == result.identifier {
                foregroundRequest = nil
                do {
                    try terminal.takeBack()
                } catch {
                    let problem = ProgramEvent.problem("cannot take the terminal back: \(error)")
                    if case .end(let ending) = perform(program.update(problem, at: terminal.now), on: &program) {
                        return .end(ending)
                    }
                }
            }
            return perform(program.update(.processFinished(result), at: terminal.now), on: &program)
        }

        /// Hands the lines that arrived on a live input source to the program, then its end if it ended.
        mutating func readSource<Program: TerminalProgram>(
            _ descriptor: FileDescriptor, into program: inout Program
        ) -> Outcome {
            guard let index = sources.firstIndex(where: { $0.descriptor == descriptor }) else {
                return .proceed
            }
            var events: [ProgramEvent] = []
            // One batch per read, split only where a discarded line must be reported in its place.
            var batch = LineBatch()
            let outcome = sources[index].readBatches { delivery in
                switch delivery {
                case .lines(let bytes, let count):
                    batch.append(lines: bytes, count: count)
                case .discardedLine(let byteCount):
                    if !batch.isEmpty {
                        events.append(.lines(batch, source: index))
                        batch = LineBatch()
                    }
                    events.append(.lineDiscarded(source: index, byteCount: byteCount))
                }
            }
            if !batch.isEmpty {
                events.append(.lines(batch, source: index))
            }
            switch outcome {
            case .ended:
                events.append(.sourceEnded(source: index, problem: nil))
            case .stopped(let stop):
                events.append(.sourceEnded(source: index, problem: stop.message))
            case .waiting, .more:
                break
            }
            for event in events {
                if case .end(let ending) = perform(program.update(event, at: terminal.now), on: &program) {
                    return .end(ending)
                }
            }
            return .proceed
        }

        /// Suspends: the terminal given back, the program (and for Ctrl-Z its job) stopped; once continued, the
        /// program told the size and that it resumed, or ended by a termination signal that came meanwhile.
        mutating func suspend<Program: TerminalProgram>(from origin: SuspendOrigin, on program: inout Program)
            -> Outcome
        {
            if let signal = terminal.suspend(from: origin) {
                return .end(.terminated(signal: signal))
            }
            let size = terminal.size
            if case .end(let ending) = perform(
                program.update(.input(.resize(columns: size.columns, rows: size.rows)), at: terminal.now),
                on: &program)
            {
                return .end(ending)
            }
            return perform(program.update(.resumed, at: terminal.now), on: &program)
        }

        /// Carries out a command.
        mutating func perform<Program: TerminalProgram>(_ command: ProgramCommand, on program: inout Program)
            -> Outcome
        {
            switch command {
            case .none:
                return .proceed
            case .quit:
                return .end(.quit)
            case .redraw:
                terminal.invalidate()
                return .proceed
            case .suspend:
                return suspend(from: .key, on: &program)
            case .run(let request):
                if let failed = processes.start(request, at: terminal.now, foreground: false, terminal: nil) {
                    return deliver(failed, to: &program)
                }
                return .proceed
            case .runInForeground(let request):
                guard foregroundRequest == nil else {
                    return .proceed
                }
                terminal.releaseForChild()
                foregroundRequest = request.identifier
                let childTerminal = terminal.openTerminalForChild()
                let failed = processes.start(request, at: terminal.now, foreground: true, terminal: childTerminal)
                childTerminal?.close()
                if let failed {
                    return deliver(failed, to: &program)
                }
                if let group = processes.foregroundGroup {
                    do {
                        try terminal.giveForeground(to: group)
                    } catch {
                        // Without the terminal it would stop at its first read, again and again: it ends at once,
                        // and its end, when reaped, gives the terminal back.
                        processes.endForegroundRun(at: terminal.now)
                        return perform(
                            program.update(
                                .problem("cannot give the terminal to '\(request.command)': \(error)"), at: terminal.now
                            ),
                            on: &program)
                    }
                }
                return .proceed
            case .write(let line, let sink):
                if sinks.indices.contains(sink) {
                    sinks[sink].write(line: line)
                }
                return .proceed
            case .setWindowTitle(let title):
                terminal.setWindowTitle(title)
                return .proceed
            case .notify(let title, let body):
                terminal.notify(title: title, body: body)
                return .proceed
            case .batch(let commands):
                for command in commands {
                    if case .end(let ending) = perform(command, on: &program) {
                        return .end(ending)
                    }
                }
                return .proceed
            }
        }
    }
}
