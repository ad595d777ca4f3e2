import BadgeKit
import BadgeTerminal
import Testing

/// Ctrl-C, Ctrl-Z and Ctrl-L do what a full-screen program is expected to do for a program that never mentions them.
@Suite struct ControlKeysTests {
    /// The library guide's program: it knows Space and `q`, nothing else.
    struct Counter: TerminalProgram {
        var toolbar = BadgeToolbar(
            title: "Counter", buttons: [BadgedButton(title: "Hits", symbolName: "star", count: 0)])
        var keysSeen: [InputEvent] = []

        mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
            switch event {
            case .input(.character("q")): return .quit
            case .input(.character(" ")): toolbar.increment(buttonAt: 0, at: time)
            case .input(let input) where input != .resize(columns: 80, rows: 24): keysSeen.append(input)
            default: break
            }
            return .none
        }

        func render(into canvas: inout Canvas, at time: Double) {
            toolbar.render(into: &canvas, row: 2, at: time, appearance: ToolbarAppearance(widths: .estimate))
        }

        func nextWakeTime(after time: Double) -> Double? {
            toolbar.nextVisibleChange(after: time, frameInterval: 1.0 / 60)
        }
    }

    /// The same program keeping Ctrl-Z and Ctrl-L for itself.
    struct OwnKeys: TerminalProgram {
        var inner = Counter()
        mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
            inner.update(event, at: time)
        }
        func render(into canvas: inout Canvas, at time: Double) { inner.render(into: &canvas, at: time) }
        func nextWakeTime(after time: Double) -> Double? { inner.nextWakeTime(after: time) }
        var controlKeys: ControlKeys { [.interrupt] }
    }

    @Test func ctrlZSuspendsCtrlLRepaintsAndCtrlCQuitsAProgramThatNeverMentionsThem() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .input(.key(.suspend))), .init(at: 2, .input(.key(.redraw))),
            .init(at: 3, .input(.key(.interrupt))), .init(at: 4, .input(.character("x"))),
        ])
        var counter = Counter()
        #expect(ProgramRunner.run(&counter, on: terminal) == .quit)
        #expect(terminal.suspendOrigins == [.key], "Ctrl-Z suspended it")
        #expect(terminal.invalidations == 1, "Ctrl-L repainted the screen")
        #expect(terminal.now == 3, "Ctrl-C ended it")
        #expect(counter.keysSeen.isEmpty, "the runner took the three keys")
    }

    @Test func aProgramThatKeepsAKeyGetsIt() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .input(.key(.suspend))), .init(at: 2, .input(.key(.redraw))),
            .init(at: 3, .input(.key(.interrupt))),
        ])
        var program = OwnKeys()
        #expect(ProgramRunner.run(&program, on: terminal) == .quit)
        #expect(terminal.suspendOrigins.isEmpty && terminal.invalidations == 0)
        #expect(program.inner.keysSeen == [.key(.suspend), .key(.redraw)])
    }
}
