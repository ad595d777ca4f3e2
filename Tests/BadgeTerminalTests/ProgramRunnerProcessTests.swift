import BadgeKit
import CNCursesW
import Foundation
import TerminalTestSupport
import Testing

@testable import BadgeTerminal

/// A program that runs the commands it is given at the start and keeps their results.
private struct Commander: TerminalProgram {
    var commands: [ProgramEffect]
    var results: [ProcessResult] = []
    var problems: [ProgramEvent] = []
    /// Quits once this many results are in.
    var expected: Int

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
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

/// The runner with real children, on a scripted screen with a reactor that waits for them in real time.
///
/// Serialized: each test looks at the test process's children, which the others would add to.
@Suite(.serialized) struct ProgramRunnerProcessTests {
    private func run(
        _ commands: [ProgramEffect], expecting count: Int, configure: (ScriptedTerminal) -> Void = { _ in }
    ) -> (Commander, ScriptedTerminal) {
        let terminal = ScriptedTerminal()
        configure(terminal)
        var program = Commander(commands: commands, expected: count)
        _ = ProgramRunner.run(
            &program, screen: terminal, holder: terminal,
            reactor: RealTimeScript([.init(at: 1000, .input(.character("q")))]))
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

    @Test func aCommandInTheBackgroundLeadsASessionOfItsOwnWithNoTerminal() {
        // Fields 5, 6 and 7 of /proc/PID/stat: process group, session, controlling terminal (0 for none).
        let (program, _) = run(
            [.run(ProcessRequest(identifier: 1, command: "echo $$; cut -d' ' -f5-7 /proc/$$/stat"))], expecting: 1)
        let lines =
            program.results.first.map { String(decoding: $0.output, as: UTF8.self) }?
            .split(separator: "\n").map(String.init) ?? []
        guard lines.count == 2 else {
            Issue.record("two lines expected: \(lines)")
            return
        }
        let shell = lines[0]
        #expect(lines[1] == "\(shell) \(shell) 0", "group, session and terminal of shell \(shell): \(lines[1])")
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

    @Test func aRunEndedByTheProgramIsEndedWithItsGroupAndItsResultComesBack() {
        let (program, _) = run(
            [
                .run(ProcessRequest(identifier: 5, command: "sleep 30 & sleep 30")),
                .run(ProcessRequest(identifier: 6, command: "echo 1")),
                .endRun(requestIdentifier: 5), .endRun(requestIdentifier: 99),
            ], expecting: 2)
        let ended = program.results.first { $0.identifier == 5 }
        #expect(ended?.termination == .signaled(SIGTERM))
        #expect(program.results.first { $0.identifier == 6 }?.succeeded == true)
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
        let terminal = ScriptedTerminal()
        var program = Commander(
            commands: [.run(ProcessRequest(identifier: 6, command: "sleep 30"))], expected: 1)
        let reactor = RealTimeScript([.init(at: 0.2, .terminate(SIGTERM))])
        #expect(
            ProgramRunner.run(&program, screen: terminal, holder: terminal, reactor: reactor)
                == .terminated(signal: SIGTERM))
        let survivors = try String(contentsOfFile: "/proc/\(getpid())/task/\(getpid())/children", encoding: .utf8)
        #expect(survivors.trimmingCharacters(in: .whitespaces).isEmpty, "children left: \(survivors)")
    }

    @Test func linesGoToASinkAndAReaderThatLeavesIsReportedOnce() throws {
        let ends = try SystemDescriptor.pipe()
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
        #expect(
            sink.takeProblem()
                == .closed(errorNumber: EPIPE, reason: SystemError(call: "write", errorNumber: EPIPE).reason))
        #expect(sink.takeProblem() == nil)
    }

    @Test func aReaderThatDoesNotKeepUpLosesWholeLinesAndIsToldHowMany() throws {
        let ends = try SystemDescriptor.pipe()
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

    /// Whether a process is running (not gone, not a zombie).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = status.lastIndex(of: ")")
        else { return false }
        return !status[close...].hasPrefix(") Z")
    }

    /// Polls until a process has ended, for at most a few seconds; whether it did.
    private static func ends(_ pid: pid_t) -> Bool {
        for _ in 0..<200 where isRunning(pid) {
            usleep(20_000)
        }
        return !isRunning(pid)
    }

