import Testing

extension EndToEnd {
    @Suite("Live counts under load") struct LiveCountsFloodTests {
        @Test("A writer that never pauses (yes) cannot hold up the screen or the keys")
        func neverPausingWriter() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--button", "Mail:envelope:5", "--counts-from", "-"],
                pipeline: "yes Mail+=1 | \"$0\" \"$@\"")
            defer { terminal.close() }
            // The count races past the limit while frames keep coming.
            try terminal.waitUntil("the badge to pass the limit") { $0.words(row: InboxLayout.badgeRow) == ["99+"] }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}
