// An example of BadgeKit inside another program's screen: a download list
// whose panel header carries a badge counting finished downloads.
//
// Keys: Space finishes a download (the badge pops in and rolls), c clears the
// badge, q quits; Ctrl-Z suspends. Run it with `swift run badgebar-example`.

import BadgeKit
import BadgeTerminal
import CNCursesW

/// The example's own screen: a one-button toolbar as the panel's header, and a list below.
struct DownloadsScreen: TerminalProgram {
    var toolbar = BadgeToolbar(
        title: "Downloads",
        buttons: [BadgedButton(title: "Finished", symbolName: "tray", count: 0, limit: 9, badgeColor: .systemGreen)])
    var pending = ["report.pdf", "photos.zip", "talk.mp4", "notes.txt", "album.flac"]
    var finished: [String] = []
    let appearance: ToolbarAppearance

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        switch event {
        case .tick:
            toolbar.settle(at: time)
        case .input(.character("q")), .input(.key(.escape)), .input(.key(.interrupt)):
            return .quit
        case .input(.key(.suspend)):
            return .suspend
        case .input(.character(" ")) where !pending.isEmpty:
            finished.append(pending.removeFirst())
            toolbar.addToCount(1, forButtonAt: 0, at: time)
        case .input(.character("c")):
            toolbar.setCount(0, forButtonAt: 0, at: time)
        default:
            break
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {
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

    func nextWakeTime(after time: Double) -> Double? {
        toolbar.nextVisibleChange(after: time, frameInterval: 1.0 / 60)
    }
}

ProgramRunner.runToExit(named: "badgebar-example") { terminal in
    DownloadsScreen(appearance: terminal.toolbarAppearance)
}
