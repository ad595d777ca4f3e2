import BadgeKit
import BadgeTerminal

struct Counter: TerminalProgram {
    var toolbar = BadgeToolbar(title: "Counter", buttons: [BadgedButton(title: "Hits", symbolName: "star", count: 0)])

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramCommand {
        switch event {
        case .input(.character("q")): return .quit
        case .input(.character(" ")): toolbar.increment(buttonAt: 0, at: time)  // the badge pops in, then rolls
        default: break
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {
        toolbar.render(into: &canvas, row: 2, at: time, appearance: ToolbarAppearance(widths: .terminal))
    }

    func nextWakeTime(after time: Double) -> Double? {
        toolbar.nextVisibleChange(after: time, frameInterval: 1.0 / 60)  // asleep when nothing moves
    }
}

exit(ProgramRunner.run(named: "counter") { _ in Counter() })
