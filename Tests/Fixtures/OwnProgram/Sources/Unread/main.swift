import BadgeKit
import BadgeTerminal

struct Unread: TerminalProgram {
    var toolbar = BadgeToolbar(title: "Mail", buttons: [BadgedButton(title: "Inbox", symbolName: "envelope", count: 0)])
    var newMail = RepeatingCommand("ls ~/Maildir/new | wc -l", every: 30)  // a watch, as a value
    let appearance: ToolbarAppearance
    var columns = 0

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        switch event {
        case .input(.resize(let width, _)): columns = width
        case .input(.character("q")): return .quit
        case .input(.character(" ")): toolbar.increment(buttonAt: 0, at: time)  // pops in, rolls, bounces
        case .input(let click):  // a click on the button clears it
            toolbar.pressButton(
                clickedBy: click, toolbarRow: 2, screenColumns: columns, appearance: appearance, at: time)
        case .processFinished(let result):
            if let count = newMail.finish(result, at: time)?.count { toolbar.setCount(count, forButtonAt: 0, at: time) }
        default: break
        }
        let run = newMail.takeDue(at: time).map { ProgramEffect.run($0) } ?? .none
        return .batch([run, .setWindowTitle(toolbar.windowTitle)])  // "(3) Mail"
    }

    func render(into canvas: inout Canvas, at time: Double) {
        toolbar.render(into: &canvas, row: 2, at: time, appearance: appearance)
    }

    func nextWakeTime(after time: Double) -> Double? {  // asleep when nothing moves and no run is due
        [toolbar.nextVisibleChange(after: time, frameInterval: 1.0 / 60), newMail.nextRunTime(after: time)]
            .compactMap { $0 }.min()
    }
}

ProgramRunner.runToExit(named: "unread", setup: .init(setsWindowTitle: true)) { terminal in
    Unread(appearance: terminal.toolbarAppearance)
}
