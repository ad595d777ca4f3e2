import BadgeKit
import CNCursesW
import Foundation
import Testing

@testable import BadgeTerminal

/// A program that asks for runs at the start and on keys, and keeps what it was told and when.
private struct Requester: TerminalProgram {
    /// The terminal it runs on, to see whether a child has it.
    let terminal: ScriptedTerminal
    var atStart: [ProgramEffect]
    var onKey: [Character: ProgramEffect] = [:]
    /// The results, with the time each arrived.
    var finished: [(time: Double, result: ProcessResult)] = []
    var problems: [String] = []
    /// The turns on which a child had the terminal.
    var handedOverTimes: [Double] = []

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        switch event {
        case .tick:
            if terminal.isHandedOver { handedOverTimes.append(time) }
        case .input(.resize):
            defer { atStart = [] }
            return .batch(atStart)
        case .input(.character("q")):
            return .quit
        case .input(.character(let character)):
            return onKey[character] ?? .none
        case .processFinished(let result):
            finished.append((time, result))
        case .problem(let message):
            problems.append(message)
        default:
            break
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {}

    func nextWakeTime(after time: Double) -> Double? { nil }
}

/// The children of a scripted terminal: answered from the script on the virtual clock, never started.
@Suite struct ScriptedProcessTests {
    private typealias Answer = ScriptedTerminal.ProcessAnswer

    /// Runs a program that asks for `atStart` at once and `onKey` on keys, on a terminal with this script and
    /// these answers; returns the program, the terminal and how the run ended.
    private func run(
        _ atStart: [ProgramEffect], onKey: [Character: ProgramEffect] = [:], script: [ScriptedTerminal.Step] = [],
        answers: (ScriptedTerminal) -> Void = { _ in }
    ) -> (Requester, ScriptedTerminal, ProgramRunner.Ending) {
        let terminal = ScriptedTerminal(script: script)
        answers(terminal)
        var program = Requester(terminal: terminal, atStart: atStart, onKey: onKey)
        let ending = ProgramRunner.run(&program, on: terminal)
        return (program, terminal, ending)
    }

    @Test func theLibraryGuidesAnswerPrintsItsCountAndExitsHalfASecondAfterTheStart() {
        let (program, terminal, _) = run(
            [.run(ProcessRequest(identifier: 1, command: "notmuch count", environment: ["NOTMUCH_PROFILE": "work"]))]
        ) { terminal in
            terminal.answer(command: "notmuch count", with: .init(output: "7\n", afterSeconds: 0.5))
        }
        #expect(program.finished.map(\.time) == [0.5])
        #expect(program.finished.first?.result.count == 7)
        #expect(program.finished.first?.result.termination == .exited(0))
        #expect(
            terminal.processRequests == [
                ScriptedTerminal.RequestedRun(
                    request: ProcessRequest(
                        identifier: 1, command: "notmuch count", environment: ["NOTMUCH_PROFILE": "work"]),
                    time: 0, isForeground: false)
            ])
    }

    @Test func aRunEndedBeforeItsAnswerEndsThenBySIGTERM() {
        let (program, _, _) = run(
            [.run(ProcessRequest(identifier: 1, command: "slow"))],
            onKey: ["x": .endRun(requestIdentifier: 1)],
            script: [.init(at: 2, .input(.character("x"))), .init(at: 100, .input(.character("q")))]
        ) { terminal in
            terminal.answer(command: "slow", with: Answer(output: "1\n", afterSeconds: 20))
        }
        #expect(program.finished.map(\.time) == [2])
        #expect(program.finished.first?.result.termination == .signaled(SIGTERM))
        #expect(program.finished.first?.result.output == [])
    }

