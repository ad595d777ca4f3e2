extension LiveTerminal {
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
            waitingTitle = title
        case .notification(let title, let body):
            guard let notification, session.isHeld else { return }
            notification.bytes(title: title, body: body).withUnsafeBytes { session.output.append($0) }
            session.output.flush()
        }
    }

    /// Sends the title waiting to go out, if any.
    func sendWaitingTitle() {
        guard let title = waitingTitle else { return }
        waitingTitle = nil
        session.setTitle(title)
    }
}
