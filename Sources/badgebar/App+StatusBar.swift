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

    /// The backend of a status bar's front end: no terminal, no keys, and every signal handled.
    ///
    /// Every signal that would end the program by default either means something or ends it cleanly: SIGUSR1,
    /// with watches, runs the watches again, as anywhere, and SIGUSR2, with a board's file, reads it again; any
    /// other (Ctrl-C, SIGTERM, SIGUSR2 without a board's file, SIGALRM…) ends every child and what the children
    /// left in the background, then the program, with 128+N. Ctrl-Z stops it at once: it holds no terminal to
    /// give back.
    ///
    /// - Parameter relaying: The signals that mean something to the front end (SIGUSR1 with watches, SIGUSR2 with a
    ///   board's file).
    /// - Returns: The backend, or `nil` when it cannot be set up (reported).
    func openStatusBarBackend(relaying: Set<Int32>) -> LineModeTerminal? {
        do {
            try SignalRelay.install(events: relaying, relaysSuspend: false)
            return try LineModeTerminal(keys: .none)
        } catch {
            Diagnostics.report("\(error)")
            return nil
        }
    }
}
