import BadgeKit
import BadgeTerminal
import CNCursesW

extension App {
    /// The counts source of a status bar's front end (`--once`, `--stream`): open, or why it cannot be read.
    struct StatusBarCounts {
        /// The source, when `--counts-from` names one that opened.
        var sources: [SourceName: LineReader] = [:]
        /// Why the source cannot be read and the status that says so, when it cannot: the front end shows every
        /// icon all the same, marked stale, so a bar never goes blank.
        var unavailable: (reason: String, status: ExitStatus)?
    }

    /// Opens `--counts-from` for a status bar: a source that cannot be read is reported and kept as a reason, not
    /// an early exit; only a usage mistake (the program's own terminal) ends the program.
    ///
    /// - Parameter endsWithItsWriters: Whether a FIFO's input ends when its writers have gone (for `--once`).
    func openStatusBarCounts(endsWithItsWriters: Bool) -> Result<StatusBarCounts, EarlyExit> {
        switch openCountsSource(endsWithItsWriters: endsWithItsWriters) {
        case .success(let reader):
            return .success(StatusBarCounts(sources: reader.map { [.counts: $0] } ?? [:]))
        case .failure(let exit) where exit.status == .usage:
            return .failure(exit)
        case .failure(let exit):
            return .success(
                StatusBarCounts(unavailable: ("--counts-from \(options.countsPath ?? ""): cannot be read", exit.status))
            )
        }
    }

    /// The terminal a status bar's front end holds: none, no keys, and every signal handled.
    ///
    /// Every signal that would end the program by default either means something or ends it cleanly: SIGUSR1,
    /// with watches, runs the watches again, as anywhere, and SIGUSR2, with a board's file, reads it again; any
    /// other (Ctrl-C, SIGTERM, SIGUSR2 without a board's file, SIGALRM…) ends every child and what the children
    /// left in the background, then the program, with 128+N. Ctrl-Z stops it at once: it holds no terminal to
    /// give back.
    ///
    /// - Parameter relaying: The signals that mean something to the front end (SIGUSR1 with watches, SIGUSR2 with a
    ///   board's file).
    /// - Returns: The terminal, or `nil` when it cannot be set up (reported).
    func openStatusBarTerminal(relaying: Set<Int32>) -> LineModeTerminal? {
        do {
            try SignalRelay.install(events: relaying, relaysSuspend: false)
            return try LineModeTerminal(keys: .none)
        } catch {
            Diagnostics.report("\(error)")
            return nil
        }
    }

    /// Runs a board under a view with no screen, holding line mode's terminal, then closes it: the sinks every
    /// such front end has (its output, if any; standard error for notices, told as a log; the events' file).
    ///
    /// - Parameters:
    ///   - view: The front end: line mode, `--once` or `--stream`.
    ///   - terminal: The keys, if any, and job control.
    ///   - sources: The live inputs, by name.
    ///   - output: Standard output's sink, for a view that writes lines as it goes.
    ///   - events: The events' sink, when `--events-to` opened one.
    ///   - countsUnavailable: Why the counts source cannot be read, if it cannot.
    ///   - followsFile: Whether a change of the board's file reads it again (SIGUSR2 always does).
    /// - Returns: How the run ended, and the program in its final state.
    func runWithoutScreen<View: BoardView>(
        _ view: View, holding terminal: LineModeTerminal, sources: [SourceName: LineReader], output: OutputSink?,
        events: OutputSink?, besideInput: OutputSink? = nil, countsUnavailable: String? = nil,
        followsFile: Bool = true
    ) -> (ending: ProgramRunner.Ending, program: BoardProgram<View>) {
        var sinks: [SinkName: OutputSink] = [
            .messages: OutputSink.standardStream(.standardError, name: "standard error")
        ]
        sinks[.output] = output
        sinks[.events] = events
        sinks[.beside] = besideInput
        let monitors = boardMonitors(followsFile: followsFile)
        var program = boardProgram(
            view: view, startTime: terminal.now, events: events, sources: Set(sources.keys), reportsSink: .messages,
            countsUnavailable: countsUnavailable, following: monitors)
        let ending = ProgramRunner.run(
            &program, on: terminal, sources: sources, sinks: sinks, fileMonitors: monitors.all)
        terminal.close()
        return (ending, program)
    }
}