    /// A shell command that writes what its standard input, output and error are to a file, a line each.
    private static func reportStandardStreams(to path: String) -> String {
        "a=$(readlink /proc/$$/fd/0); b=$(readlink /proc/$$/fd/1); c=$(readlink /proc/$$/fd/2); "
            + "printf '%s\\n' \"$a\" \"$b\" \"$c\" > '\(path)'"
    }

    @Test func aForegroundRunGetsTheTerminalAsItsInputOutputAndErrors() throws {
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        try #require(grantpt(master) == 0 && unlockpt(master) == 0)
        let slavePath = try #require(ptsname(master).map { String(cString: $0) })
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("streams-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let terminal = ScriptedTerminal()
        terminal.childTerminalPath = slavePath
        // The shell's own descriptors, as an editor or a pager would find them.
        var program = Commander(
            commands: [
                .runInForeground(
                    ProcessRequest(
                        identifier: 9,
                        command: Self.reportStandardStreams(to: report)))
            ], expected: 1)
        _ = ProgramRunner.run(
            &program, screen: terminal, holder: terminal,
            reactor: RealTimeScript([.init(at: 1000, .input(.character("q")))]))
        #expect(program.results.first?.succeeded == true)
        let streams = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(streams == [slavePath, slavePath, slavePath])
    }

    @Test func aForegroundRunWithoutATerminalGetsDevNullNotTheProgramsStreams() throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("null-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let (program, _) = run(
            [
                .runInForeground(
                    ProcessRequest(
                        identifier: 12,
                        command: Self.reportStandardStreams(to: report)))
            ], expecting: 1)
        #expect(program.results.first?.succeeded == true)
        let streams = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(streams == ["/dev/null", "/dev/null", "/dev/null"])
    }

    @Test func aSpawnSetUpThatFailsIsReportedAndNothingRuns() {
        let supervisor = ProcessSupervisor()
        // No such descriptor: the step that gives it to the child as its standard streams fails.
        let result = supervisor.start(
            ProcessRequest(identifier: 13, command: "true"), at: 0, foreground: true,
            terminal: SystemDescriptor(rawValue: -1))
        #expect(result?.termination == .couldNotStart("posix_spawn_file_actions_adddup2: Bad file descriptor"))
        #expect(supervisor.isEmpty, "nothing was started")
    }

    @Test func aCommandThatNeverStopsWritingIsNotReadPastItsLimitAndEnds() {
        let clock = MonotonicClock()
        let result = ProcessSupervisor.runAllToEnd([
            ProcessRequest(identifier: 1, command: "exec yes", timeLimitSeconds: 20, outputLimitBytes: 10)
        ])[0]
        #expect(result.termination == .signaled(SIGPIPE), "its next write after the limit ended it")
        #expect(result.outputWasCut)
        #expect(result.output.count == 10)
        #expect(clock.now < 10, "it ended at once, not at its time limit (\(clock.now) s)")
    }

    @Test func aCommandThatNeverStopsWritingErrorsEndsAtTheReadBoundAndAPageOfWarningsDoesNot() {
        let clock = MonotonicClock()
        let results = ProcessSupervisor.runAllToEnd([
            ProcessRequest(identifier: 0, command: "exec yes >&2", timeLimitSeconds: 20),
            // 64 KiB of warnings, then a normal end.
            ProcessRequest(identifier: 1, command: "head -c 65536 /dev/zero | tr '\\0' w >&2; echo 3"),
        ])
        #expect(results[0].termination == .signaled(SIGPIPE), "its next write after the bound ended it")
        #expect(results[0].firstErrorLine == "y")
        #expect(clock.now < 10, "it ended at once, not at its time limit (\(clock.now) s)")
        #expect(results[1].termination == .exited(0))
        #expect(String(decoding: results[1].output, as: UTF8.self) == "3\n")
    }

    @Test func outputNotKeptGoesNowhereAndTheCommandRunsToItsEnd() {
        let result = ProcessSupervisor.runAllToEnd([
            ProcessRequest(
                identifier: 1, command: "head -c 1000000 /dev/zero; echo done >&2", timeLimitSeconds: 20,
                outputLimitBytes: 0)
        ])[0]
        #expect(result.termination == .exited(0))
        #expect(result.output.isEmpty)
        #expect(!result.outputWasCut)
        #expect(result.firstErrorLine == "done")
    }

