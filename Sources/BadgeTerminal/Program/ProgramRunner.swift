import BadgeKit

/// The one run loop: events and clock readings into a program, frames out to a terminal.
///
/// Each turn reads the clock once, lets the program catch up to that time
/// (`ProgramEvent.tick`), draws one frame, then waits for input, a signal, a
/// live input source, or the time the program asked to wake at, and hands what
/// happened to the program. It owns suspend (Ctrl-Z and SIGTSTP), a stop from
/// outside, resizes, termination signals, the control keys (``ControlKeys``)
/// and the screen that is too large to draw, so every program gets them the same way.
public enum ProgramRunner {
    /// How a run ended.
    public enum Ending: Equatable, Sendable {
        /// The program asked to quit.
        case quit
        /// A signal ended it (the first that arrived).
        case terminated(signal: Int32)
        /// The terminal went away.
        case hangup

        /// The conventional exit status: 0, or 128+N for signal N.
        public var exitStatus: Int32 {
            switch self {
            case .quit, .hangup: return 0
            case .terminated(let signal): return 128 + signal
            }
        }
    }

    /// Runs a program on a terminal until it quits, a signal ends it, or the terminal goes away.
    ///
    /// The terminal is left open: the caller closes it, which restores it.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state.
    ///   - terminal: Where it runs.
    ///   - sources: Live input read line by line, such as counts from a pipe; the lines of each read arrive
    ///     together as `ProgramEvent.lines(_:source:)` with the source's name.
    ///   - sinks: Where `ProgramEffect.write(_:sink:)` lines go, by name; what is still waiting
    ///     at the end gets a moment to be written.
    ///   - fileMonitors: Files whose changes arrive as `ProgramEvent.fileChanged(monitor:)` with the monitor's index
    ///     in this array, such as the file a program reads its settings from.
    /// - Returns: How the run ended.
    public static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: some TerminalBackend, sources: [SourceName: LineReader] = [:],
        sinks: [SinkName: OutputSink] = [:], fileMonitors: [FileChangeMonitor] = []
    ) -> Ending {
        run(
            &program, on: terminal, sources: sources, sinks: sinks, fileMonitors: fileMonitors,
            exitDeadline: ExitDeadline())
    }

    /// Runs a program as ``run(_:on:sources:sinks:fileMonitors:)`` does, within a bound on the way out that the
    /// caller goes on using: ending the children and writing what the sinks hold share it with restoring the
    /// terminal.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state.
    ///   - terminal: Where it runs.
    ///   - sources: Live input read line by line.
    ///   - sinks: Where `ProgramEffect.write(_:sink:)` lines go, by name.
    ///   - fileMonitors: Files whose changes arrive as `ProgramEvent.fileChanged(monitor:)`.
    ///   - exitDeadline: The bound on the way out; it starts when the loop ends.
    package static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: some TerminalBackend, sources: [SourceName: LineReader],
        sinks: [SinkName: OutputSink],
        fileMonitors: [FileChangeMonitor] = [], exitDeadline: ExitDeadline
    ) -> Ending {
        var loop = Loop(terminal: terminal, sources: sources, sinks: sinks)
        loop.fileMonitors = fileMonitors
        return loop.run(&program, exitDeadline: exitDeadline)
    }

    /// The longest children get to exit after SIGTERM at the end, before SIGKILL, within the exit deadline.
    static let childExitWaitSeconds = 1.0
}
