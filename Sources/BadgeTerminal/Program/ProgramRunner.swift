import BadgeKit

/// The one run loop: events and clock readings into a program, frames out to a terminal.
///
/// Each turn reads the clock once, lets the program catch up to that time
/// (`ProgramEvent.tick`), draws one frame, then waits for input, a signal, a
/// live input source, or the time the program asked to wake at, and hands what
/// happened to the program. The wait is the run's own, one `poll` with
/// everything registered: the terminal's keyboard and output, the signals, the
/// sources, sinks, children and file monitors. It owns suspend (Ctrl-Z and SIGTSTP), a stop from
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

    /// Runs a program on the real terminal until it quits, a signal ends it, or the terminal goes away.
    ///
    /// The terminal is left open: the caller closes it, which restores it.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state.
    ///   - terminal: Where it runs; its keyboard and output are waited for in the run's one `poll`.
    ///   - sources: Live input read line by line, such as counts from a pipe; the lines of each read arrive
    ///     together as `ProgramEvent.lines(_:source:)` with the source's name.
    ///   - sinks: Where `ProgramEffect.write(_:sink:)` lines go, by name; what is still waiting
    ///     at the end gets a moment to be written.
    ///   - fileMonitors: Files whose changes arrive as `ProgramEvent.fileChanged(monitor:)` with the monitor's index
    ///     in this array, such as the file a program reads its settings from.
    /// - Returns: How the run ended.
    public static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: LiveTerminal, sources: [SourceName: LineReader] = [:],
        sinks: [SinkName: OutputSink] = [:], fileMonitors: [any ChangeMonitor] = []
    ) -> Ending {
        run(
            &program, on: terminal, sources: sources, sinks: sinks, fileMonitors: fileMonitors,
            exitDeadline: ExitDeadline())
    }

    /// Runs a program as `run(_:on:sources:sinks:fileMonitors:)` does, within a bound on the way out
    /// that the caller goes on using: ending the children and writing what the sinks hold share it with
    /// restoring the terminal.
    package static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: LiveTerminal, sources: [SourceName: LineReader],
        sinks: [SinkName: OutputSink], fileMonitors: [any ChangeMonitor] = [], exitDeadline: ExitDeadline
    ) -> Ending {
        run(
            &program, screen: terminal, holder: terminal, reactor: terminal.reactor, sources: sources, sinks: sinks,
            fileMonitors: fileMonitors, exitDeadline: exitDeadline)
    }

    /// Runs a program on a scripted terminal, on its virtual clock, until it quits, a scripted signal ends it,
    /// or the script runs out.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state.
    ///   - terminal: The screen, the script and the clock.
    ///   - sources: Live input read line by line, by name.
    ///   - sinks: Where `ProgramEffect.write(_:sink:)` lines go, by name.
    ///   - fileMonitors: Files whose changes arrive as `ProgramEvent.fileChanged(monitor:)`.
    /// - Returns: How the run ended.
    public static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: ScriptedTerminal, sources: [SourceName: LineReader] = [:],
        sinks: [SinkName: OutputSink] = [:], fileMonitors: [any ChangeMonitor] = []
    ) -> Ending {
        run(
            &program, screen: terminal, holder: terminal, reactor: terminal, sources: sources, sinks: sinks,
            fileMonitors: fileMonitors, exitDeadline: ExitDeadline())
    }

    /// Runs a program that draws nothing, holding line mode's terminal (its keyboard, if any), until it quits,
    /// a signal ends it, or the terminal goes away: line mode, `--once` and `--stream`.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state. Its frames are never rendered.
    ///   - terminal: The keyboard and job control; its keyboard is waited for in the run's one `poll`.
    ///   - sources: Live input read line by line, by name.
    ///   - sinks: Where `ProgramEffect.write(_:sink:)` lines go, by name.
    ///   - fileMonitors: Files whose changes arrive as `ProgramEvent.fileChanged(monitor:)`.
    /// - Returns: How the run ended.
    public static func run<Program: TerminalProgram>(
        _ program: inout Program, on terminal: LineModeTerminal, sources: [SourceName: LineReader] = [:],
        sinks: [SinkName: OutputSink] = [:], fileMonitors: [any ChangeMonitor] = []
    ) -> Ending {
        run(
            &program, screen: nil, holder: terminal, reactor: terminal.reactor, sources: sources, sinks: sinks,
            fileMonitors: fileMonitors, exitDeadline: ExitDeadline())
    }

    /// The one run loop, on any screen (or none), holder and reactor.
    ///
    /// - Parameters:
    ///   - program: The program; it is left in its final state.
    ///   - screen: Where frames are drawn, or `nil` for a program that draws nothing.
    ///   - holder: The terminal the program holds, for suspend and a child run in the foreground.
    ///   - reactor: The clock and the one wait.
    ///   - sources: Live input read line by line, by name.
    ///   - sinks: Where `ProgramEffect.write(_:sink:)` lines go, by name.
    ///   - fileMonitors: Files whose changes arrive as `ProgramEvent.fileChanged(monitor:)`.
    ///   - exitDeadline: The bound on the way out; it starts when the loop ends.
    package static func run<Program: TerminalProgram>(
        _ program: inout Program, screen: (any TerminalBackend)?, holder: any TerminalHolder, reactor: any Reactor,
        sources: [SourceName: LineReader] = [:], sinks: [SinkName: OutputSink] = [:],
        fileMonitors: [any ChangeMonitor] = [], exitDeadline: ExitDeadline = ExitDeadline()
    ) -> Ending {
        var loop = Loop(screen: screen, holder: holder, reactor: reactor, sources: sources, sinks: sinks)
        loop.fileMonitors = fileMonitors
        return loop.run(&program, exitDeadline: exitDeadline)
    }

    /// The longest children get to exit after SIGTERM at the end, before SIGKILL, within the exit deadline.
    static let childExitWaitSeconds = 1.0
}
