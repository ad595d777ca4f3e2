import Testing

extension EndToEnd {
    @Suite("Quitting") struct QuitTests {
        @Test("q, Escape and Ctrl-C quit with status 0 and restore the terminal", arguments: ["q", "Escape", "C-c"])
        func quitKey(_ key: String) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.expectRunningState()

            try terminal.sendKeys(key)
            try terminal.expectExit(0, after: key)
            try terminal.expectRestored(after: key)
        }

        /// Input that leaves a sequence open, as a person types it (Alt-] is ESC ], the start of an OSC string) or
        /// as a terminal cuts it short, with its name.
        static let openSequences: [(String, [UInt8])] = [
            ("Alt-] (ESC ], OSC)", [0x1B, 0x5D]), ("Alt-P (ESC P, DCS)", [0x1B, 0x50]),
            ("Alt-_ (ESC _, APC)", [0x1B, 0x5F]), ("Alt-^ (ESC ^, PM)", [0x1B, 0x5E]),
            ("Alt-X (ESC X, SOS)", [0x1B, 0x58]), ("an OSC with a body", Array("\u{1B}]0;title".utf8)),
            ("an unfinished CSI", Array("\u{1B}[1;5".utf8)), ("an unfinished SS3", Array("\u{1B}O1".utf8)),
            ("an unfinished X10 mouse report", Array("\u{1B}[M ".utf8)),
            ("an escape intermediate (Alt-Space)", [0x1B, 0x20]), ("half a UTF-8 character", [0xE2, 0x82]),
            ("an unterminated bracketed paste", Array("\u{1B}[200~pasted".utf8)),
        ]

        @Test(
            "After input that leaves a sequence open (Alt-], ESC P, a CSI cut short...), q and Ctrl-C still quit",
            // Each sequence once, followed by q or (every other one, Alt-] first) Ctrl-C.
            arguments: zip(openSequences.map(\.0), openSequences.indices.map { $0 % 2 == 0 ? "C-c" : "q" }))
        func quitAfterAnOpenSequence(_ name: String, _ key: String) throws {
            let bytes = try #require(Self.openSequences.first { $0.0 == name }?.1)
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()

            // The key a moment later, as a person types it: a separate read, well past the escape delay.
            try terminal.sendBytes(bytes)
            let screen = try terminal.waitUntilStill(for: .milliseconds(300))
            #expect(screen.exitStatus == nil, "\(name) alone quit the program\n\(screen)")
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "96"], "\(name) acted\n\(screen)")
            try terminal.sendKeys(key)
            try terminal.expectExit(0, after: "\(name), then \(key)", timeout: .seconds(3))
            try terminal.expectRestored(after: "\(name), then \(key)")
        }

        @Test("Quitting from the middle of an animation still restores the terminal")
        func quitWhileAnimating() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            try terminal.sendKeys("3", "q")
            #expect(try terminal.waitForExit() == 0)
            try terminal.expectRestored(after: "3 then q")
        }
    }
}
