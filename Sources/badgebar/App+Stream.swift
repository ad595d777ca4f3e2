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
                let channel = try ControlChannel.open(path: path)
                control = channel
                sources[.control] = LineReader(listeningOn: channel)
            } catch {
                Diagnostics.report("\(error)")
                return ExitStatus.cantCreate.code
            }
        }
        // The runner lets the path go as the run ends; this is for the ways out before it starts.
        defer { control?.release() }
        if format == .i3bar, let clicks = try? LineReader(path: "-", lineLimit: StreamView.clickLineLimit) {
            sources[.clicks] = clicks
        }
        var beside: BesideProcess?
        if let command = options.besideCommand {
            guard format == .i3bar else {
                Diagnostics.report("--beside runs an i3bar status line: give it with --stream --format i3bar")
                return ExitStatus.usage.code
            }
            switch BesideProcess.start(command: command) {
            case .success(let process):
                beside = process
                sources[.beside] = LineReader(besideOutput: process.output, name: "--beside")
            case .failure(let error):
                // The buttons go on alone; the bar shows them, and its log says why the rest is missing.
                Diagnostics.report("--beside: '\(Sanitizer.shortened(command))' could not start: \(error.reason)")
            }
        }
        // However the run ends, the status line beside it ends with it.
        defer { beside?.end() }
        var events: OutputSink?
        if let failure = openEvents(into: &events) {
            return failure.code
        }
        guard let terminal = openStatusBarTerminal(relaying: relayedSignals) else {
            return ExitStatus.failure.code
        }
        let output = OutputSink.standardStream(.standardOutput, name: "standard output")
        // A pipe or socket is watched for the bar going away even while nothing is printed.
        output.monitorsReaderEnd = output.readerEndIsMonitorable
        if !options.openCommands.isEmpty {
            // A board's file written for the full screen still streams: its open commands are left out.
            Diagnostics.report(
                "--stream has no terminal to hand to an --open command; it is left out (--on-press runs without one)")
        }
        let stream = StatusBarStream(
            format: format,
            style: onceStyle(
                noColorVariable: getenv("NO_COLOR").map { String(cString: $0) }, usesUTF8: TerminalLocale.usesUTF8),
            pressCommand: options.controlPath.map(Self.pressCommand(controlPath:)))
        // A board's file is read again on SIGUSR2 and when it changes, as in the full screen; problems go to
        // standard error.
        let ending = runWithoutScreen(
            StreamView(stream: stream, framesPerSecond: options.framesPerSecond, besideProducer: beside != nil),
            holding: terminal, sources: sources, output: output, events: events,
            besideInput: beside.map { OutputSink(descriptor: $0.input, name: "--beside", owned: true) },
            countsUnavailable: counts.unavailable?.reason
        ).ending
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

    /// The command a click in a bar that runs commands (polybar) runs to click a button: this program, with
    /// `--press`, the mouse button and the same `--control`.
    ///
    /// The program is named as the bar named it when the bar found it on its `PATH` (`badgebar`, so the line
    /// stays one a user can read and copy), else by the whole path of the running executable.
    static func pressCommand(controlPath: String) -> StatusBarPressCommand {
        let name = CommandLine.arguments.first ?? ""
        let program = !name.isEmpty && !name.contains("/") ? name : Platform.executablePath() ?? name
        return StatusBarPressCommand(
            template:
                "\(ShellWord.quoted(program)) --press \(StatusBarPressCommand.titlePlaceholder) --mouse-button "
                + "\(StatusBarPressCommand.mouseButtonPlaceholder) --control \(ShellWord.quoted(controlPath))")
    }

    /// Sends a line to the badgebar that listens on a control socket (`--press`, `--refresh`, `--send`), and returns
    /// the exit status.
    ///
    /// `--send -` sends the lines of standard input, in one connection, once it ends.
    ///
    /// - Returns: 0 once the line is sent, 69 when no badgebar listens on the path, 77 when the one there runs as
    ///   another user, 64 for a line too long, 74 when sending fails otherwise.
    func runSend(_ line: String, controlPath: String) -> Int32 {
        var lines = [line]
        if options.sendsStandardInput {
            guard let input = Self.readStandardInput() else {
                Diagnostics.report("--send -: cannot read standard input")
                return ExitStatus.noInput.code
            }
            lines = input
        }
        do {
            try ControlChannel.send(lines: lines, to: controlPath)
            return ExitStatus.success.code
        } catch {
            Diagnostics.report("\(error)")
            switch error {
            case .noListener, .notSocket, .inUse, .notAnswering, .folderNotSafe: return ExitStatus.unavailable.code
            case .permissionDenied, .ownedByAnotherUser: return ExitStatus.noPermission.code
            case .lineTooLong, .pathTooLong: return ExitStatus.usage.code
            case .system: return ExitStatus.ioError.code
            }
        }
    }

    /// The lines of standard input, read to its end (wraps `read`), without their line ends; `nil` when it cannot
    /// be read.
    private static func readStandardInput() -> [String]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int?
            do {
                count = try buffer.withUnsafeMutableBytes { space throws(SystemError) in
                    try SystemDescriptor.standardInput.read(into: space)
                }
            } catch {
                return nil
            }
            guard let count else { return nil }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }
}
