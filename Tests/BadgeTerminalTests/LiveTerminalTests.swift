import BadgeKit
import Foundation
import Synchronization
import Testing

@testable import BadgeTerminal

/// A program for the live terminal: draws a count, adds one on Space, quits on q, and can animate without end.
private struct Counter: TerminalProgram {
    var count = 0
    var events: [ProgramEvent] = []
    /// Redraws every cell with a new character every millisecond, for filling a terminal that stopped reading.
    var floods = false

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        if event != .tick { events.append(event) }
        switch event {
        case .input(.character("q")): return .quit
        case .input(.character(" ")): count += 1
        case .input(.key(.redraw)): return .redraw
        case .input(.character("t")): return .setWindowTitle("count \(count)")
        case .input(.character("n")): return .notify(title: "Counter", body: "count \(count)")
        default: break
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {
        if floods {
            let glyph = Unicode.Scalar(UInt8(65 + Int(time * 1000) % 26))
            for row in 0..<canvas.rows {
                canvas.fill(columns: 0..<canvas.columns, row: row, style: .plain)
                for column in 0..<canvas.columns {
                    canvas.put(glyph, columnWidth: 1, column: column, row: row, style: .plain)
                }
            }
        }
        canvas.write("count \(count)", column: 0, row: 0, style: .plain, widths: .estimate)
    }

    func nextWakeTime(after time: Double) -> Double? {
        floods ? time + 0.001 : nil
    }
}

/// What a run on another thread left behind.
private struct Outcome: Sendable {
    var ending: ProgramRunner.Ending
    var events: [ProgramEvent]
    var error: String?
}

@Suite(.serialized) struct LiveTerminalTests {
    /// Runs a counter on a pseudo-terminal on a thread of its own, and returns a way to wait for how it ended.
    private func start(
        on terminal: PseudoTerminal, floods: Bool = false, recordingPath: String? = nil,
        extras: [String: String] = [:],
        configure: @escaping @Sendable (inout LiveTerminal.Setup) -> Void = { _ in }
    ) throws -> @Sendable (Double) -> Outcome? {
        try SignalRelay.install()
        SignalRelay.resetForTesting()
        let result = AwaitedResult<Outcome>()
        let slave = terminal.slave
        let thread = Thread {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(extras) { $1 }
            do {
                let recorder = try recordingPath.map { path in
                    try SessionRecorder(
                        path: path, columns: 80, rows: 24, unixTime: 0, terminalType: "xterm-256color")
                }
                var setup = LiveTerminal.Setup(terminal: slave)
                configure(&setup)
                let live = try LiveTerminal(
                    setup: setup, recorder: recorder, environment: { environment[$0] })
                var program = Counter(floods: floods)
                let ending = ProgramRunner.run(&program, on: live)
                live.close()
                recorder?.finish(waitingAtMostSeconds: 1)
                result.set(Outcome(ending: ending, events: program.events))
            } catch {
                result.set(Outcome(ending: .hangup, events: [], error: "\(error)"))
            }
        }
        thread.start()
        return { result.wait(seconds: $0) }
    }

