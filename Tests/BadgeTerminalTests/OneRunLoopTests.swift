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
}
