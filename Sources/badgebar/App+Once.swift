import BadgeKit
import BadgeTerminal

extension App {
    /// Prints the toolbar once in a format, after reading every count source to its end, and returns the exit status.
    ///
    /// - Parameter format: The form to print.
    /// - Returns: 0, or 64 or 66 when the counts source cannot be used, 74 when standard output cannot be written,
    ///   128+N when signal N ends it before it prints.
    func runOnce(_ format: StatusBarFormat) -> Int32 {
        TerminalLocale.adopt()
        var sources: [any OneShotCountSource] = []
        switch openCountsSource(endsWithItsWriters: true) {
        case .success(let reader): sources += reader.map { [$0] } ?? []
        case .failure(let exit): return exit.status.code
        }
        if !options.watches.isEmpty {
            sources.append(
                WatchesRunOnce(watches: options.watches, defaultIntervalSeconds: options.watchIntervalSeconds))
        }
        var events: OutputSink?
        if let failure = openEvents(into: &events) {
            return failure.code
        }
        // A termination signal (Ctrl-C, SIGTERM) while the sources are read ends every watch and what the watches
        // left in the background, then the program, with 128+N and nothing printed. Ctrl-Z stops it at once:
        // it holds no terminal to give back.
        do {
            try SignalRelay.install(relaysSuspend: false)
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.failure.code
        }
        let style = onceStyle(
            noColorVariable: getenv("NO_COLOR").map { String(cString: $0) }, usesUTF8: TerminalLocale.usesUTF8)
        let text = onceText(
            format, style: style, sources: sources, problem: { Diagnostics.report($0) },
            interruption: { SignalRelay.terminationSignal },
            changed: { event in events?.write(line: event.jsonLine(unixTime: WallClock.unixTime)) })
        // Every way out from here, a signal's too, writes the changes made first, within the bound on leaving.
        if let events {
            finishEvents(events, waitingAtMostSeconds: ExitDeadline().secondsLeft)
        }
        if let signal = SignalRelay.terminationSignal {
            return 128 + signal
        }
        // The counts are in: printing is the one thing left, with the signals' usual actions.
        SignalRelay.uninstall()
        guard Diagnostics.print(text + "\n") else {
            Diagnostics.report("cannot write to standard output: \(String(cString: strerror(errno)))")
            return ExitStatus.ioError.code
        }
        return ExitStatus.success.code
    }

    /// Writes what the events' sink still holds, waiting for its reader at most a while, and says on standard error
    /// what it dropped or why it stopped.
    private func finishEvents(_ events: OutputSink, waitingAtMostSeconds seconds: Double) {
        events.finish(waitingAtMostSeconds: seconds)
        while let problem = events.takeProblem() {
            Diagnostics.report(BoardProgram.describe(problem, name: "'\(Sanitizer.printable(events.name))'"))
        }
    }

    /// How `--once` shows badges: icons by `--icons` (emoji in a UTF-8 locale, else ASCII), and the 256-colour
    /// palette unless `--color` (or NO_COLOR with `--color auto`) turns colour off.
    func onceStyle(noColorVariable: String?, usesUTF8: Bool) -> StatusBarStyle {
        StatusBarStyle(
            iconStyle: options.iconStyle ?? (usesUTF8 ? .emoji : .ascii),
            colorDepth: options.colorMode.wantsColor(noColorVariable: noColorVariable) ? .indexed256 : .monochrome)
    }

    /// The toolbar as `--once` prints it, without the line end: the options' counts, then each source's lines in order.
    ///
    /// Auto-play does not run. A line that cannot be used goes to `problem` and is skipped. Each change of a
    /// count goes to `changed` as it is made (for `--events-to`). A termination signal that `interruption`
    /// reports stops the reading, and no source more is read.
    func onceText(
        _ format: StatusBarFormat, style: StatusBarStyle, sources: [any OneShotCountSource],
        problem: (String) -> Void, interruption: () -> Int32? = { nil }, changed: (BoardEvent) -> Void = { _ in }
    ) -> String {
        var board = makeModel(startTime: 0)
        board.autoPlay.stop()
        for source in sources where interruption() == nil {
            source.readCounts(
                update: { update in
                    if let unknown = board.apply(update, at: 0, source: source.eventSource) {
                        problem(unknown)
                    }
                    board.takeEvents().forEach(changed)
                },
                problem: problem, interruption: interruption)
        }
        return format.render(board.toolbar, style: style)
    }
}