    @Test func takesTheTerminalDrawsReadsKeysAndGivesItBack() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal)
        #expect(terminal.waitFor("count 0"), "first frame: \(terminal.text.debugDescription)")
        #expect(terminal.text.contains("\u{1B}[?1049h"), "alternate screen")
        #expect(terminal.text.contains("\u{1B}[?1000h\u{1B}[?1006h"), "mouse reports")
        #expect(!terminal.isCooked, "raw while running")
        terminal.type("  ")
        // ncurses writes only the cell that changed: "0" becomes "2".
        #expect(terminal.waitFor("2"))
        terminal.type("q")
        let outcome = try #require(wait(5))
        #expect(outcome.error == nil)
        #expect(outcome.ending == .quit)
        #expect(outcome.events.first == .input(.resize(columns: 80, rows: 24)))
        #expect(outcome.events.filter { $0 == .input(.character(" ")) }.count == 2)
        #expect(terminal.waitFor("\u{1B}[?1049l"), "left the alternate screen")
        #expect(terminal.text.contains("\u{1B}[?1000l"), "mouse reports off")
        #expect(terminal.isCooked, "modes restored")
    }

    @Test func theWindowTitleFocusReportsAndNotificationsAreTurnedOnAndOffWithTheTerminal() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal, extras: ["TERM_PROGRAM": "iTerm.app"]) { setup in
            setup.setsWindowTitle = true
            setup.reportsFocus = true
            setup.sendsNotifications = true
        }
        #expect(terminal.waitFor("count 0"))
        #expect(terminal.text.contains("\u{1B}[?1004h"), "focus reports on")
        #expect(terminal.text.contains("\u{1B}[22;0t"), "the window's own title pushed")
        terminal.type(" t")
        #expect(terminal.waitFor("\u{1B}]2;count 1\u{07}"), "\(terminal.text.debugDescription)")
        terminal.type("n")
        #expect(terminal.waitFor("\u{1B}]9;Counter: count 1\u{07}"), "iTerm2's notification")
        terminal.type("\u{1B}[O")
        terminal.type("q")
        let outcome = try #require(wait(5))
        #expect(outcome.events.contains(.input(.focus(isFocused: false))), "\(outcome.events)")
        #expect(terminal.waitFor("\u{1B}[23;0t"), "the window's own title popped")
        #expect(terminal.text.contains("\u{1B}[?1004l"), "focus reports off")
    }

    @Test func aContinueWhileHoldingTheTerminalPushesNoSecondTitleSoOnePopRestoresIt() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal) { $0.setsWindowTitle = true }
        #expect(terminal.waitFor("count 0"))
        terminal.type("t")
        let title = "\u{1B}]2;count 0\u{07}"
        #expect(terminal.waitFor(title))
        // Stopped from outside and continued in the foreground: the terminal is taken again, the title set again.
        kill(getpid(), SIGCONT)
        let clock = MonotonicClock()
        while terminal.text.components(separatedBy: title).count < 3 && clock.now < 5 {
            usleep(5_000)
        }
        #expect(terminal.text.components(separatedBy: title).count == 3, "the title set again after SIGCONT")
        terminal.type("q")
        _ = try #require(wait(5))
        #expect(terminal.waitFor("\u{1B}[23;0t"))
        let pushes = terminal.text.components(separatedBy: "\u{1B}[22;0t").count - 1
        let pops = terminal.text.components(separatedBy: "\u{1B}[23;0t").count - 1
        #expect(
            pushes == 1 && pops == 1, "each push of the window's own title paired with one pop: \(pushes) and \(pops)")
    }

    @Test func withoutBeingAskedNeitherTitleNorFocusNorNotificationIsSent() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal, extras: ["TERM_PROGRAM": "iTerm.app"])
        #expect(terminal.waitFor("count 0"))
        terminal.type(" tnq")
        _ = try #require(wait(5))
        #expect(terminal.waitFor("\u{1B}[?1049l"))
        for sequence in ["\u{1B}[?1004", "\u{1B}[22;0t", "\u{1B}[23;0t", "\u{1B}]2;", "\u{1B}]9;"] {
            #expect(!terminal.text.contains(sequence), "\(sequence.debugDescription)")
        }
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnceItsDelayHasPassed() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal)
        #expect(terminal.waitFor("count 0"))
        terminal.type("\u{1B}")
        usleep(200_000)
        terminal.type("q")
        let outcome = try #require(wait(5))
        #expect(outcome.events.contains(.input(.key(.escape))), "\(outcome.events)")
    }

    @Test func aNewSizeArrivesWithSIGWINCH() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal)
        #expect(terminal.waitFor("count 0"))
        terminal.resize(columns: 40, rows: 10)
        kill(getpid(), SIGWINCH)
        usleep(200_000)
        terminal.type("q")
        let outcome = try #require(wait(5))
        #expect(outcome.events.contains(.input(.resize(columns: 40, rows: 10))), "\(outcome.events)")
    }

    @Test func aTerminationSignalEndsTheRunAndTheTerminalIsRestored() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal)
        #expect(terminal.waitFor("count 0"))
        kill(getpid(), SIGUSR2)
        let outcome = try #require(wait(5))
        #expect(outcome.ending == .terminated(signal: SIGUSR2))
        #expect(terminal.isCooked)
        SignalRelay.resetForTesting()
    }

    @Test func aTerminalThatStopsReadingNeverHoldsUpASignal() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal, floods: true)
        #expect(terminal.waitFor("count 0"))
        terminal.isReading = false
        // Long enough for the flood to fill the kernel's buffer many times over.
        usleep(1_500_000)
        let clock = MonotonicClock()
        kill(getpid(), SIGUSR2)
        let outcome = try #require(wait(3), "the run ended while the terminal was not reading")
        #expect(outcome.ending == .terminated(signal: SIGUSR2))
        #expect(
            clock.now < TerminalSession.leaveWaitSeconds + 1,
            "ended within a second of leaving's wait, not when the terminal read again")
        #expect(terminal.isCooked, "modes restored even though the terminal took none of the last bytes")
        SignalRelay.resetForTesting()
    }

    @Test func aTerminalThatGoesAwayEndsTheRun() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal)
        #expect(terminal.waitFor("count 0"))
        terminal.hangUp()
        let outcome = try #require(wait(5))
        #expect(outcome.ending == .hangup)
    }

    @Test func aScreenTooLargeIsSaidSoAndAUsableSizeDrawsAgain() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let wait = try start(on: terminal)
        #expect(terminal.waitFor("count 0"))
        terminal.resize(columns: 5000, rows: 5000)
        kill(getpid(), SIGWINCH)
        #expect(terminal.waitFor("too large"))
        terminal.resize(columns: 30, rows: 8)
        kill(getpid(), SIGWINCH)
        usleep(200_000)
        terminal.type(" q")
        let outcome = try #require(wait(5))
        #expect(outcome.ending == .quit)
        #expect(outcome.events.contains(.input(.resize(columns: 30, rows: 8))))
    }

    @Test func theRecordingSeesEveryByteTheTerminalGotFromFirstToLast() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(getpid()).cast").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let wait = try start(on: terminal, recordingPath: path)
        #expect(terminal.waitFor("count 0"))
        terminal.type(" q")
        _ = try #require(wait(5))
        #expect(terminal.waitFor("\u{1B}[?1000l"))
        usleep(100_000)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        var recorded = ""
        for line in lines {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            if event[1] as? String == "o" { recorded += try #require(event[2] as? String) }
        }
        #expect(Array(recorded.utf8) == terminal.bytes)
    }
}
