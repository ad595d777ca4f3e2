extension LiveTerminal {
    /// How to set the terminal up.
    public struct Setup: Sendable {
        /// Whether to use colour.
        public var colorMode: ColorMode
        /// How long a lone Esc waits for the rest of a sequence, in seconds, unless ESCDELAY says otherwise.
        public var escapeDelaySeconds: Double
        /// Whether to ask for mouse reports.
        public var enablesMouse: Bool
        /// Whether keys come from `/dev/tty` rather than standard input (which then carries data).
        public var readsKeysFromTTY: Bool
        /// Another terminal to run on, such as a pseudo-terminal, instead of standard input and output.
        public var terminal: SystemDescriptor?
        /// Whether to draw on `/dev/tty` rather than standard output (which then carries data).
        public var drawsOnTTY = false
        /// Whether the program may set the window's title (``WindowChrome/title(_:)``), where the terminal has one.
        public var setsWindowTitle = false
        /// Whether to ask the terminal for focus reports (``/BadgeKit/InputEvent/focus(isFocused:)``).
        public var reportsFocus = false
        /// Whether the program sends desktop notifications (``WindowChrome/notification(title:body:)``); inside tmux,
        /// tmux is asked at the start whether they may pass through it.
        public var sendsNotifications = false

        /// Creates a setup.
        ///
        /// - Parameters:
        ///   - colorMode: Whether to use colour.
        ///   - escapeDelaySeconds: How long a lone Esc waits for the rest of a sequence.
        ///   - enablesMouse: Whether clicks are reported.
        ///   - readsKeysFromTTY: Whether keys come from `/dev/tty` rather than standard input.
        ///   - terminal: Another terminal to run on, such as a pseudo-terminal; it stays the caller's.
        ///   - setsWindowTitle: Whether the program may set the window's title (`ProgramEffect.setWindowTitle(_:)`),
        ///     which is put back on every way out.
        ///   - sendsNotifications: Whether `ProgramEffect.notify(title:body:)` sends desktop notifications.
        ///   - reportsFocus: Whether focus reports are turned on, so focus changes arrive as input.
        public init(
            colorMode: ColorMode = .auto, escapeDelaySeconds: Double = 0.025,
            enablesMouse: Bool = true, readsKeysFromTTY: Bool = false, terminal: SystemDescriptor? = nil,
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
}
