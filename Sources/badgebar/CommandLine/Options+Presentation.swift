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
        /// The toolbar printed at start and after every change, until stopped.
        case stream(StatusBarFormat)
        /// A line sent to the program that listens on a control socket, then exit.
        case send(line: String, controlPath: String)
    }

    /// Refuses options that do not go together: `--once` with `--lines` or `--record`, `--format` without `--once`,
    /// `--record` with `--lines`.
    func checkPresentation() throws(UsageError) {
        if pressMouseButton != nil && controlLine?.hasPrefix("press ") != true {
            throw UsageError(message: "--mouse-button says how --press clicks; give --press NAME too")
        }
        if let controlLine {
            guard controlPath != nil else {
                let option =
                    controlLine == "refresh" ? "--refresh" : controlLine.hasPrefix("press ") ? "--press" : "--send"
                throw UsageError(
                    message: "\(option) talks to the badgebar that listens on --control PATH; give --control PATH too")
            }
            return
        }
        if once && stream {
            throw UsageError(message: "--once prints the toolbar once and --stream after every change; give one")
        }
        let mode = once ? "--once" : stream ? "--stream" : "--lines"
        if (once || stream) && lines {
            throw UsageError(message: "\(mode) prints the toolbar for a status bar; it cannot be used with --lines")
        }
        if format != nil && !once && !stream {
            throw UsageError(message: "--format says what --once or --stream prints; give one of them too")
        }
        if once, let refusal = format?.onceRefusal {
            throw UsageError(message: refusal)
        }
        if stream && format == .i3bar && countsPath == "-" {
            throw UsageError(
                message: "--stream --format i3bar reads the bar's clicks on standard input, so counts cannot come "
                    + "from it; use --counts-from with a file or FIFO, or --control")
        }
        if eventsPath == "-" && (once || stream || lines) {
            throw UsageError(
                message: "--events-to - puts the events on standard output, where \(mode) "
                    + "writes too; name a file or FIFO")
        }
        if recordingPath != nil && (once || stream || lines) {
            throw UsageError(message: "--record records the full screen, which \(mode) does not draw")
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
        if let controlLine, let controlPath {
            if let pressMouseButton, controlLine.hasPrefix("press ") {
                return .send(
                    line: "click \(pressMouseButton.rawValue) " + controlLine.dropFirst("press ".count),
                    controlPath: controlPath)
            }
            return .send(line: controlLine, controlPath: controlPath)
        }
        if once {
            return .once(format ?? .plain)
        }
        if stream {
            return .stream(format ?? .plain)
        }
        let accessible = environment("ACCESSIBLE").map { !$0.isEmpty && $0 != "0" } ?? false
        let outputIsTaken = !standardOutputIsTerminal && eventsPath != "-"
        if lines || accessible || environment("TERM") == "dumb" || outputIsTaken {
            return .lines
        }
        return .fullScreen
    }
}
