import BadgeKit
import CNCursesW

/// The real terminal: ncurses paints, keys and mouse reports are decoded from the bytes read, signals arrive as events.
///
/// It puts together the parts of the terminal layer: a ``TerminalSession``
/// (modes, the alternate screen, restoring), a ``ScreenPainter`` (ncurses,
/// writing into memory), a ``TerminalOutput`` (the non-blocking queue to the
/// terminal, with the recording as its tee), an ``InputDecoder`` and the
/// ``SignalRelay``. One `poll` waits for all of them.
public final class LiveTerminal: TerminalBackend {
    /// How to set the terminal up.
    public struct Configuration: Sendable {
        /// Whether to use colour.
        public var colorMode: ColorMode
        /// How long a lone Esc waits for the rest of a sequence, in seconds, unless ESCDELAY says otherwise.
        public var escapeDelaySeconds: Double
        /// Whether to ask for mouse reports.
        public var enablesMouse: Bool
        /// Whether keys come from `/dev/tty` rather than standard input (which then carries data).
        public var readsKeysFromTTY: Bool
        /// Another terminal to run on, such as a pseudo-terminal, instead of standard input and output.
        public var terminal: FileDescriptor?
        /// Whether to draw on `/dev/tty` rather than standard output (which then carries data).
        public var drawsOnTTY = false
        /// Whether the program may set the window's title (``TerminalBackend/setWindowTitle(_:)``), where the terminal has one.
        public var setsWindowTitle = false
        /// Whether to ask the terminal for focus reports (``InputEvent/focus(isFocused:)``).
        public var reportsFocus = false
        /// Whether the program sends desktop notifications (``TerminalBackend/notify(title:body:)``); inside tmux,
        /// tmux is asked at the start whether they may pass through it.
        public var sendsNotifications = false

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - colorMode: Whether to use colour.
        ///   - escapeDelaySeconds: How long a lone Esc waits for the rest of a sequence.
        ///   - enablesMouse: Whether clicks are reported.
        ///   - readsKeysFromTTY: Whether keys come from `/dev/tty` rather than standard input.
        ///   - terminal: Another terminal to run on, such as a pseudo-terminal; it stays the caller's.
        ///   - setsWindowTitle: Whether the program may set the window's title (``ProgramCommand/setWindowTitle(_:)``),
        ///     which is put back on every way out.
        ///   - sendsNotifications: Whether ``ProgramCommand/notify(title:body:)`` sends desktop notifications.
        ///   - reportsFocus: Whether focus reports are turned on, so focus changes arrive as input.
        public init(
            colorMode: ColorMode = .auto, escapeDelaySeconds: Double = InputDecoder.defaultEscapeTimeoutSeconds,
            enablesMouse: Bool = true, readsKeysFromTTY: Bool = false, terminal: FileDescriptor? = nil,
            setsWindowTitle: Bool = false, sendsNotifications: Bool = false, reportsFocus: Bool = false
        ) {
            self.colorMode = colorMode
            self.escapeDelaySeconds = escapeDelaySeconds
            self.enablesMouse = enablesMouse
            self.readsKeysFromTTY = readsKeysFromTTY
            self.terminal = terminal
            self.setsWindowTitle = setsWindowTitle
            self.sendsNotifications = sendsNotifications
            self.reportsFocus = reportsFocus
        }
    }

    /// The colour depth ncurses found and whether the locale is UTF-8.
    public let capabilities: TerminalCapabilities
    /// The size the kernel last reported, which may be larger than can be drawn.
    public private(set) var size: TerminalSize
    private let session: TerminalSession
    private let clock: MonotonicClock
    private let recorder: SessionRecorder?
    /// Whether the recording's failure was reported, so it is reported once.
    private var reportedRecordingFailure = false
    private var keys: KeyReader
    /// The latest frame not yet painted because the terminal had not taken the previous one.
    private var waitingFrame: Canvas?
    /// The latest window title not yet sent, because the terminal had not taken the last frame.
    private var waitingTitle: String?
    /// Suspend and continue, and whether a child has the terminal.
    private var jobs = JobControl()
    /// How desktop notifications are sent here, when the program sends them.
    package let notification: DesktopNotification?

