import Foundation
import Testing

extension EndToEnd {
    @Suite("Long sequences") struct LongSequenceTests {
        /// Text that would act if any of it leaked as keys: q quits, digits clear badges, CR clears the
        /// focused one. It ends in `q123`, so a decoder that gives up after some length leaks a quit.
        private static func actingText(count: Int) -> [UInt8] {
            let unit = Array("the quick q123 fox jumps 0 over 456 lazy 789 dogs\r".utf8)
            return (0..<(count - 4)).map { unit[$0 % unit.count] } + Array("q123".utf8)
        }

        /// How a sequence reaches the program.
        ///
        /// Either way it comes in one burst, as a terminal sends it: a sequence whose bytes stop coming for
        /// the escape delay is over, so one split between tmux commands (each a new client, often more
        /// than 25 ms apart) would be cut there.
        enum Delivery: Sendable {
            /// Typed with one `send-keys -H` (tmux takes a command of at most 16 KiB, three characters a byte).
            case keys
            /// Pasted byte for byte from a tmux buffer (`paste-buffer -r`: no newline translation).
            case buffer
        }

        /// Sequences that must be consumed whole, however long: none of their bytes may act as a key.
        static let sequences: [(String, Delivery)] = [
            ("a CSI with 64 parameter bytes (1; 32 times) ending in q", .keys),
            ("an SGR of 64 zeros and then 1;2;3m", .keys),
            ("a 5000-byte OSC holding q123", .buffer),
            ("a 5000-byte DCS holding q123", .buffer),
            ("a bracketed paste of 1,000,001 bytes holding q and digits", .buffer),
        ]

        /// The bytes of each of ``sequences``, by name.
        private static func bytes(of name: String) -> [UInt8] {
            switch name {
            case sequences[0].0:
                return Array("\u{1B}[".utf8) + Array(repeating: Array("1;".utf8), count: 32).flatMap { $0 } + [
                    UInt8(ascii: "q")
                ]
            case sequences[1].0:
                return Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "0"), count: 64) + Array("1;2;3m".utf8)
            case sequences[2].0:
                return Array("\u{1B}]0;".utf8) + actingText(count: 4995) + [0x07]
            case sequences[3].0:
                return Array("\u{1B}P1$q".utf8) + actingText(count: 4993) + Array("\u{1B}\\".utf8)
            default:
                return Array("\u{1B}[200~".utf8) + actingText(count: 1_000_001) + Array("\u{1B}[201~".utf8)
            }
        }

        @Test(
            "A long sequence acts as no key: badges unchanged, the next key acts, q quits with 0", arguments: sequences)
        func longSequenceActsAsNothing(_ name: String, _ delivery: Delivery) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let bytes = Self.bytes(of: name)

            switch delivery {
            case .keys:
                try terminal.sendBytes(bytes)
            case .buffer:
                let files = try TemporaryDirectory()
                defer { files.remove() }
                let paste = files.path + "/paste"
                try Data(bytes).write(to: URL(fileURLWithPath: paste))
                try terminal.tmux(["load-buffer", "-b", "paste", paste])
                try terminal.tmux(["paste-buffer", "-r", "-d", "-b", "paste", "-t", TmuxTerminal.target])
            }
            // Input is read in order: once the Tab after the sequence has moved the focus, all of it was read.
            try terminal.sendKeys("Tab")
            let screen = try terminal.waitUntil("the Tab after \(name) to move the focus", timeout: .seconds(20)) {
                $0.exitStatus != nil || $0[InboxLayout.statusRow].hasPrefix(" Cart: none unread ")
            }
            #expect(screen.exitStatus == nil, "\(name) quit the program\n\(screen)")
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "96"], "\(name) cleared a badge\n\(screen)")
            guard screen.exitStatus == nil else { return }

            try terminal.sendKeys("q")
            try terminal.expectExit(0, after: "\(name), then q")
            try terminal.expectRestored(after: "\(name), then q")
        }
    }
}
