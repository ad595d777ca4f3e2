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
        sendWaitingTitle()
        let frameSize = TerminalSize(columns: canvas.columns, rows: canvas.rows)
        if painter.size != frameSize {
            painter.resize(to: frameSize)
        }
        painter.paint(canvas) { output.append($0) }
        output.flush()
    }
}
