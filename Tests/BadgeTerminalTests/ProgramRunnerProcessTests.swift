import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

/// A program that runs the commands it is given at the start and keeps their results.
private struct Commander: TerminalProgram {
    var commands: [ProgramCommand]
    var results: [ProcessResult] = []
    var problems: [ProgramEvent] = []
    /// Quits once this many results are in.
    var expected: Int

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramCommand {
        switch event {
        case .input(.resize):
            defer { commands = [] }
            return .batch(commands)
        case .processFinished(let result):
            results.append(result)
            return results.count >= expected ? .quit : .none
        case .sinkProblem, .problem:
            problems.append(event)
        default:
            break
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {}

    func nextWakeTime(after time: Double) -> Double? { nil }
}

/// Serialized: each test looks at the test process's children, which the others would add to.
@Suite(.serialized) struct ProgramRunnerProcessTests {
    private func run(
        _ commands: [ProgramCommand], expecting count: Int, configure: (ScriptedTerminal) -> Void = { _ in }
    ) -> (Commander, ScriptedTerminal) {
        let terminal = ScriptedTerminal(script: [.init(at: 1000, .input(.character("q")))])
        terminal.realWaitSeconds = 0.2
        configure(terminal)
        var program = Commander(commands: commands, expected: count)
        _ = ProgramRunner.run(&program, on: terminal)
        return (program, terminal)
    }

    @Test func aCommandsOutputAndStatusComeBack() {
        let (program, _) = run(
            [.run(ProcessRequest(identifier: 7, command: "echo 42; echo oops >&2; exit 3"))], expecting: 1)
        let result = program.results.first
        #expect(result?.identifier == 7)
        #expect(result?.termination == .exited(3))
        #expect(result.map { String(decoding: $0.output, as: UTF8.self) } == "42\n")
        #expect(result?.firstErrorLine == "oops")
        #expect(result?.summary == "exit 3")
    }

    @Test func theEnvironmentIsAddedToTheProgramsOwn() {
        let (program, _) = run(
            [
                .run(
                    ProcessRequest(
                        identifier: 1, command: "printf '%s %s' \"$BADGEBAR_BUTTON\" \"${PATH:+path}\"",
                        environment: ["BADGEBAR_BUTTON": "Mail"]))
            ], expecting: 1)
        #expect(program.results.first.map { String(decoding: $0.output, as: UTF8.self) } == "Mail path")
    }

    @Test func aRunPastItsLimitIsEndedWithItsWholeGroup() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("group-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let (program, _) = run(
            [
                .run(
                    ProcessRequest(
                        identifier: 2, command: "(sleep 30; touch '\(marker)') & sleep 30", timeLimitSeconds: 0.2))
            ], expecting: 1)
        #expect(program.results.first?.termination == .timedOut)
        usleep(200_000)
        #expect(!FileManager.default.fileExists(atPath: marker))
        let survivors = try String(contentsOfFile: "/proc/\(getpid())/task/\(getpid())/children", encoding: .utf8)
        #expect(survivors.trimmingCharacters(in: .whitespaces).isEmpty, "children left: \(survivors)")
    }

    @Test func whatAFinishedRunLeftInTheBackgroundEndsWithTheProgram() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("left-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let (program, _) = run(
            [
                .run(
                    ProcessRequest(
                        identifier: 8, command: "(sleep 1; touch '\(marker)') </dev/null >/dev/null 2>&1 & echo 3"))
            ], expecting: 1)
        #expect(program.results.first?.succeeded == true)
        usleep(1_500_000)
        #expect(!FileManager.default.fileExists(atPath: marker), "the background sleep was ended at the end")
    }

    @Test func outputPastTheLimitIsDroppedAndSaidSo() {
        let (program, _) = run(
            [.run(ProcessRequest(identifier: 3, command: "head -c 100000 /dev/zero", outputLimitBytes: 10))],
            expecting: 1)
        #expect(program.results.first?.output.count == 10)
        #expect(program.results.first?.outputWasCut == true)
    }