    /// Checks the environment, then takes the terminal on standard input and output.
    ///
    /// Call ``SignalRelay/install(events:)`` first, so that ncurses installs no
    /// signal handlers of its own.
    ///
    /// - Parameters:
    ///   - configuration: Colour, Esc delay, mouse, and where keys come from.
    ///   - recorder: Records every byte written to the terminal, from the first to the last, and each new size.
    ///   - environment: Looks up environment variables (TERM, NO_COLOR, COLORTERM, ESCDELAY).
    /// - Throws: ``TerminalError`` naming what is wrong: no terminal on standard
    ///   input or output, TERM unset, `dumb` or unknown.
    public init(
        configuration: Configuration = Configuration(), recorder: SessionRecorder? = nil,
        environment: @escaping (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws(TerminalError) {
        TerminalLocale.adopt()
        let device: TerminalDevice
        if let terminal = configuration.terminal {
            device = try TerminalDevice(terminal: terminal)
        } else {
            device = try TerminalDevice(
                keysFromTerminalDevice: configuration.readsKeysFromTTY, outputToTerminalDevice: configuration.drawsOnTTY
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
                colorMode: configuration.colorMode, environment: environment)
        } catch {
            device.close()
            throw error
        }
        let clock = MonotonicClock()
        let title =
            configuration.setsWindowTitle
            ? WindowTitle.detect(
                terminalType: terminalType, environment: environment, capability: TerminfoString.bytes(of:)) : nil
        session = try TerminalSession(
            device: device, painter: painter, enablesMouse: configuration.enablesMouse, windowTitle: title,
            reportsFocus: configuration.reportsFocus,
            tee: recorder.map { recorder in { recorder.recordOutput($0, at: clock.now) } })
        notification =
            configuration.sendsNotifications
            ? DesktopNotification.detect(
                environment: environment, tmux: DesktopNotification.TmuxClient.ask(environment: environment)) : nil
        self.recorder = recorder
        self.clock = clock
        self.size = size
        capabilities = TerminalCapabilities(colorDepth: painter.colorDepth, usesUTF8: TerminalLocale.usesUTF8)
        keys = KeyReader(escapeDelaySeconds: configuration.escapeDelaySeconds, environment: environment)
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

    /// Restores the terminal on every way out; safe to call more than once.
    public func close() {
        session.close()
    }

    /// Restores the terminal, waiting for one that stopped reading at most until a deadline shared with
    /// the rest of the way out; safe to call more than once.
    public func close(by deadline: ExitDeadline) {
        session.close(waitingAtMostSeconds: min(deadline.secondsLeft, TerminalSession.leaveWaitSeconds))
    }

    /// Shows a title in the window's title bar, where the terminal has one; the window's own title comes back
    /// on every way out, and while a child or the shell has the terminal.
    ///
    /// The title goes out with the next frame painted, in the same write, so titles never pile up for a
    /// terminal that is not reading: only the latest is sent.
    public func setWindowTitle(_ title: String) {
        waitingTitle = title
    }

    /// Sends the title waiting to go out, if any.
    private func sendWaitingTitle() {
        guard let title = waitingTitle else { return }
        waitingTitle = nil
        session.setTitle(title)
    }

    /// Sends a desktop notification in the terminal's own sequence, or rings its bell; nothing while a child or the
    /// shell has the terminal, or when the program did not ask for notifications.
    public func notify(title: String, body: String) {
        guard let notification, session.isHeld else { return }
        notification.bytes(title: title, body: body).withUnsafeBytes { session.output.append($0) }
        session.output.flush()
    }

    /// Repaints every cell with the next frame (Ctrl-L).
    public func invalidate() {
        session.painter.invalidate()
    }

    /// Paints a frame now, or keeps it for when the terminal has taken the last one.
    public func draw(_ canvas: Canvas) {
        guard session.isHeld else { return }
        guard !session.output.hasPending else {
            // The terminal has not taken the last frame: keep this one for when it has.
            waitingFrame = canvas
            return
        }
        waitingFrame = nil
        paint(canvas)
    }

    private func paint(_ canvas: Canvas) {
        let painter = session.painter
        let output = session.output
        sendWaitingTitle()
        let frameSize = TerminalSize(columns: canvas.columns, rows: canvas.rows)
        if painter.size != frameSize {
            painter.resize(to: frameSize)
        }
        painter.paint(canvas) { output.append($0) }
        output.flush()
    }

    /// Writes what the terminal takes, then waits in one `poll` for keys, signals, the terminal, the recording and the watched descriptors.
    public func waitForEvents(
        until deadline: Double?, watching descriptors: [FileDescriptor], writing writers: [FileDescriptor]
    ) -> [BackendEvent] {
        let output = session.output
        output.flush()
        if let frame = waitingFrame, !output.hasPending {
            waitingFrame = nil
            paint(frame)
        } else if !output.hasPending {
            sendWaitingTitle()
            output.flush()
        }
        // A pipe may take more than poll says (Linux reports room by whole pages), so the recording is
        // offered what is pending each turn, not only when poll reports room.
        if recorder?.hasPendingOutput == true {
            recorder?.writePending()
        }
        if let failure = recorder?.failure, !reportedRecordingFailure {
            reportedRecordingFailure = true
            return [.problem(failure.message)]
        }
        var wake = deadline
        if let escape = keys.deadline {
            wake = min(wake ?? escape, escape)
        }
        let timeout = clock.pollTimeoutMilliseconds(until: wake)
        var polled = [
            pollfd(fd: jobs.isHandedOver ? -1 : session.device.input.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalRelay.wakeDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(
                fd: output.hasPending ? output.descriptor.rawValue : -1, events: Int16(POLLOUT), revents: 0),
        ]
        let recording = recorder?.hasPendingOutput == true ? recorder?.descriptor : nil
        polled.append(pollfd(fd: recording?.rawValue ?? -1, events: Int16(POLLOUT), revents: 0))
        for descriptor in descriptors {
            polled.append(pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0))
        }
        for writer in writers {
            polled.append(pollfd(fd: writer.rawValue, events: Int16(POLLOUT), revents: 0))
        }
        let result = poll(&polled, nfds_t(polled.count), timeout)
        if let ending = BackendEvent.endingWait(
            pollResult: result, signalPipeReady: polled[1].revents != 0, pendingTermination: jobs.pendingTermination)
        {
            return [ending]
        }
        var events = BackendEvent.relayedSignals { adoptKernelSize() }
        if result > 0 {
            let keyboard = polled[0].revents
            if keyboard & Int16(POLLIN) != 0 {
                if !keys.read(from: session.device.input, at: now) { return events + [.hangup] }
            } else if keyboard & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return events + [.hangup]
            }
            if polled[2].revents != 0 {
                output.flush()
            }
            if polled[3].revents != 0 {
                recorder?.writePending()
            }
            for (index, descriptor) in descriptors.enumerated() where polled[4 + index].revents != 0 {
                events.append(.ready(descriptor))
            }
        }
        events += keys.takeEvents(at: now)
        if output.failure != nil {
            events.append(.hangup)
        }
        return events
    }

    /// Takes the size the kernel reports; returns the resize event when it changed.
    private func adoptKernelSize() -> InputEvent? {
        guard let newSize = session.device.kernelSize, newSize != size else { return nil }
        size = newSize
        recorder?.recordResize(columns: newSize.columns, rows: newSize.rows, at: clock.now)
        return .resize(columns: newSize.columns, rows: newSize.rows)
    }

    /// Gives the terminal back and stops the job with SIGTSTP; once continued in the foreground, takes it again.
    public func suspend(from origin: SuspendOrigin) -> Int32? {
        let wholeJob = origin == .key && session.device.leadsForegroundJob
        return jobs.suspend(wholeJob: wholeJob, release: { session.release() }, holdAgain: holdAgain)
    }

    /// Gives the terminal back as it was, so a child can use it.
    public func releaseForChild() {
        session.release()
        jobs.isHandedOver = true
    }

    /// Opens the terminal again for a child: read and write, blocking.
    public func openTerminalForChild() -> FileDescriptor? {
        session.device.openForChild()
    }

    /// Makes a child's group the foreground group and continues it, in case it stopped reading too early.
    public func giveForeground(to group: pid_t) throws(SystemError) {
        try session.device.setForegroundGroup(group)
        SignalDisposition.send(SIGCONT, toGroup: group)
    }

    /// Makes the program's group the foreground group again and takes the terminal back.
    public func takeBack() throws(SystemError) {
        let failure = Result { () throws(SystemError) in try session.device.setForegroundGroup(getpgrp()) }
        jobs.isHandedOver = false
        _ = holdAgain()
        try failure.get()
    }

    /// Takes the terminal back after a stop from outside, or stops again if continued in the background.
    public func continueAfterStop() {
        jobs.continueAfterStop(holdAgain: holdAgain)
    }

    /// Takes the terminal again if in the foreground, and notes a size that changed meanwhile.
    private func holdAgain() -> Bool {
        guard session.holdAgain() else { return false }
        if let resized = adoptKernelSize() { keys.pending.append(resized) }
        return true
    }
}
