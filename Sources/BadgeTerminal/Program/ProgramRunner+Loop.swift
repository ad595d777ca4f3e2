import BadgeKit

extension ProgramRunner {
    /// The state of one run.
    struct Loop {
        /// What a command or event leads to: go on, or end.
        enum Outcome {
            case proceed
            case end(Ending)
        }

        /// The screen drawn on, or `nil` when the program draws nothing (line mode, `--once`, `--stream`).
        let screen: (any TerminalBackend)?
        /// The terminal the program holds: the screen's, or line mode's keyboard.
        let holder: any TerminalHolder
        /// The clock and the one wait.
        let reactor: any Reactor
        /// The live input sources, in the order of their names.
        var sources: [(name: SourceName, reader: LineReader)]
        /// The output sinks, in the order of their names.
        let sinks: [(name: SinkName, sink: OutputSink)]
        /// Files whose changes the program is told of.
        var fileMonitors: [any ChangeMonitor] = []
        var canvas = Canvas(columns: 0, rows: 0)
        /// The program's children, as the reactor says to run them.
        let processes: any ChildProcesses
        /// The request running in the foreground with the terminal, if any.
        var foregroundRequest: Int?

        init(
            screen: (any TerminalBackend)?, holder: any TerminalHolder, reactor: any Reactor,
            sources: [SourceName: LineReader], sinks: [SinkName: OutputSink]
        ) {
            self.screen = screen
            self.holder = holder
            self.reactor = reactor
            processes = reactor.makeChildProcesses()
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
                try? holder.takeBack(after: .child)
            }
            return ending
        }

        mutating func loop<Program: TerminalProgram>(_ program: inout Program) -> Ending {
            if let size = screen?.size,
                case .end(let ending) = perform(
                    program.update(.input(.resize(columns: size.columns, rows: size.rows)), at: reactor.now),
                    on: &program)
            {
                return ending
            }
            while true {
                let now = reactor.now
                if case .end(let ending) = perform(program.update(.tick, at: now), on: &program) {
                    return ending
                }
                if let screen {
                    draw(program, on: screen, at: now)
                }
                // A write of this turn that failed is told now, not after a wait that may last for hours.
                if case .end(let ending) = flushSinks(into: &program) {
                    return ending
                }
                var wake = program.nextWakeTime(after: now)
                if let limit = processes.nextDeadline {
                    wake = min(wake ?? limit, limit)
                }
                let events = reactor.wait(until: wake, for: interests)
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

        /// What this turn waits for: the sources, the children, the file monitors, the ends of sinks whose
        /// reader may leave, the sinks with output waiting, and the keys unless a child has the terminal.
        var interests: WaitInterests {
            WaitInterests(
                readable: sources.flatMap(\.reader.polledDescriptors) + processes.descriptors
                    + fileMonitors.compactMap(\.descriptor),
                ends: sinks.map(\.sink).filter { $0.monitorsReaderEnd && $0.failure == nil }.map(\.descriptor),
                writable: sinks.map(\.sink).filter(\.hasPending).map(\.descriptor),
                readsKeys: foregroundRequest == nil)
        }

        mutating func handle<Program: TerminalProgram>(_ event: Wakeup, on program: inout Program) -> Outcome {
            let time = reactor.now
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
                        screen?.invalidate()
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
                // While a child has the terminal, its continue is the child's business.
                if foregroundRequest == nil {
                    try? holder.takeBack(after: .stop)
                }
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

extension ProgramRunner.Loop {
    /// Suspends: the terminal given back, the program (and for Ctrl-Z its job) stopped; once continued, the
    /// program told the size and that it resumed, or ended by a termination signal that came meanwhile.
    mutating func suspend<Program: TerminalProgram>(from origin: SuspendOrigin, on program: inout Program)
        -> Outcome
    {
        if let signal = holder.suspend(from: origin) {
            return .end(.terminated(signal: signal))
        }
        if let size = screen?.size,
            case .end(let ending) = perform(
                program.update(.input(.resize(columns: size.columns, rows: size.rows)), at: reactor.now),
                on: &program)
        {
            return .end(ending)
        }
        return perform(program.update(.resumed, at: reactor.now), on: &program)
    }
}