    @Test func answersArriveAtTheirTimesOnTheVirtualClockInTheOrderTheyEnd() {
        let clock = MonotonicClock()
        let (program, terminal, ending) = run(
            [
                .run(ProcessRequest(identifier: 1, command: "slow")),
                .run(ProcessRequest(identifier: 2, command: "fast")),
            ],
            onKey: ["x": .run(ProcessRequest(identifier: 3, command: "middle"))],
            script: [.init(at: 1, .input(.character("x"))), .init(at: 100, .input(.character("q")))]
        ) { terminal in
            terminal.answer(command: "slow", with: Answer(output: "1\n", afterSeconds: 20))
            terminal.answer(command: "fast", with: Answer(output: "2\n", afterSeconds: 0.5))
            terminal.answer(command: "middle", with: Answer(output: "3\n", afterSeconds: 0.5))
        }
        #expect(ending == .quit)
        #expect(program.finished.map(\.result.identifier) == [2, 3, 1])
        #expect(program.finished.map(\.time) == [0.5, 1.5, 20], "each at its answer's time, woken for it")
        #expect(program.finished.map(\.result.startTime) == [0, 1, 0])
        #expect(program.finished.map(\.result.endTime) == [0.5, 1.5, 20])
        #expect(program.finished.map(\.result.text) == ["2", "3", "1"])
        #expect(terminal.processRequests.map(\.time) == [0, 0, 1])
        #expect(terminal.now == 100)
        #expect(clock.now < 5, "100 virtual seconds took \(clock.now) s")
    }

