import BadgeKit

extension Options {
    /// How the toolbar is shown: the full screen, plain lines, or once for a status bar.
    enum Presentation: Equatable {
        /// The animated full screen, in a capable terminal.
        case fullScreen
        /// One plain line per change, no screen drawing.
        case lines
        /// The toolbar printed once, then exit.
        case once(StatusBarFormat)
    }

    /// Refuses options that do not go together: `--once` with `--lines` or `--record`, `--format` without `--once`,
    /// `--record` with `--lines`.
    func checkPresentation() throws(UsageError) {
        if once && lines {
            throw UsageError(message: "--once prints the toolbar once; it cannot be used with --lines")
        }
        if format != nil && !once {
            throw UsageError(message: "--format says what --once prints; give --once too")
        }
        if eventsPath == "-" && (once || lines) {
            throw UsageError(
                message: "--events-to - puts the events on standard output, where \(once ? "--once" : "--lines") "
                    + "writes too; name a file or FIFO")
        }
        if recordingPath != nil && (once || lines) {
            throw UsageError(
                message: "--record records the full screen, which \(once ? "--once" : "--lines") does not draw")
        }
    }

    /// How to show the toolbar, from the options, the environment and where standard output goes.
    ///
    /// Line mode is chosen by `--lines`, and also when ACCESSIBLE is set (not empty,
    /// not 0), when TERM is `dumb`, or when standard output is not a terminal, unless
    /// it carries the events (`--events-to -`, the screen then drawn on `/dev/tty`):
    /// the full screen stays the default in a capable terminal.
    ///
    /// - Parameters:
    ///   - environment: Looks up ACCESSIBLE and TERM.
    ///   - standardOutputIsTerminal: Whether standard output is a terminal.
    func presentation(environment: (String) -> String?, standardOutputIsTerminal: Bool) -> Presentation {
        if once {
            return .once(format ?? .plain)
        }
        let accessible = environment("ACCESSIBLE").map { !$0.isEmpty && $0 != "0" } ?? false
        let outputIsTaken = !standardOutputIsTerminal && eventsPath != "-"
        if lines || accessible || environment("TERM") == "dumb" || outputIsTaken {
            return .lines
        }
        return .fullScreen
    }
}
