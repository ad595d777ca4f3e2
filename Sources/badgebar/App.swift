import BadgeKit
import BadgeTerminal
import CNCursesW

/// The `badgebar` program: opens what the options name, then hands the board model to the runner.
struct App {
    let options: Options
    /// The command line the options came from, to read the board's file again with it; `nil` when there is none.
    var arguments: [String]?

    /// Shows the toolbar as the options and the environment ask (full screen, lines, or once), and returns the exit status.
    func run() -> Int32 {
        let presentation = options.presentation(
            environment: { getenv($0).map { String(cString: $0) } },
            standardOutputIsTerminal: SystemDescriptor.standardOutput.isTerminal)
        switch presentation {
        case .fullScreen: return runFullScreen()
        case .lines: return runLines()
        case .once(let format): return runOnce(format)
        case .stream(let format): return runStream(format)
        case .send(let line, let controlPath): return runSend(line, controlPath: controlPath)
        }
    }

    /// Runs the full screen until the user quits or a signal ends it, and returns the exit status.
    private func runFullScreen() -> Int32 {
        let counts: LineReader?
        switch openCountsSource() {
        case .success(let reader): counts = reader
        case .failure(let exit): return exit.status.code
        }
        let recorder: SessionRecorder?
        do {
            recorder = try options.recordingPath.map { path throws(RecordingOpenError) in
                try SessionRecorder(forTerminalRecordingTo: path)
            }
        } catch {
            Diagnostics.report("\(error)")
            switch error {
            case .isTerminal:
                // A terminal is no place for a recording: it would write JSON onto the screen.
                return ExitStatus.usage.code
            case .noReader, .cannotOpen:
                return ExitStatus.cantCreate.code
            }
        }
        var events: OutputSink?
        if let failure = openEvents(into: &events) {
            return failure.code
        }
        let terminal: LiveTerminal
        do {
            try SignalRelay.install(events: relayedSignals)
            var setup = LiveTerminal.Setup(
                colorMode: options.colorMode, readsKeysFromTTY: options.countsPath == "-")
            setup.drawsOnTTY = options.eventsPath == "-"
            setup.setsWindowTitle = options.setsWindowTitle
            setup.reportsFocus = options.notificationMode == .unfocused
            setup.sendsNotifications = options.notificationMode != .never
            terminal = try LiveTerminal(setup: setup, recorder: recorder)
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.failure.code
        }
        let appearance = ToolbarAppearance(
            widths: .terminal, iconStyle: options.iconStyle ?? (terminal.capabilities.usesUTF8 ? .emoji : .ascii),
            colorDepth: terminal.capabilities.colorDepth)
        let monitors = boardMonitors(followsFile: true)
        var program = boardProgram(
            view: FullScreenView(appearance: appearance, framesPerSecond: options.framesPerSecond),
            startTime: terminal.now, events: events, sources: counts.map { _ in [.counts] } ?? [],
            following: monitors)
        // One bound on the whole way out: ending the children, the events, the terminal and the recording.
        let exitDeadline = ExitDeadline()
        let ending = ProgramRunner.run(
            &program, on: terminal, sources: counts.map { [.counts: $0] } ?? [:],
            sinks: events.map { [.events: $0] } ?? [:], fileMonitors: monitors.all, exitDeadline: exitDeadline)
        // The recording gets the bytes that restore the terminal too, so it ends as the session did.
        terminal.close(by: exitDeadline)
        recorder?.finish(waitingAtMostSeconds: exitDeadline.secondsLeft)
        if case .terminated = ending {
            return ending.exitStatus
        }
        if let failure = recorder?.failure {
            // Within the way out's bound, as everything else on the way out.
            Diagnostics.report(failure.message, waitingAtMostSeconds: exitDeadline.secondsLeft)
            return ExitStatus.ioError.code
        }
        return ending.exitStatus
    }

