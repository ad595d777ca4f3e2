import BadgeKit
import BadgeTerminal

/// The `badgebar` program: opens what the options name, then hands the Inbox model to the runner.
struct InboxApp {
    let options: Options

    /// Runs the demo until the user quits or a signal ends it, and returns the exit status.
    func run() -> Int32 {
        if options.countsPath == "-" && isatty(0) == 1 {
            Diagnostics.report(
                "--counts-from -: standard input is the terminal; pipe the counts in, e.g. 'script | badgebar --counts-from -'"
            )
            return ExitStatus.usage.code
        }
        let counts: LineReader?
        do {
            counts = try options.countsPath.map { path throws(TerminalError) in try LineReader(path: path) }
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.noInput.code
        }
        let recorder: SessionRecorder?
        do {
            recorder = try options.recordingPath.map { path throws(TerminalError) in
                try SessionRecorder(forTerminalRecordingTo: path)
            }
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.cantCreate.code
        }
        let terminal: LiveTerminal
        do {
            try SignalRelay.install()
            terminal = try LiveTerminal(
                configuration: .init(colorMode: options.colorMode, readsKeysFromTTY: options.countsPath == "-"),
                recording: recorder.map { recorder in { recorder.recordOutput(Array($0)) } })
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.failure.code
        }
        defer { terminal.close() }
        var program = BoardProgram(
            inbox: makeModel(startTime: terminal.now),
            appearance: ToolbarAppearance(
                widths: .terminal,
                iconStyle: options.iconStyle ?? (terminal.capabilities.usesUTF8 ? .emoji : .ascii),
                colorDepth: terminal.capabilities.colorDepth),
            framesPerSecond: options.framesPerSecond)
        let ending = ProgramRunner.run(&program, on: terminal, sources: counts.map { [$0] } ?? [])
        return ending.exitStatus
    }

    /// The screen model the options ask for: the Inbox demo, or a toolbar of the user's buttons.
    private func makeModel(startTime: Double) -> Inbox {
        var inbox: Inbox
        if options.buttons.isEmpty {
            inbox = Inbox.demo(
                startTime: startTime, autoPlays: options.autoPlays, limit: options.limit,
                reduceMotion: options.reduceMotion)
        } else {
            let toolbar = BadgeToolbar(title: "Badges", buttons: options.buttons, reduceMotion: options.reduceMotion)
            inbox = Inbox(toolbar: toolbar, autoPlay: AutoPlay(startTime: startTime, isRunning: false))
        }
        if let title = options.title {
            inbox.toolbar.title = title
        }
        inbox.toolbar.badgeCorner = options.badgeCorner
        return inbox
    }
}