    @Test func whatAFinishedRunLeftInTheBackgroundIsKilledWhenItIgnoresSIGTERM() throws {
        let (program, _) = run(
            [
                .run(
                    ProcessRequest(
                        identifier: 10,
                        command: "(trap '' TERM; exec sleep 30) </dev/null >/dev/null 2>&1 & echo $!"))
            ], expecting: 1)
        let output = program.results.first.map { String(decoding: $0.output, as: UTF8.self) } ?? ""
        let pid = try #require(pid_t(output.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGKILL) }
        #expect(Self.ends(pid), "the background process that ignores SIGTERM was killed at the end")
    }

    @Test func aTerminationSignalEndsTheRunsToTheEndAtOnce() throws {
        let clock = MonotonicClock()
        var asked = 0
        let results = ProcessSupervisor.runAllToEnd(
            [
                ProcessRequest(identifier: 1, command: "sleep 30", timeLimitSeconds: 20),
                ProcessRequest(identifier: 2, command: "echo 4", timeLimitSeconds: 20),
            ],
            interruption: {
                asked += 1
                return clock.now > 0.5 ? SIGTERM : nil
            })
        #expect(asked > 1)
        #expect(results.map(\.identifier) == [1, 2])
        #expect(results[0].termination == .signaled(SIGTERM), "ended, not waited for")
        #expect(results[1].succeeded)
        #expect(clock.now < 5, "returned after \(clock.now) s")
        let survivors = try String(contentsOfFile: "/proc/\(getpid())/task/\(getpid())/children", encoding: .utf8)
        #expect(survivors.trimmingCharacters(in: .whitespaces).isEmpty, "children left: \(survivors)")
    }

    @Test func runningToTheEndLeavesNothingRunningBehind() throws {
        let result = ProcessSupervisor.runAllToEnd([
            ProcessRequest(
                identifier: 1, command: "sleep 30 </dev/null >/dev/null 2>&1 & echo $!", timeLimitSeconds: 20)
        ])[0]
        #expect(result.succeeded)
        let pid = try #require(
            pid_t(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGKILL) }
        #expect(Self.ends(pid), "what the run left in the background ended with the call")
    }

    @Test func aRunThatIgnoresSIGTERMAndAStalledSinkShareOneExitDeadline() throws {
        let ends = try SystemDescriptor.pipe()
        defer { ends.read.close() }
        // A reader that never reads: the sink keeps lines waiting until it gives up.
        let sink = OutputSink(descriptor: ends.write, name: "pipe", owned: true, bufferLimitBytes: 1 << 20)
        let line = String(repeating: "x", count: 1000)
        while !sink.hasPending {
            sink.write(line: line)
        }
        let terminal = ScriptedTerminal()
        // Time for the shell to ignore SIGTERM before the program ends.
        let reactor = RealTimeScript([.init(at: 0.3, .terminate(SIGTERM))])
        var program = Commander(
            commands: [.run(ProcessRequest(identifier: 11, command: "trap '' TERM; sleep 30; exit 0"))], expected: 1)
        let clock = MonotonicClock()
        let deadline = ExitDeadline(seconds: 1.2)
        #expect(
            ProgramRunner.run(
                &program, screen: terminal, holder: terminal, reactor: reactor, sinks: ["out": sink],
                exitDeadline: deadline)
                == .terminated(signal: SIGTERM))
        // What restores the terminal after the runner still has its share, however slow the child and the reader.
        #expect(deadline.secondsLeft > TerminalSession.leaveWaitSeconds - 0.1, "\(deadline.secondsLeft) s left")
        // The child's grace (at most 1 s) and the sink's wait come out of the same 1.2 s, after the 0.3 s of
        // real waiting; with a wait each it would take 2.3 s.
        #expect(clock.now < 1.9, "the way out took \(clock.now) s")
        let survivors = try String(contentsOfFile: "/proc/\(getpid())/task/\(getpid())/children", encoding: .utf8)
        #expect(survivors.trimmingCharacters(in: .whitespaces).isEmpty, "children left: \(survivors)")
    }
}