    @Test func theAnswersForOneCommandAreUsedInTurnTheLastStaysAndAMatcherAnswersTheRest() {
        let again = ProgramEffect.run(ProcessRequest(identifier: 1, command: "count"))
        let (program, terminal, _) = run(
            [
                again,
                .run(
                    ProcessRequest(
                        identifier: 2, command: "notmuch count tag:inbox", environment: ["FOLDER": "inbox"])),
            ],
            onKey: ["x": again],
            script: [.init(at: 1, .input(.character("x"))), .init(at: 2, .input(.character("x")))]
        ) { terminal in
            terminal.answer(command: "count", with: Answer(output: "1\n"))
            terminal.answer(command: "count", with: Answer(output: "2\n"))
            terminal.answer(where: { $0.command.hasPrefix("notmuch ") }, with: Answer(output: "7\n"))
        }
        #expect(program.finished.map(\.result.text) == ["1", "7", "2", "2"])
        #expect(
            terminal.processRequests.map(\.request.command) == ["count", "notmuch count tag:inbox", "count", "count"])
        #expect(terminal.processRequests[1].request.environment == ["FOLDER": "inbox"])
        #expect(terminal.processRequests.allSatisfy { !$0.isForeground })
    }

    @Test func aRequestWithNoAnswerFailsAsItStartsAndSaysSoAndTheRunEnds() {
        let (program, terminal, ending) = run(
            [
                .run(ProcessRequest(identifier: 1, command: "notmuch count")),
                .run(ProcessRequest(identifier: 2, command: "missing-tool")),
            ]
        ) { terminal in
            terminal.answer(command: "missing-tool", with: Answer(termination: .couldNotStart("No such file")))
        }
        #expect(ending == .hangup, "nothing left to wait for")
        #expect(program.finished.map(\.time) == [0, 0])
        #expect(
            program.finished.map(\.result.termination) == [
                .couldNotStart("no scripted answer for 'notmuch count'"), .couldNotStart("No such file"),
            ])
        #expect(program.finished[0].result.summary == "could not start: no scripted answer for 'notmuch count'")
        #expect(terminal.processRequests.map(\.request.command) == ["notmuch count", "missing-tool"])
    }

    @Test func theCommandsAreNeverRun() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let command = "touch '\(marker)'"
        let (program, _, _) = run([.run(ProcessRequest(identifier: 1, command: command))]) { terminal in
            terminal.answer(command: command, with: Answer(afterSeconds: 1))
        }
        #expect(program.finished.map(\.result.succeeded) == [true])
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func aForegroundRunHasTheTerminalUntilItsAnswerThenGivesItBack() throws {
        let (program, terminal, _) = run(
            [.runInForeground(ProcessRequest(identifier: 5, command: "mail-client"))],
            script: [.init(at: 0.5, .input(.focus(isFocused: true)))]
        ) { terminal in
            terminal.answer(command: "mail-client", with: Answer(afterSeconds: 1))
        }
        #expect(program.handedOverTimes == [0, 0.5], "the child had the terminal until its end")
        #expect(program.finished.map(\.time) == [1])
        #expect(program.finished.first?.result.succeeded == true)
        #expect(terminal.processRequests.map(\.isForeground) == [true])
        let group = try #require(terminal.foregroundGroups.first)
        #expect(terminal.foregroundGroups.count == 1)
        #expect(kill(group, 0) == -1 && errno == ESRCH, "a group made up for the run, not a process")
        #expect(!terminal.isHandedOver)
    }

    @Test func aContinueWhileAChildHasTheTerminalIsTheChildsAndOneAfterItTakesTheTerminalBack() {
        let (_, terminal, _) = run(
            [.runInForeground(ProcessRequest(identifier: 3, command: "mail-client"))],
            script: [.init(at: 0.5, .continued), .init(at: 2, .continued)]
        ) { terminal in
            terminal.answer(command: "mail-client", with: Answer(afterSeconds: 1))
        }
        #expect(terminal.continuations == 1, "only the continue after the child's end takes the terminal back")
        #expect(!terminal.isHandedOver)
    }

    @Test func aForegroundRunThatCannotHaveTheTerminalEndsAtOnce() {
        let (program, terminal, _) = run([.runInForeground(ProcessRequest(identifier: 9, command: "mail-client"))]) {
            terminal in
            terminal.foregroundFailure = SystemError(call: "tcsetpgrp", errorNumber: EPERM)
            terminal.answer(command: "mail-client", with: Answer(afterSeconds: 30))
        }
        #expect(program.finished.map(\.time) == [0], "ended, not left to its answer")
        #expect(program.finished.first?.result.termination == .signaled(SIGKILL))
        #expect(program.problems == ["cannot give the terminal to 'mail-client': tcsetpgrp: Operation not permitted"])
        #expect(!terminal.isHandedOver)
    }

    @Test func anAnswerAtOrPastTheTimeLimitTimesOutAtTheLimit() {
        let (program, terminal, _) = run(
            [
                .run(ProcessRequest(identifier: 1, command: "slow", timeLimitSeconds: 2)),
                .run(ProcessRequest(identifier: 2, command: "quick", timeLimitSeconds: 2)),
                .run(ProcessRequest(identifier: 3, command: "just-at-the-limit", timeLimitSeconds: 2)),
            ]
        ) { terminal in
            terminal.answer(command: "slow", with: Answer(output: "1\n", afterSeconds: 5))
            terminal.answer(command: "quick", with: Answer(output: "2\n", afterSeconds: 1.5))
            terminal.answer(command: "just-at-the-limit", with: Answer(output: "3\n", afterSeconds: 2))
        }
        #expect(program.finished.map(\.result.identifier) == [2, 1, 3])
        #expect(program.finished.map(\.time) == [1.5, 2, 2])
        #expect(program.finished.map(\.result.termination) == [.exited(0), .timedOut, .timedOut])
        #expect(program.finished[1].result.summary == "timed out after 2 s")
        #expect(program.finished[1].result.output.isEmpty, "a run ended at its limit printed nothing")
        #expect(terminal.deadlines.contains(2), "woken at the limit")
        #expect(terminal.now == 2, "nothing waited for the answer past the limit")
    }

    @Test func outputIsCutToTheRequestsLimitAndTheFirstErrorLineIsKept() {
        let (program, _, _) = run(
            [
                .run(ProcessRequest(identifier: 1, command: "long", outputLimitBytes: 3)),
                .run(ProcessRequest(identifier: 2, command: "quiet", outputLimitBytes: 0)),
            ]
        ) { terminal in
            terminal.answer(
                command: "long", with: Answer(output: "12345", errors: "\nwarning: slow\nmore\n", status: 1))
            terminal.answer(command: "quiet", with: Answer(output: "12345"))
        }
        let long = program.finished[0].result
        #expect(long.output == Array("123".utf8))
        #expect(long.outputWasCut)
        #expect(long.firstErrorLine == "warning: slow")
        #expect(long.summaryWithErrorLine == "exit 1 (warning: slow)")
        let quiet = program.finished[1].result
        #expect(quiet.output.isEmpty)
        #expect(!quiet.outputWasCut, "output not kept goes nowhere, as to /dev/null")
    }
}
