import BadgeKit
import BadgeTerminal
import Foundation
import TestSupport
import Testing

@testable import badgebar

/// `docs/line-mode.md`: the session it shows is what line mode writes for the demo.
@Suite struct LineModeGuideTests {
    /// The lines after `$ badgebar --lines` in the guide's first block.
    func shownLines() throws -> [String] {
        let guide = try MarkdownDocument("docs/line-mode.md")
        let session = try #require(guide.fencedBlocks("").first { $0.text.hasPrefix("$ badgebar --lines\n") }).text
        return session.split(separator: "\n").dropFirst().map(String.init)
    }

    /// The demo in line mode through the runner: auto-play's three steps, then `1` at 4.5 s clears Messages.
    @Test func theSessionShownIsTheDemosThreeStepsAndAPressOfOne() throws {
        let output = try SystemDescriptor.pipe()
        let messages = try SystemDescriptor.pipe()
        defer {
            output.read.close()
            messages.read.close()
        }
        let sinks: [SinkName: OutputSink] = [
            .output: OutputSink(descriptor: output.write, name: "output", owned: true),
            .messages: OutputSink(descriptor: messages.write, name: "messages", owned: true),
        ]
        var program = LineModeProgram(
            board: Inbox.demo(startTime: 0, autoPlays: true), sources: [],
            readsKeys: true)
        let terminal = ScriptedTerminal(script: [
            .init(at: 4.5, .input(.character("1"))), .init(at: 5, .terminate(SIGTERM)),
        ])
        #expect(ProgramRunner.run(&program, on: terminal, sinks: sinks) == .terminated(signal: SIGTERM))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(output.read.rawValue, &buffer, buffer.count)
        let written = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
        #expect(written.split(separator: "\n").map(String.init) == (try shownLines()))
    }
}
