import BadgeKit
import BadgeTerminal
import Glibc

/// The run loop: events and clock ticks into the Inbox model, frames out to the terminal.
///
/// Each turn reads the clock once, lets the model catch up to that time, draws
/// one frame, then sleeps until input, a signal, the next auto-play step or, only
/// while something moves, the next frame.
struct InboxApp {
    let options: Options

    /// Runs the demo until the user quits or a signal ends it, and returns the exit status.
    func run() -> Int32 {
        let counts: LineReader?
        do {
            counts = try options.countsPath.map { path throws(CountsSourceError) in try LineReader(path: path) }
        } catch {
            Diagnostics.report("\(error)")
            switch error {
            case .cannotOpen, .isDirectory:
                return 66  // EX_NOINPUT: nothing to read counts from there
            case .isProgramTerminal, .standardInputIsTerminal:
                return 64  // EX_USAGE: the user named the program's own terminal, whose keys it reads
            }
        }
        let recorder: SessionRecorder?
        do {
            recorder = try options.recordingPath.map { path throws(RecordingOpenError) in
                try SessionRecorder(forTerminalRecordingTo: path)
            }
        } catch {
            Diagnostics.report("\(error)")
            switch error {
            case .isTerminal:
                return 64  // EX_USAGE: a terminal is no place for a recording
            case .noReader, .cannotOpen:
                return 73  // EX_CANTCREAT: the recording cannot be opened for writing
            }
        }
        do {
            try SignalRelay.install()
            let screen = try TerminalScreen(
                configuration: .init(colorMode: options.colorMode, readsKeysFromTTY: options.countsPath == "-"),
                recorder: recorder)
            defer { screen.close() }
            let status = loop(on: screen, counts: counts, recorder: recorder)
            screen.close()
            recorder?.finish(waitingAtMostSeconds: 2)
            if let failure = recorder?.failure {
                Diagnostics.report(failure.message)
                // EX_IOERR: the recording stopped part-way; an ending signal's status comes first.
                return status == 0 ? 74 : status
            }
            return status
        } catch {
            Diagnostics.report("\(error)")
            return 1
        }
    }

    /// The screen model the options ask for: the Inbox demo, or a toolbar of the user's buttons.
    private func makeModel(startTime: Double) -> Inbox {
        var inbox: Inbox
        if options.buttons.isEmpty {
            inbox = Inbox.demo(
                startTime: startTime, autoPlays: options.autoPlays, limit: options.limit,
                reduceMotion: options.reduceMotion)
        } else {
            let toolbar = BadgeToolbar(title: "Badges", buttons: options.buttons, reduceMotion: options.reduceMotion)
            inbox = Inbox(toolbar: toolbar, autoPlay: AutoPlay(startTime: startTime, isRunning: false))
        }
        if let title = options.title {
            inbox.toolbar.title = title
        }
        inbox.toolbar.badgeCorner = options.badgeCorner
        return inbox
    }

    private func loop(on screen: TerminalScreen, counts: LineReader?, recorder: SessionRecorder?) -> Int32 {
        let clock = MonotonicClock()
        let iconStyle = options.iconStyle ?? (TerminalLocale.usesUTF8 ? .emoji : .ascii)
        let appearance = ToolbarAppearance(widths: .terminal, iconStyle: iconStyle, colorDepth: screen.colorDepth)
        var inbox = makeModel(startTime: clock.now)
        var canvas = Canvas(columns: screen.columns, rows: screen.rows)
        var layout: ToolbarLayout?
        var reportedRecordingFailure = false

        while true {
            let now = clock.now
            inbox.advance(to: now)
            if canvas.columns != screen.columns || canvas.rows != screen.rows {
                canvas = Canvas(columns: screen.columns, rows: screen.rows)
            }
            layout = inbox.render(into: &canvas, at: now, appearance: appearance)
            screen.draw(canvas)
            if !reportedRecordingFailure, let failure = recorder?.failure {
                // Drawing wrote to the recording, which failed: the status line says so at once.
                reportedRecordingFailure = true
                inbox.report(failure.message, at: now)
                continue
            }

            let timeout = inbox.nextWakeTime(after: now, framesPerSecond: options.framesPerSecond).map {
                wake -> Int32 in
                let milliseconds = ((wake - clock.now) * 1000).rounded(.up)
                return Int32(min(max(milliseconds, 0), 60_000))
            }
            let woke = screen.wait(timeoutMilliseconds: timeout, otherDescriptor: counts?.descriptor?.rawValue ?? -1)
            if let signal = SignalRelay.pendingTerminationSignal {
                return 128 + signal
            }
            if SignalRelay.takeSuspend() {
                screen.suspend()
            }
            if woke == .hangup {
                return 0
            }
            if let counts {
                let outcome = counts.readLines { delivery in
                    switch delivery {
                    case .line(let bytes):
                        do throws(CountUpdate.ParseError) {
                            if let update = try CountUpdate.parse(bytes) {
                                inbox.apply(update, at: clock.now)
                            }
                        } catch {
                            inbox.report(error.message, at: clock.now)
                        }
                    case .discardedLine(let byteCount):
                        inbox.report(LineReader.discardedLineNotice(byteCount: byteCount), at: clock.now)
                    }
                }
                if case .stopped(let stop) = outcome {
                    inbox.report(stop.message, at: clock.now)
                }
            }
            // After a timeout nothing has arrived: only the clock moved.
            while woke != .timeout, let event = screen.nextEvent() {
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
