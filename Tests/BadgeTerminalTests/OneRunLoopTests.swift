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

    /// The run loop exists once: only the runner waits for events, and nothing outside the terminal layer polls.
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
                if text.contains(".waitForEvents(") && !path.hasSuffix("Program/ProgramRunner+Loop.swift") {
                    offenders.append("\(path) waits for events")
                }
                if text.contains("poll(") && !path.hasPrefix("Sources/BadgeTerminal/") {
                    offenders.append("\(path) polls")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

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