    @Test func aCommandThatCannotStartIsReported() {
        let (program, _) = run([.run(ProcessRequest(identifier: 4, command: "exit 127"))], expecting: 1)
        #expect(program.results.first?.termination == .exited(127))
    }

    @Test func theForegroundRunHasTheTerminalAndGivesItBack() {
        let (program, terminal) = run(
            [.runInForeground(ProcessRequest(identifier: 5, command: "true"))], expecting: 1)
        #expect(program.results.first?.succeeded == true)
        #expect(terminal.foregroundGroups.count == 1)
        #expect(!terminal.isHandedOver)
    }

    @Test func aForegroundRunThatCannotHaveTheTerminalEndsAtOnceAndSaysWhy() {
        let (program, terminal) = run(
            [.runInForeground(ProcessRequest(identifier: 9, command: "sleep 30"))], expecting: 1
        ) { $0.foregroundFailure = SystemError(call: "tcsetpgrp", errorNumber: EPERM) }
        #expect(program.results.first?.termination == .signaled(SIGKILL), "ended, not left to stop at its first read")
        #expect(
            program.problems == [.problem("cannot give the terminal to 'sleep 30': tcsetpgrp: Operation not permitted")]
        )
        #expect(!terminal.isHandedOver, "the terminal taken back once it ended")
    }

    @Test func aForegroundRunThatStopsAgainAsSoonAsItIsContinuedIsEndedNotContinuedForever() {
        let processes = ProcessSupervisor()
        // As a command reading a terminal it was never given would: SIGTTIN at once, every time it runs.
        let request = ProcessRequest(identifier: 10, command: "while :; do kill -TTIN $$; done")
        #expect(processes.start(request, at: 0, foreground: true) == nil)
        var results: [ProcessResult] = []
        let clock = MonotonicClock()
        while results.isEmpty && clock.now < 10 {
            results = processes.reap(at: clock.now)
            usleep(1_000)
        }
        processes.endAll()
        #expect(results.first?.termination == .signaled(SIGKILL), "ended, not continued without end")
        #expect(clock.now < 5)
    }

    @Test func runsStillGoingWhenTheProgramEndsAreEnded() throws {
        let terminal = ScriptedTerminal(script: [.init(at: 1, .terminate(SIGTERM))])
        var program = Commander(
            commands: [.run(ProcessRequest(identifier: 6, command: "sleep 30"))], expected: 1)
        #expect(ProgramRunner.run(&program, on: terminal) == .terminated(signal: SIGTERM))
        let survivors = try String(contentsOfFile: "/proc/\(getpid())/task/\(getpid())/children", encoding: .utf8)
        #expect(survivors.trimmingCharacters(in: .whitespaces).isEmpty, "children left: \(survivors)")
    }

    @Test func linesGoToASinkAndAReaderThatLeavesIsReportedOnce() throws {
        let ends = try FileDescriptor.pipe()
        let sink = OutputSink(descriptor: ends.write, name: "pipe", owned: true)
        ends.read.close()
        var ignore = sigaction()
        var previous = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGPIPE, &ignore, &previous)
        defer { sigaction(SIGPIPE, &previous, nil) }
        #expect(sink.write(line: "one") == true || sink.failure != nil)
        sink.write(line: "two")
        #expect(sink.failure?.errorNumber == EPIPE)
        #expect(sink.takeProblem() == .closed(SystemError(call: "write", errorNumber: EPIPE)))
        #expect(sink.takeProblem() == nil)
    }

    @Test func aReaderThatDoesNotKeepUpLosesWholeLinesAndIsToldHowMany() throws {
        let ends = try FileDescriptor.pipe()
        defer { ends.read.close() }
        let sink = OutputSink(descriptor: ends.write, name: "pipe", owned: true, bufferLimitBytes: 100)
        let line = String(repeating: "x", count: 40)
        var written = 0
        for _ in 0..<5000 where sink.write(line: line) {
            written += 1
        }
        #expect(sink.takeProblem() == .dropped(lineCount: 5000 - written))
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let count = read(ends.read.rawValue, &buffer, buffer.count)
        #expect(count % 41 == 0, "only whole lines reach the reader")
    }
}