    /// Opens the sink for `--events-to`, if asked for.
    ///
    /// `-` is standard output, which must then not be the terminal (the screen is drawn on `/dev/tty`):
    /// JSON lines on the screen would garble it.
    ///
    /// - Parameter sink: Where the opened sink goes.
    /// - Returns: `nil`, or the status to exit with.
    func openEvents(into sink: inout OutputSink?) -> ExitStatus? {
        guard let path = options.eventsPath else { return nil }
        if path == "-" {
            guard !SystemDescriptor.standardOutput.isTerminal else {
                Diagnostics.report(
                    "--events-to -: standard output is the terminal; pipe the events on, e.g. "
                        + "'badgebar --events-to - | jq .', or name a file or FIFO")
                return .usage
            }
            sink = OutputSink(descriptor: .standardOutput, name: "standard output")
            return nil
        }
        do {
            sink = try OutputSink(path: path)
            return nil
        } catch {
            Diagnostics.report("--events-to: \(error)")
            if case .isProgramTerminal = error { return .usage }
            return .cantCreate
        }
    }

    /// The signals relayed as events: SIGUSR1 refreshes the watches (without watches it ends the program, as by
    /// default); with a board's file, SIGUSR2 reads it again, and SIGUSR1 is relayed whatever the file says now.
    var relayedSignals: Set<Int32> {
        if options.configurationPath != nil { return [SIGUSR1, SIGUSR2] }
        return options.watches.isEmpty ? [] : [SIGUSR1]
    }

    /// What a run watches, new on each call for one run and its reload to share: the board's file if the board
    /// came from one and `followsFile`, and the folders of its counts and watches (with a board's file always, so
    /// that a file that gains a folder to count is followed too).
    func boardMonitors(followsFile: Bool) -> BoardMonitors {
        let sources = options.folderSources
        return BoardMonitors(
            boardFile: followsFile ? options.configurationPath.map { FileChangeMonitor(path: $0) } : nil,
            folders: sources.isEmpty && options.configurationPath == nil
                ? nil : FolderWatcher(sources: sources, home: BadgeBar.environment("HOME")))
    }

    /// How a running board is read again from its file: the command line over the file as it is then, what
    /// only a start can change (the frame rate, colours, icons, the counts source, the events' file,
    /// notifications, the window title and Reduce Motion) kept as it was; `nil` without a file.
    ///
    /// - Parameters:
    ///   - writesEvents: Whether the events are written, as at the start.
    ///   - unixTimeOffset: The clock's offset, as at the start.
    ///   - monitors: The run's monitors of the file, followed again from the path as named on every reload, so a
    ///     reload on SIGUSR2 also finds where the path leads now.
    func reload(
        writesEvents: Bool, unixTimeOffset: Double, following monitors: [FileChangeMonitor] = []
    ) -> BoardFileReader? {
        guard let path = options.configurationPath, let arguments else { return nil }
        let started = options
        return BoardFileReader(path: path) { time in
            for monitor in monitors { monitor.followAgain() }
            // Said at once, in words of its own: the file was deleted (or the folder it is in, or a link to it).
            if case .failure(let error) = Result(catching: { () throws(SystemError) in
                try SystemDescriptor.status(ofPath: path)
            }), error.errorNumber == ENOENT {
                return .failure(.removed(path))
            }
            let request: Options.Request
            do throws(Options.StartError) {
                request = try Options.load(arguments, environment: BadgeBar.environment, files: .system)
            } catch {
                return .failure(BoardFileReader.Failure(message: error.description))
            }
            guard case .run(var options) = request, options.configurationPath == path else {
                return .failure(BoardFileReader.Failure(message: "\(path) is gone"))
            }
            // A file emptied (or read while a program rewrites it) would turn the board into the Inbox demo.
            guard !options.buttons.isEmpty || started.buttons.isEmpty else {
                return .failure(BoardFileReader.Failure(message: "\(path) has no button's section now"))
            }
            let waiting = started.keysWaitingForStart(in: &options)
            let app = App(options: options)
            let configuration = app.engineConfiguration(writesEvents: writesEvents, unixTimeOffset: unixTimeOffset)
            return .success(
                BoardFileReader.Loaded(
                    board: app.makeModel(startTime: time), configuration: configuration, waiting: waiting))
        }
    }

