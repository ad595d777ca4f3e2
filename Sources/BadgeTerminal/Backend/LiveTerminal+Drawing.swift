import BadgeKit

extension LiveTerminal {
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

    func paint(_ canvas: Canvas) {
        let painter = session.painter
        let output = session.output
        session.sendWaitingTitle()
        let frameSize = TerminalSize(columns: canvas.columns, rows: canvas.rows)
        if painter.size != frameSize {
            painter.resize(to: frameSize)
        }
        painter.paint(canvas) { output.append($0) }
        output.flush()
    }

    /// Shows a title in the window's title bar, where the terminal has one, or sends a desktop notification.
    ///
    /// The window's own title comes back on every way out, and while a child or
    /// the shell has the terminal. A title goes out with the next frame painted,
    /// in the same write, so titles never pile up for a terminal that is not
    /// reading: only the latest is sent. A notification goes in the terminal's
    /// own sequence, or rings its bell; nothing while a child or the shell has the
    /// terminal, or when the program did not ask for notifications.
    public func show(_ chrome: WindowChrome) {
        switch chrome {
        case .title(let title):
            session.setTitle(title)
        case .notification(let title, let body):
            guard let notification, session.isHeld else { return }
            notification.bytes(title: title, body: body).withUnsafeBytes { session.output.append($0) }
            session.output.flush()
        }
    }
}
