import BadgeKit

extension ProgramRunner {
    /// The state of one run.
    struct Loop<Terminal: TerminalBackend> {
        /// What a command or event leads to: go on, or end.
        enum Outcome {
            case proceed
            case end(Ending)
        }

        let terminal: Terminal
        /// The live input sources, in the order of their names.
        var sources: [(name: SourceName, reader: LineReader)]
        /// The output sinks, in the order of their names.
        let sinks: [(name: SinkName, sink: OutputSink)]
        /// Files whose changes the program is told of.
        var fileMonitors: [FileChangeMonitor] = []
        var canvas = Canvas(columns: 0, rows: 0)
        /// The program's children, as the terminal says to run them.
        let processes: any ChildProcesses
        /// The request running in the foreground with the terminal, if any.
        var foregroundRequest: Int?

        init(terminal: Terminal, sources: [SourceName: LineReader], sinks: [SinkName: OutputSink]) {
            self.terminal = terminal
            processes = terminal.makeChildProcesses()
            self.sources = sources.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
            self.sinks = sinks.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
        }

        mutating func run<Program: TerminalProgram>(_ program: inout Program, exitDeadline: ExitDeadline) -> Ending {
            let ending = loop(&program)
            exitDeadline.start()
            // Nothing more is read. A control socket lets its path go first thing, so a badgebar started to
            // take over (a bar restarting it) gets the path while this one still ends its children.
            for source in sources {
                source.reader.finish()
            }
            // Nothing the program started outlives it: with ``ProcessTree/adoptOrphans()``, not even what moved to a
            // session of its own. The terminal's restore, last, keeps its own share of the bound: a slow child or
            // reader never eats it.
            let terminalShare = TerminalSession.leaveWaitSeconds
            processes.endAll(
                waitingAtMostSeconds: min(
                    ProgramRunner.childExitWaitSeconds, exitDeadline.secondsLeft(keeping: terminalShare)),
                endingEveryDescendant: true)
            for (_, sink) in sinks {
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
                // A write of this turn that failed is told now, not after a wait that may last for hours.
                if case .end(let ending) = flushSinks(into: &program) {
                    return ending
                }
                let watched =
                    sources.flatMap(\.reader.polledDescriptors) + processes.descriptors
                    + fileMonitors.compactMap(\.descriptor)
                let ends = sinks.map(\.sink).filter { $0.monitorsReaderEnd && $0.failure == nil }.map(\.descriptor)
                var wake = program.nextWakeTime(after: now)
                if let limit = processes.nextDeadline {
                    wake = min(wake ?? limit, limit)
                }
                let writers = sinks.map(\.sink).filter(\.hasPending).map(\.descriptor)
                let events = terminal.waitForEvents(
                    until: wake, watching: watched, watchingEnds: ends, writing: writers)
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
                // The supervisor's children first, then an adopted orphan's exit, which says so too: with the
                // supervisor's collected, what has exited is an orphan, found without reading /proc.
                let outcome = collectProcesses(into: &program)
                ProcessTree.reapOrphans()
                return outcome
            case .ready(let descriptor):
                if processes.descriptors.contains(descriptor) {
                    processes.read(from: descriptor)
                    return .proceed
                }
                if let sink = sinks.map(\.sink).first(where: { $0.descriptor == descriptor && $0.monitorsReaderEnd }) {
                    // Watched for no event: a pipe reports an error once its reader has gone, a socket a hangup
                    // once its peer closed it.
                    sink.readerWentAway()
                    return .proceed
                }
                if let monitor = fileMonitors.firstIndex(where: { $0.descriptor == descriptor }) {
                    guard fileMonitors[monitor].takeChange() else { return .proceed }
                    return perform(program.update(.fileChanged(monitor: monitor), at: time), on: &program)
                }
                return readSource(descriptor, into: &program)
            }
        }
    }
}
