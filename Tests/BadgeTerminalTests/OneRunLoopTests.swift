import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

/// The own program of `docs/library.md`, as written there, on a scripted terminal.
private struct Counter: TerminalProgram {
    var toolbar = BadgeToolbar(title: "Counter", buttons: [BadgedButton(title: "Hits", symbolName: "star", count: 0)])

    mutating func update(_ event: ProgramEvent, at time: Double) -> ProgramEffect {
        switch event {
        case .input(.character("q")): return .quit
        case .input(.character(" ")): toolbar.increment(buttonAt: 0, at: time)
        default: break
        }
        return .none
    }

    func render(into canvas: inout Canvas, at time: Double) {
        toolbar.render(into: &canvas, row: 2, at: time, appearance: ToolbarAppearance(widths: .terminal))
    }

    func nextWakeTime(after time: Double) -> Double? {
        toolbar.nextVisibleChange(after: time, frameInterval: 1.0 / 60)
    }
}

@Suite struct OneRunLoopTests {
    @Test func theLibraryGuidesScriptedExampleHoldsAsWritten() {
        let terminal = ScriptedTerminal(script: [
            .init(at: 1, .input(.character(" "))), .init(at: 2, .terminate(SIGTERM)),
        ])
        var counter = Counter()
        #expect(ProgramRunner.run(&counter, on: terminal) == .terminated(signal: SIGTERM))
        #expect(terminal.lastFrame?.line(at: 1).contains("1") == true)
    }

    /// The run loop exists once: only the runner waits with the reactor, only the reactor polls in a run (the
    /// other waits come before a run or after it), and nothing outside the terminal layer polls.
    @Test func onlyTheRunnerWaits() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var offenders: [String] = []
        for directory in ["Sources", "Tests/Fixtures"] {
            let base = root.appendingPathComponent(directory)
            let files =
                FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                let path = file.path.replacingOccurrences(of: root.path + "/", with: "")
                if text.contains("reactor.wait(until:") && !path.hasSuffix("Program/ProgramRunner+Loop.swift") {
                    offenders.append("\(path) waits with the reactor")
                }
                if text.contains("Platform.poll(&") && !Self.waitsOutsideARun.contains(where: path.hasSuffix) {
                    offenders.append("\(path) polls")
                }
                if text.contains("poll(") && !path.hasPrefix("Sources/BadgeTerminal/") {
                    offenders.append("\(path) polls")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    /// The screen backend only draws and holds the terminal: at most eight requirements, counted in its
    /// protocol and the holder's it refines; line mode's terminal holds one and is no screen.
    @Test func theScreenBackendHasAtMostEightRequirementsAndLineModeHasNone() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BadgeTerminal/Backend/TerminalBackend.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        func requirements(of name: String) -> Int {
            guard let start = text.range(of: "public protocol \(name)"),
                let end = text.range(of: "\n}\n", range: start.upperBound..<text.endIndex)
            else { return -1 }
            return text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { line in
                let code = line.trimmingCharacters(in: .whitespaces)
                return code.hasPrefix("func ") || code.hasPrefix("var ")
            }.count
        }
        #expect(requirements(of: "TerminalHolder") == 3)
        #expect(requirements(of: "TerminalBackend") == 5)
        let lineMode = try LineModeTerminal(keys: .none, environment: { _ in nil })
        defer { lineMode.close() }
        #expect(!((lineMode as AnyObject) is any TerminalBackend))
    }

    /// The files that poll besides the reactor, each outside the run loop's turns.
    static let waitsOutsideARun = [
        // The one wait of a run.
        "Reactor/SystemReactor.swift",
        // The scripted reactor asks without waiting whether a real descriptor has something to read.
        "Backend/ScriptedTerminal.swift",
        // A message to standard error, before a run or after it.
        "System/MessageWriter.swift",
        // Waiting for a FIFO's first writer, before a run.
        "System/FirstWriterWait.swift",
        // What a sink still holds, after the loop, within the exit deadline.
        "System/NonBlockingWriter.swift",
        // One descriptor's readiness: asked without a wait in a run, or waited for before one.
        "System/SystemDescriptor.swift",
        // Asking tmux before a run how to notify (a child run to its end).
        "Processes/ProcessSupervisor+RunToEnd.swift",
    ]

    /// CONTRIBUTING.md's rule that every system call has one wrapper holds for the calls that wait or signal:
    /// a search of the sources finds `poll(`, `waitpid(` and `kill(` called only in Platform.swift.
    @Test func everyRawWaitAndSignalIsInThePlatformFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        // A call, not a method (`.poll(`), a declaration (`func poll(`) or a name that ends so (`cPoll(`).
        let rawCall = try Regex(#"(^|[^\w.])(poll|waitpid|kill)\("#)
        let declaration = try Regex(#"func (poll|waitpid|kill)\("#)
        var calls: [String: [String]] = [:]
        for file in files {
            let path = file.path.replacingOccurrences(of: root.path + "/", with: "")
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).enumerated() {
                let code = (line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                    .replacing(declaration, with: "")
                if code.contains(rawCall) {
                    calls[path, default: []].append("\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(calls.keys.sorted() == ["Sources/BadgeTerminal/Platform/Platform.swift"], "\(calls)")
        #expect(calls.values.joined().count == 3, "one call each: \(calls)")
    }
}
