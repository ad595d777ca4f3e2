// An example of BadgeKit inside another program's screen: a download list
// whose panel header carries a badge counting finished downloads.
//
// Keys: Space finishes a download (the badge pops in and rolls), c clears the
// badge, q quits. Run it with `swift run badgebar-example`.

import BadgeKit
import BadgeTerminal
import Glibc

/// The example's own screen: a framed panel with a one-button toolbar as its header, and a list below.
struct DownloadsScreen {
    var toolbar = BadgeToolbar(
        title: "Downloads",
        buttons: [BadgedButton(title: "Finished", symbolName: "tray", count: 0, limit: 9, badgeColor: .systemGreen)])
    var pending = ["report.pdf", "photos.zip", "talk.mp4", "notes.txt", "album.flac"]
    var finished: [String] = []

    /// Draws the panel at an instant.
    func render(into canvas: inout Canvas, at time: Double, appearance: ToolbarAppearance) {
        canvas.clear()
        let widths = appearance.widths
        toolbar.render(into: &canvas, row: 2, at: time, appearance: appearance, showsFocus: false)
        var row = 4
        for name in finished {
            canvas.write("  done     \(name)", column: 2, row: row, style: CellStyle(attributes: .dim), widths: widths)
            row += 1
        }
        for name in pending {
            canvas.write("  waiting  \(name)", column: 2, row: row, style: .plain, widths: widths)
            row += 1
        }
        canvas.write(
            "Space: finish one   c: clear the badge   q: quit", column: 2, row: canvas.rows - 1,
            style: CellStyle(attributes: .dim), widths: widths)
    }

    /// Finishes the next download at an instant; the badge counts it.
    mutating func finishOne(at time: Double) {
        guard !pending.isEmpty else { return }
        finished.append(pending.removeFirst())
        toolbar.addToCount(1, forButtonAt: 0, at: time)
    }
}

func run() -> Int32 {
    do {
        try SignalRelay.install()
        let screen = try TerminalScreen()
        defer { screen.close() }
        let clock = MonotonicClock()
        let appearance = ToolbarAppearance(
            widths: .terminal, iconStyle: TerminalLocale.usesUTF8 ? .emoji : .ascii, colorDepth: screen.colorDepth)
        var model = DownloadsScreen()
        var canvas = Canvas(columns: screen.columns, rows: screen.rows)
        while true {
            let now = clock.now
            model.toolbar.settle(at: now)
            if canvas.columns != screen.columns || canvas.rows != screen.rows {
                canvas = Canvas(columns: screen.columns, rows: screen.rows)
            }
            model.render(into: &canvas, at: now, appearance: appearance)
            screen.draw(canvas)
            let timeout: Int32? = model.toolbar.isAnimating(at: now) ? 16 : nil
            if screen.wait(timeoutMilliseconds: timeout) == .hangup {
                return 0
            }
            if let signal = SignalRelay.pendingTerminationSignal {
                return 128 + signal
            }
            while let event = screen.nextEvent() {
                switch event {
                case .character("q"), .key(.escape), .key(.interrupt):
                    return 0
                case .character(" "):
                    model.finishOne(at: clock.now)
                case .character("c"):
                    model.toolbar.setCount(0, forButtonAt: 0, at: clock.now)
                default:
                    break
                }
            }
        }
    } catch {
        var message = Array("badgebar-example: \(error)\n".utf8)
        _ = write(2, &message, message.count)
        return 1
    }
}

exit(run())
