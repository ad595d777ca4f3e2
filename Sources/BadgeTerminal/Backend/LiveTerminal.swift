import BadgeKit
import CNCursesW

/// The real terminal: ncurses paints, keys and mouse reports are decoded from the bytes read, signals arrive as events.
///
/// It puts together the parts of the terminal layer: the session (modes, the
/// alternate screen, restoring), the painter (ncurses, writing into memory), the
/// output queue (non-blocking, to the terminal, with the recording as its tee)
/// and the input decoder. It draws and holds the terminal; the run loop's one
/// `poll` waits for its keyboard and output with the rest.
public final class LiveTerminal: TerminalBackend {
    /// The colour depth ncurses found and whether the locale is UTF-8.
    public let capabilities: TerminalCapabilities
    /// The size the kernel last reported, which may be larger than can be drawn.
    public internal(set) var size: TerminalSize
    /// The terminal taken: its device, modes, painter and output queue.
    let session: TerminalSession
    /// The clock ``now`` reads, started when the terminal was set up.
    let clock: MonotonicClock
    /// Where every byte written to the terminal and every new size is recorded, if anywhere.
    let recorder: SessionRecorder?
    /// Whether the recording's failure was reported, so it is reported once.
    var reportedRecordingFailure = false
    /// The keys and mouse reports decoded from the bytes read.
    var keys: KeyReader
    /// The latest frame not yet painted because the terminal had not taken the previous one.
    var waitingFrame: Canvas?
    /// Suspend and continue, and whether a child has the terminal.
    var jobs = JobControl()
    /// How desktop notifications are sent here, when the program sends them.
    package let notification: DesktopNotification?

    /// Checks the environment, then takes the terminal on standard input and output.
    ///
    /// The signal handlers are installed first, as ``ProgramRunner/run(named:setup:_:)``
    /// does, so that ncurses installs none of its own.
    ///
    /// - Parameters:
    ///   - setup: Colour, Esc delay, mouse, and where keys come from.
    ///   - recorder: Records every byte written to the terminal, from the first to the last, and each new size.
    ///   - environment: Looks up environment variables (TERM, NO_COLOR, COLORTERM, ESCDELAY).
    /// - Throws: ``TerminalError`` naming what is wrong: no terminal on standard
    ///   input or output, TERM unset, `dumb` or unknown.
    public init(
        setup: Setup = Setup(), recorder: SessionRecorder? = nil,
        environment: @escaping (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws(TerminalError) {
        TerminalLocale.adopt()
        let device: TerminalDevice
        if let terminal = setup.terminal {
            device = try TerminalDevice(terminal: terminal)
        } else {
            device = try TerminalDevice(
                keysFromTerminalDevice: setup.readsKeysFromTTY, outputToTerminalDevice: setup.drawsOnTTY
            )
        }
        let terminalType = environment("TERM") ?? ""
        guard !terminalType.isEmpty else {
            device.close()
            throw .terminalTypeUnset
        }
        guard terminalType != "dumb" else {
            device.close()
            throw .terminalTypeUnusable(terminalType)
        }
        let size = device.kernelSize ?? Self.environmentSize(environment) ?? TerminalSize(columns: 80, rows: 24)
        let painter: ScreenPainter
        do {
            painter = try ScreenPainter(
                terminalType: terminalType, size: size.isDrawable ? size : size.clampedToCeiling,
                colorMode: setup.colorMode, environment: environment)
        } catch {
            device.close()
            throw error
        }
        let clock = MonotonicClock()
        let title =
            setup.setsWindowTitle
            ? WindowTitle.detect(
                terminalType: terminalType, environment: environment, capability: TerminfoString.bytes(of:)) : nil
        session = try TerminalSession(
            device: device, painter: painter, enablesMouse: setup.enablesMouse, windowTitle: title,
            reportsFocus: setup.reportsFocus,
            tee: recorder.map { recorder in { recorder.recordOutput($0, at: clock.now) } })
        notification =
            setup.sendsNotifications
            ? DesktopNotification.detect(
                environment: environment, tmux: DesktopNotification.TmuxClient.ask(environment: environment)) : nil
        self.recorder = recorder
        self.clock = clock
        self.size = size
        capabilities = TerminalCapabilities(colorDepth: painter.colorDepth, usesUTF8: TerminalLocale.usesUTF8)
        keys = KeyReader(escapeDelaySeconds: setup.escapeDelaySeconds, environment: environment)
    }

    /// The size LINES and COLUMNS give, for a terminal that reports none.
    private static func environmentSize(_ environment: (String) -> String?) -> TerminalSize? {
        guard let rows = environment("LINES").flatMap({ Int($0) }),
            let columns = environment("COLUMNS").flatMap({ Int($0) }),
            rows > 0, columns > 0
        else { return nil }
        return TerminalSize(columns: columns, rows: rows)
    }

    deinit {
        close()
    }

    /// Seconds since the terminal was set up, on a clock that never goes backwards.
    public var now: Double { clock.now }

    /// The reactor of a run on this terminal: one `poll` for its keyboard, its output and recording, the signals
    /// and the runner's descriptors, on its clock.
    package var reactor: SystemReactor { SystemReactor(clock: clock, terminal: self) }

    /// Restores the terminal on every way out; safe to call more than once.
    public func close() {
        session.close()
    }

    /// Restores the terminal, waiting for one that stopped reading at most until a deadline shared with
    /// the rest of the way out; safe to call more than once.
    package func close(by deadline: ExitDeadline) {
        session.close(waitingAtMostSeconds: min(deadline.secondsLeft, TerminalSession.leaveWaitSeconds))
    }
}
