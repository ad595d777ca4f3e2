import BadgeKit
import BadgeTerminal
import CNCursesW

extension App {
    /// Prints the toolbar in a format at the start and after every change until stopped, and returns the exit status.
    ///
    /// A counts source that cannot be opened is said on standard error and marks
    /// the buttons stale; the stream goes on, so a bar never goes blank.
    ///
    /// - Returns: 0 when the bar stops reading, 64 or 73 for a bad `--events-to` or `--control`, 74 when standard
    ///   output fails otherwise (a full disk, said once), 128+N when signal N ends it (every child ended first).
    func runStream(_ format: StatusBarFormat) -> Int32 {
        TerminalLocale.adopt()
        let counts: StatusBarCounts
        switch openStatusBarCounts(endsWithItsWriters: false) {
        case .success(let opened): counts = opened
        case .failure(let exit): return exit.status.code
        }
        var sources = counts.sources
        var control: ControlChannel?
        if let path = options.controlPath {
            do {
                control = try ControlChannel.open(path: path)
                sources.append(try LineReader(path: path))
            } catch {
                Diagnostics.report("\(error)")
                control?.remove()
                return ExitStatus.cantCreate.code
            }
        }
        defer { control?.remove() }
        let controlSource = control.map { _ in sources.count - 1 }
        var clickSource: Int?
        if format == .i3bar, let clicks = try? LineReader(path: "-") {
            clickSource = sources.count
            sources.append(clicks)
        }
        var events: OutputSink?
        if let failure = openEvents(into: &events) {
            return failure.code
        }
        guard let terminal = openStatusBarBackend(relaying: relayedSignals) else {
            return ExitStatus.failure.code
        }
        let output = OutputSink.standardStream(.standardOutput, name: "standard output")
        // A pipe or socket is watched for the bar going away even while nothing is printed.
        output.watchesReaderEnd = output.readerEndIsWatchable
        // The events' sink first, where the engine's events go; then the stream and the messages.
        let sinks =
            (events.map { [$0] } ?? []) + [output, OutputSink.standardStream(.standardError, name: "standard error")]
        var configuration = engineConfiguration(
            writesEvents: events != nil, unixTimeOffset: WallClock.unixTime - terminal.now)
        configuration.setsWindowTitle = false
        if !configuration.openCommands.isEmpty {
            // A board's file written for the full screen still streams: its open commands are left out.
            Diagnostics.report(
                "--stream has no terminal to hand to an --open command; it is left out (--on-press runs without one)")
            configuration.openCommands = []
        }
        configuration.notificationMode = .never
        let stream = StatusBarStream(
            format: format,
            style: onceStyle(
                noColorVariable: getenv("NO_COLOR").map { String(cString: $0) }, usesUTF8: TerminalLocale.usesUTF8),
            pressCommand: options.controlPath.map(Self.pressCommand(controlPath:)))
        var program = StreamProgram(
            board: makeModel(startTime: terminal.now), configuration: configuration, stream: stream,
            events: events.map { (sink: 0, name: Sanitizer.printable("'\($0.name)'")) } ?? (0, ""),
            sinks: (output: sinks.count - 2, messages: sinks.count - 1),
            inputs: (clicks: clickSource, control: controlSource), framesPerSecond: options.framesPerSecond,
            startTime: terminal.now, countsUnavailable: counts.unavailable?.reason)
        // A board's file is read again on SIGUSR2 and when it changes, as in the full screen; problems go to
        // standard error.
        program.reload = reload(writesEvents: events != nil, unixTimeOffset: WallClock.unixTime - terminal.now) {
            $0.setsWindowTitle = false
            $0.notificationMode = .never
            $0.openCommands = []
        }
        let ending = ProgramRunner.run(
            &program, on: terminal, sources: sources, sinks: sinks, fileWatches: fileWatches)
        terminal.close()
        if case .terminated(let signal) = ending {
            return 128 + signal
        }
        return Self.outputStatus(failure: output.failure).code
    }

    /// The exit status standard output's sink leaves, once the program has ended otherwise than by a signal, and
    /// its message: a reader that went away (`EPIPE`) is a quiet end, any other failure (a full disk) is said
    /// once on standard error and is 74.
    ///
    /// The sink is asked, not the program: a write that failed as the program ended (its last lines, written on
    /// the way out) is never seen by it.
    static func outputStatus(failure: SystemError?) -> ExitStatus {
        guard let failure, failure.errorNumber != EPIPE else { return .success }
        Diagnostics.report(outputFailureMessage(failure))
        return .ioError
    }

    /// What is said when standard output cannot be written.
    static func outputFailureMessage(_ failure: SystemError) -> String {
        "cannot write to standard output: \(failure.reason)"
    }

    /// The command a click in a bar that runs commands (polybar) runs to press a button: this program, with
    /// `--press` and the same `--control`.
    static func pressCommand(controlPath: String) -> StatusBarPressCommand {
        StatusBarPressCommand(
            template:
                "\(ShellWord.quoted(Platform.executablePath() ?? CommandLine.arguments[0])) --press \(StatusBarPressCommand.titlePlaceholder) "
                + "--control \(ShellWord.quoted(controlPath))")
    }

    /// Sends a line to the badgebar that reads a control FIFO (`--press`, `--refresh`), and returns the exit status.
    ///
    /// - Returns: 0 once the line is written, 69 when no badgebar reads the path, 74 when writing fails.
    func runSend(_ line: String, controlPath: String) -> Int32 {
        do {
            try ControlChannel.send(line, to: controlPath)
            return ExitStatus.success.code
        } catch {
            Diagnostics.report("\(error)")
            switch error {
            case .noReader, .notFIFO: return ExitStatus.unavailable.code
            case .lineTooLong: return ExitStatus.usage.code
            case .system: return ExitStatus.ioError.code
            }
        }
    }
}
