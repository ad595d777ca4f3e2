import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

/// A program for line mode: notes every event but the ticks, quits on q.
private struct Listener: TerminalProgram {
    var events: [ProgramEvent] = []

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        if event != .tick { events.append(event) }
        return event == .input(.character("q")) ? .quit : .none
    }

    func render(into canvas: inout Canvas, at time: Double) {
        canvas.write("never shown", column: 0, row: 0, style: .plain, widths: .estimate)
    }

    func nextWakeTime(after time: Double) -> Double? { nil }
}

/// How a run of the listener on another thread ended.
private struct ListenerOutcome: Sendable {
    var ending: ProgramRunner.Ending
    var events: [ProgramEvent]
}

// In the live terminal's suite, whose tests run one at a time: signals reach the whole process.
extension LiveTerminalTests {
    /// Runs the listener in line mode with keys from a pseudo-terminal, on a thread of its own.
    private func startLineMode(on terminal: PseudoTerminal) throws -> @Sendable (Double) -> ListenerOutcome? {
        try SignalRelay.install()
        SignalRelay.resetForTesting()
        let result = AwaitedResult<ListenerOutcome>()
        let slave = terminal.slave
        let thread = Thread {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            guard let lineTerminal = try? LineModeTerminal(keys: .terminal(slave), environment: { _ in nil }) else {
                result.set(ListenerOutcome(ending: .hangup, events: []))
                return
            }
            var program = Listener()
            let ending = ProgramRunner.run(&program, on: lineTerminal)
            lineTerminal.close()
            result.set(ListenerOutcome(ending: ending, events: program.events))
        }
        thread.start()
        // The keyboard is in raw mode once line mode has started.
        let clock = MonotonicClock()
        while terminal.isCooked && clock.now < 5 {
            usleep(5_000)
        }
        return { result.wait(seconds: $0) }
    }

    /// The terminal's output-processing flag, as seen from the program's side.
    private func processesOutput(_ terminal: PseudoTerminal) -> Bool {
        var modes = termios()
        tcgetattr(terminal.slave.rawValue, &modes)
        return modes.c_oflag & tcflag_t(OPOST) != 0
    }

    @Test func lineModeReadsKeysWithoutEchoDrawsNothingAndGivesTheModesBack() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try startLineMode(on: terminal)
        #expect(!terminal.isCooked, "raw while running")
        #expect(processesOutput(terminal), "a newline still returns the carriage")
        terminal.type("1\t")
        usleep(100_000)
        terminal.type("q")
        let outcome = try #require(wait(5))
        #expect(outcome.ending == .quit)
        #expect(!outcome.events.contains { if case .input(.resize) = $0 { true } else { false } }, "no screen, no size")
        #expect(outcome.events.contains(.input(.character("1"))) && outcome.events.contains(.input(.key(.tab))))
        #expect(terminal.isCooked, "modes restored")
        usleep(50_000)
        #expect(terminal.bytes.isEmpty, "no echo, no screen: \(terminal.text.debugDescription)")
    }

    @Test func aTerminationSignalEndsLineModeWithTheModesBack() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try startLineMode(on: terminal)
        kill(getpid(), SIGUSR2)
        let outcome = try #require(wait(5))
        #expect(outcome.ending == .terminated(signal: SIGUSR2))
        #expect(terminal.isCooked)
        SignalRelay.resetForTesting()
    }

    @Test func aTerminalThatGoesAwayEndsLineMode() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try startLineMode(on: terminal)
        terminal.hangUp()
        let outcome = try #require(wait(5))
        #expect(outcome.ending == .hangup)
    }

    @Test func aChildGetsTheModesAsTheyWereAndTheyComeBackAfter() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let lineTerminal = try LineModeTerminal(keys: .terminal(terminal.slave), environment: { _ in nil })
        defer { lineTerminal.close() }
        #expect(lineTerminal.readsKeys && !terminal.isCooked)
        var cookedForChild = false
        try lineTerminal.handOver { childTerminal in
            cookedForChild = terminal.isCooked
            return nil
        }
        #expect(cookedForChild && terminal.isCooked)
        try lineTerminal.takeBack(after: .child)
        #expect(!terminal.isCooked)
        try lineTerminal.takeBack(after: .stop)
        #expect(!terminal.isCooked)
        lineTerminal.close()
        #expect(terminal.isCooked)
    }

    @Test func aLoneEscapeInLineModeIsTheEscapeKeyOnceItsDelayHasPassed() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try startLineMode(on: terminal)
        terminal.type("\u{1B}")
        usleep(200_000)
        terminal.type("q")
        let outcome = try #require(wait(5))
        #expect(outcome.events.contains(.input(.key(.escape))), "\(outcome.events)")
    }

    @Test func aSequenceLeftOpenEndsTheWaitAtItsDelayAndTheKeysAfterItAreKeys() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let lineTerminal = try LineModeTerminal(keys: .terminal(terminal.slave), environment: { _ in nil })
        defer { lineTerminal.close() }
        // Alt-], sent as ESC ], the start of an OSC string: the wait ends for its deadline by itself.
        terminal.type("\u{1B}]")
        let start = lineTerminal.now
        var events: [Wakeup] = []
        while !events.contains(.input(.key(.alt("]")))) && lineTerminal.now < start + 5 {
            events += lineTerminal.reactor.wait(until: start + 5, for: WaitInterests())
        }
        #expect(events.filter { $0 != .childStateChanged } == [.input(.key(.alt("]")))])
        #expect(lineTerminal.now - start < 2, "the wait ended at the escape delay, not at the caller's deadline")
        terminal.type("q")
        events = []
        while !events.contains(.input(.character("q"))) && lineTerminal.now < start + 10 {
            events += lineTerminal.reactor.wait(until: start + 10, for: WaitInterests())
        }
        #expect(events.filter { $0 != .childStateChanged } == [.input(.character("q"))])
    }

    @Test func itWaitsForTheRunnersDescriptorsAndTheDeadline() throws {
        let terminal = try LineModeTerminal(keys: .none, environment: { _ in nil })
        defer { terminal.close() }
        #expect(!terminal.readsKeys)
        #expect(terminal.capabilities.colorDepth == .monochrome)
        let pipe = try SystemDescriptor.pipe()
        defer {
            pipe.read.close()
            pipe.write.close()
        }
        // Other tests' children may end meanwhile: their SIGCHLD reaches every waiter in the process.
        func wait(until deadline: Double?) -> [Wakeup] {
            terminal.reactor.wait(until: deadline, for: WaitInterests(readable: [pipe.read], writable: [pipe.write]))
                .filter { $0 != .childStateChanged }
        }
        let start = terminal.now
        var events: [Wakeup] = []
        while terminal.now < start + 0.05 {
            events += wait(until: start + 0.05)
        }
        #expect(events == [], "nothing but the deadline")
        var byte: UInt8 = 0x0A
        _ = write(pipe.write.rawValue, &byte, 1)
        events = []
        while events.isEmpty && terminal.now < start + 5 {
            events = wait(until: nil)
        }
        #expect(events == [.ready(pipe.read)])
    }
}

@Suite struct LineTerminalKeySourceTests {
    @Test func standardInputThatIsNotATerminalCannotGiveKeys() throws {
        let pipe = try SystemDescriptor.pipe()
        defer {
            pipe.read.close()
            pipe.write.close()
        }
        #expect(throws: TerminalError.inputNotATerminal) {
            _ = try LineModeTerminal(keys: .terminal(pipe.read), environment: { _ in nil })
        }
    }
}