    /// What runs around the board, from the options; the view adjusts it to what it can carry out.
    ///
    /// - Parameters:
    ///   - writesEvents: Whether every press and change is written to `--events-to`.
    ///   - unixTimeOffset: What to add to the clock for seconds since 1970, for the events' times.
    func engineConfiguration(writesEvents: Bool, unixTimeOffset: Double) -> BoardEngine.Configuration {
        var configuration = BoardEngine.Configuration(
            watches: options.watches, watchIntervalSeconds: options.watchIntervalSeconds,
            pressCommands: options.pressCommands, openCommands: options.openCommands,
            clickCommands: options.clickCommands, pressingMouseButtons: options.pressingMouseButtons,
            writesEvents: writesEvents,
            setsWindowTitle: options.setsWindowTitle, notificationMode: options.notificationMode,
            unixTimeOffset: unixTimeOffset, eventsName: Self.eventsName(options.eventsPath))
        configuration.folderSources = options.folderSources
        return configuration
    }

    /// Where the events go, as messages name it: standard output by its name, a file quoted.
    static func eventsName(_ path: String?) -> String {
        guard let path else { return "" }
        return path == "-" ? "standard output" : Sanitizer.printable("'\(path)'")
    }

    /// The program of every front end: the board the options describe at work under a view, what runs around it,
    /// and its file read again on SIGUSR2 and when it changes (`following` the file's monitors).
    ///
    /// - Parameters:
    ///   - view: What the front end shows.
    ///   - startTime: Now, on the runner's clock.
    ///   - events: The events' sink, if the events are written.
    ///   - sources: The live input sources the run reads.
    ///   - reportsSink: Where reports are told as a log, for a view with no status line.
    ///   - countsUnavailable: Why the counts source cannot be read, if it cannot.
    ///   - monitors: The run's monitors of the board's file.
    func boardProgram<View: BoardView>(
        view: View, startTime: Double, events: OutputSink?, sources: Set<SourceName>, reportsSink: SinkName? = nil,
        countsUnavailable: String? = nil, following monitors: BoardMonitors = BoardMonitors()
    ) -> BoardProgram<View> {
        let unixTimeOffset = WallClock.unixTime - startTime
        var program = BoardProgram(
            board: makeModel(startTime: startTime), view: view,
            configuration: engineConfiguration(writesEvents: events != nil, unixTimeOffset: unixTimeOffset),
            sources: sources, startTime: startTime, reportsSink: reportsSink, countsUnavailable: countsUnavailable)
        program.reload =
            reload(
                writesEvents: events != nil, unixTimeOffset: unixTimeOffset,
                following: monitors.boardFile.map { [$0] } ?? [])?.boardReload
        program.monitors = monitors
        return program
    }

    /// Why the program ends before it starts, the reason already reported.
    struct EarlyExit: Error {
        /// The status to exit with.
        var status: ExitStatus
    }

    /// Opens the counts source `--counts-from` names, if any; a failure is reported on standard error.
    ///
    /// - Parameter endsWithItsWriters: Whether a FIFO's input ends when its writers have gone (for `--once`).
    func openCountsSource(endsWithItsWriters: Bool = false) -> Result<LineReader?, EarlyExit> {
        guard let path = options.countsPath else { return .success(nil) }
        do {
            return .success(try LineReader(path: path, endsWithItsWriters: endsWithItsWriters))
        } catch {
            Diagnostics.report("\(error)")
            switch error {
            case .cannotOpen, .isDirectory:
                // Nothing to read counts from there.
                return .failure(EarlyExit(status: .noInput))
            case .isProgramTerminal, .standardInputIsTerminal:
                // The program's own terminal, whose keys it reads, cannot carry counts too.
                return .failure(EarlyExit(status: .usage))
            }
        }
    }

    /// The screen model the options ask for: the Inbox demo, or a toolbar of the user's buttons.
    func makeModel(startTime: Double) -> BadgeBoard {
        var board: BadgeBoard
        if options.buttons.isEmpty {
            board = Inbox.demo(
                startTime: startTime, autoPlays: options.autoPlays, limit: options.limit,
                reduceMotion: options.reduceMotion)
        } else {
            let toolbar = BadgeToolbar(title: "Badges", buttons: options.buttons, reduceMotion: options.reduceMotion)
            board = BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: startTime, isRunning: false))
        }
        if let title = options.title {
            board.title = title
        }
        board.badgeCorner = options.badgeCorner
        return board
    }
}
