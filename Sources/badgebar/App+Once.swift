import BadgeKit
import BadgeTerminal
import CNCursesW

extension App {
    /// Prints the toolbar once in a format, after reading every count source to its end, and returns the exit status.
    ///
    /// - Parameters:
    ///   - format: The form to print.
    ///   - output: Where to print it: standard output, or another descriptor in a test.
    /// - Returns: 0, or 64 or 66 when the counts source cannot be used, 74 when standard output cannot be written,
    ///   128+N when signal N ends it before it prints (with a message).
    func runOnce(_ format: StatusBarFormat, output: SystemDescriptor = .standardOutput) -> Int32 {
        TerminalLocale.adopt()
        // The signals are handled before anything can wait, so a signal in the wait for a FIFO's first writer does
        // what it does in the run: SIGUSR1 and SIGUSR2 are taken there, any other ends it with its message.
        do {
            try SignalRelay.install(events: relayedSignals, relaysSuspend: false)
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.failure.code
        }
        let opening: Result<Result<StatusBarCounts, EarlyExit>, FirstWriterWait.Ended>
        if let path = options.countsPath, path != "-" {
            opening = FirstWriterWait.open(path) { openStatusBarCounts(endsWithItsWriters: true) }
        } else {
            opening = .success(openStatusBarCounts(endsWithItsWriters: true))
        }
        let counts: StatusBarCounts
        switch opening {
        case .success(.success(let opened)): counts = opened
        case .success(.failure(let exit)): return exit.status.code
        case .failure(let ended): return endedBySignal(ended.signal)
        }
        let sources = counts.sources
        let unavailable = counts.unavailable
        var events: OutputSink?
        if let failure = openEvents(into: &events) {
            return failure.code
        }
        guard let terminal = openStatusBarTerminal(relaying: relayedSignals) else {
            return ExitStatus.failure.code
        }
        // SIGUSR2 reads a board's file again, as wherever badgebar is started with one; what is printed is the board
        // the file gives then.
        let (ending, program) = runWithoutScreen(
            OnceView(), holding: terminal, sources: sources, output: nil, events: events,
            countsUnavailable: unavailable?.reason, followsFile: false)
        if case .terminated(let signal) = ending {
            return endedBySignal(signal)
        }
        // The handlers stay: a signal while the line is written is the same request, or the same end.
        let style = onceStyle(
            noColorVariable: getenv("NO_COLOR").map { String(cString: $0) }, usesUTF8: TerminalLocale.usesUTF8)
        guard Diagnostics.print(format.render(program.board.toolbar, style: style) + "\n", to: output) else {
            if let signal = SignalRelay.terminationSignal {
                return endedBySignal(signal)
            }
            Diagnostics.report("cannot write to standard output: \(String(cString: strerror(Platform.errorNumber)))")
            return ExitStatus.ioError.code
        }
        return (unavailable?.status ?? .success).code
    }

    /// Says on standard error which signal ended `--once` before it printed, and returns 128+N.
    private func endedBySignal(_ signal: Int32) -> Int32 {
        Diagnostics.report("ended by \(SignalRelay.name(of: signal)) before printing the toolbar")
        return 128 + signal
    }

    /// How `--once` shows badges: icons by `--icons` (emoji in a UTF-8 locale, else ASCII), and the 256-colour
    /// palette unless `--color` (or NO_COLOR with `--color auto`) turns colour off.
    func onceStyle(noColorVariable: String?, usesUTF8: Bool) -> StatusBarStyle {
        StatusBarStyle(
            iconStyle: options.iconStyle ?? (usesUTF8 ? .emoji : .ascii),
            colorDepth: options.colorMode.wantsColor(noColorVariable: noColorVariable) ? .indexed256 : .monochrome,
            padding: options.padding)
    }
}
