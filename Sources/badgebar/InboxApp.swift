import BadgeKit
import BadgeTerminal

/// The run loop: events and clock ticks into the Inbox model, frames out to the terminal.
///
/// Each turn reads the clock once, lets the model catch up to that time, draws
/// one frame, then sleeps until input, a signal, the next auto-play step or, only
/// while something moves, the next frame.
struct InboxApp {
    let options: Options

    /// Runs the demo until the user quits or a signal ends it, and returns the exit status.
    func run() -> Int32 {
        do {
            try SignalRelay.install()
            let screen = try TerminalScreen(configuration: .init(colorMode: options.colorMode))
            defer { screen.close() }
            return loop(on: screen)
        } catch {
            Diagnostics.report("\(error)")
            return 1
        }
    }

    private func loop(on screen: TerminalScreen) -> Int32 {
        let clock = MonotonicClock()
        let iconStyle = options.iconStyle ?? (TerminalLocale.usesUTF8 ? .emoji : .ascii)
        let appearance = ToolbarAppearance(widths: .terminal, iconStyle: iconStyle, colorDepth: screen.colorDepth)
        var inbox = Inbox.demo(
            startTime: clock.now, autoPlays: options.autoPlays, limit: options.limit,
            reduceMotion: options.reduceMotion)
        var canvas = Canvas(columns: screen.columns, rows: screen.rows)
        var layout: ToolbarLayout?

        while true {
            let now = clock.now
            inbox.advance(to: now)
            if canvas.columns != screen.columns || canvas.rows != screen.rows {
                canvas = Canvas(columns: screen.columns, rows: screen.rows)
            }
            layout = inbox.render(into: &canvas, at: now, appearance: appearance)
            screen.draw(canvas)

            let timeout = inbox.nextWakeTime(after: now, framesPerSecond: options.framesPerSecond).map {
                wake -> Int32 in
                let milliseconds = ((wake - clock.now) * 1000).rounded(.up)
                return Int32(min(max(milliseconds, 0), 60_000))
            }
            let woke = screen.wait(timeoutMilliseconds: timeout)
            if let signal = SignalRelay.pendingTerminationSignal {
                return 128 + signal
            }
            if woke == .hangup {
                return 0
            }
            while let event = screen.nextEvent() {
                switch inbox.handle(event, at: clock.now, layout: layout) {
                case .none:
                    break
                case .quit:
                    return 0
                case .redraw:
                    screen.invalidate()
                case .suspend:
                    screen.suspend()
                }
            }
        }
    }
}
