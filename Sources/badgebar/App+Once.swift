import BadgeKit
import BadgeTerminal

extension App {
    /// Prints the toolbar once in a format, after reading every count source to its end, and returns the exit status.
    ///
    /// - Parameter format: The form to print.
    /// - Returns: 0, or 64 or 66 when the counts source cannot be used, 74 when standard output cannot be written,
    ///   128+N when signal N ends it before it prints (with a message).
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
        // Every signal that would end the program by default either means something or ends it cleanly: SIGUSR1,
        // with watches, asks for the watches to run, which they are about to or already do, so it changes
        // nothing; any other (Ctrl-C, SIGTERM, SIGUSR2, SIGALRM…) ends every watch and what the watches left
        // in the background, then the program, with a message and 128+N, nothing printed. Ctrl-Z stops it at
        // once: it holds no terminal to give back.
        do {
            try SignalRelay.install(events: options.watches.isEmpty ? [] : [SIGUSR1], relaysSuspend: false)
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.failure.code
        }
        let style = onceStyle(
            noColorVariable: getenv("NO_COLOR").map { String(cString: $0) }, usesUTF8: TerminalLocale.usesUTF8)
        let text = onceText(
            format, style: style, sources: sources, problem: { Diagnostics.report($0) },
            interruption: { SignalRelay.terminationSignal })
        if let signal = SignalRelay.terminationSignal {
            return endedBySignal(signal)
        }
        // The handlers stay: a signal while the line is written is the same request, or the same end.
        guard Diagnostics.print(text + "\n") else {
            if let signal = SignalRelay.terminationSignal {
                return endedBySignal(signal)
            }
            Diagnostics.report("cannot write to standard output: \(String(cString: strerror(errno)))")
            return ExitStatus.ioError.code
        }
        return ExitStatus.success.code
    }

    /// Says that a signal ended `--once` before it printed the toolbar (every watch, and what it started, ended
    /// by then), and returns 128+N.
    private func endedBySignal(_ signal: Int32) -> Int32 {
        Diagnostics.report("ended by \(SignalRelay.name(of: signal)) before printing the toolbar")
        return 128 + signal
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
    /// Auto-play does not run. A line that cannot be used goes to `problem` and is skipped. A termination
    /// signal that `interruption` reports stops the reading, and no source more is read.
    func onceText(
        _ format: StatusBarFormat, style: StatusBarStyle, sources: [any OneShotCountSource],
        problem: (String) -> Void, interruption: () -> Int32? = { nil }
    ) -> String {
        var board = makeModel(startTime: 0)
        board.autoPlay.stop()
        for source in sources where interruption() == nil {
            source.readCounts(
                update: { update in
                    if let unknown = board.apply(update, at: 0) {
                        problem(unknown)
                    }
                },
                problem: problem, interruption: interruption)
        }
        return format.render(board.toolbar, style: style)
    }
}
