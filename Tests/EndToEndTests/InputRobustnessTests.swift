import Glibc
import TestSupport
import Testing

extension EndToEnd {
    @Suite("Input robustness") struct InputRobustnessTests {
        /// Bytes that legitimately act on their own: quit (q, Q, Ctrl-C), suspend (Ctrl-Z), Ctrl-\,
        /// clear a badge (digits, Space, Enter as CR or LF) or lead to one (Tab moves the focus).
        private static let actingBytes = Set(Array("qQ0123456789 ".utf8) + [0x03, 0x1A, 0x1C, 0x0D, 0x0A, 0x09])

        /// Random bytes from a fixed seed, in chunks of 20 to 120, with none of ``actingBytes`` and no
        /// chunk ending in ESC (a lone ESC is the Escape key). NUL, other control bytes, ESC inside a
        /// chunk and bytes that are not UTF-8 are all there.
        private static func randomChunks(seed: UInt64, total: Int) -> [[UInt8]] {
            var generator = SeededGenerator(seed: seed)
            let allowed = (0...255).map(UInt8.init).filter { !actingBytes.contains($0) }
            var chunks: [[UInt8]] = []
            var count = 0
            while count < total {
                var chunk = (0..<Int.random(in: 20...120, using: &generator)).map { _ in
                    allowed.randomElement(using: &generator)!
                }
                while chunk.last == 0x1B { chunk.removeLast() }
                count += chunk.count
                chunks.append(chunk)
            }
            return chunks
        }

        /// Sequences that are no keys of the program, each of which must be dropped whole.
        private static let hostileSequences: [(String, [UInt8])] = [
            ("invalid UTF-8", [0xFF, 0xFE, 0xC3]),
            ("a truncated UTF-8 sequence before a letter", [0xE2, 0x82, 0x41]),
            ("an unknown CSI with a tilde", Array("\u{1B}[99~".utf8)),
            ("an unknown CSI with parameters", Array("\u{1B}[1;2;3;4X".utf8)),
            ("an SGR wheel report", Array("\u{1B}[<64;10;3M".utf8)),
            ("an SGR right button", Array("\u{1B}[<2;10;3M\u{1B}[<2;10;3m".utf8)),
            ("an SGR click far outside the screen", Array("\u{1B}[<0;999;999M\u{1B}[<0;999;999m".utf8)),
            // Under xterm-256color ncurses expects SGR: these X10 reports are unknown sequences whose
            // bytes (space, '3') would clear badges if read as keys.
            ("an X10 press whose column byte is '3'", [0x1B, 0x5B, 0x4D, 0x20, 0x33, 0x23]),
            ("an X10 release whose column byte is '1'", [0x1B, 0x5B, 0x4D, 0x23, 0x31, 0x23]),
            ("an X10 report with a byte that is not UTF-8", [0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x23]),
            ("a bracketed paste of q123", Array("\u{1B}[200~q123\u{1B}[201~".utf8)),
            ("focus in", Array("\u{1B}[I".utf8)),
            ("focus out", Array("\u{1B}[O".utf8)),
            ("an OSC ended by BEL", Array("\u{1B}]0;x\u{07}".utf8)),
            ("an OSC ended by ST", Array("\u{1B}]2;q1 2 3\u{1B}\\".utf8)),
            ("a DCS with digits", Array("\u{1B}P1$q3\u{1B}\\".utf8)),
            // Alt-q is not here: it quits, since GNU screen delivers Esc then q as ESC q.
            ("Alt-x (ESC x)", Array("\u{1B}x".utf8)),
            ("Alt-3 (ESC 3)", Array("\u{1B}3".utf8)),
        ]

        @Test("2000 random bytes and hostile sequences act as nothing; afterwards keys, clicks and q still work")
        func fuzz() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()
            let pid = try terminal.programPID()

            let chunks = Self.randomChunks(seed: 0x00BA_D6E5, total: 2000)
            // What was sent, and the first input after which the program was found gone (it ends
            // a moment after the culprit, so look there and just before).
            var sent: [String] = []
            var goneAfter: String?
            func send(_ bytes: [UInt8], as name: String) throws {
                guard goneAfter == nil else { return }
                try terminal.sendBytes(bytes)
                sent.append(name)
                if !TmuxTerminal.isRunning(pid) {
                    goneAfter = sent.suffix(3).joined(separator: "\n  then ")
                }
            }
            for (index, chunk) in chunks.enumerated() {
                try send(
                    chunk, as: "random chunk \(index): " + chunk.map { String($0, radix: 16) }.joined(separator: " "))
            }
            for (name, bytes) in Self.hostileSequences {
                try send(bytes, as: name)
            }
            let screen = try terminal.waitUntilStill()
            #expect(
                !screen.contains("[exit"),
                "the garbage made it quit; found gone after:\n  \(goneAfter ?? "(the end)")\n\(screen)")
            #expect(TmuxTerminal.isRunning(pid), "still running after the garbage")
            #expect(
                screen.words(row: InboxLayout.badgeRow) == ["2", "96"],
                "no byte of the garbage acted as a key\n\(screen)")
            #expect(screen[InboxLayout.toolbarRow].contains("[ 💬 ]  [ 🛒 ]  [ 🔔 ]"), "\(screen)")
            guard TmuxTerminal.isRunning(pid) else { return }

            try terminal.sendKeys("3")
            try terminal.waitUntil("a real 3 to clear the 96") { $0.words(row: InboxLayout.badgeRow) == ["2"] }
            try terminal.clickSGR(column: 60, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("a real click to clear Messages") {
                $0.words(row: InboxLayout.badgeRow).isEmpty
                    && $0[InboxLayout.statusRow].contains("Messages: none unread")
            }
            try terminal.sendKeys("q")
            let status = try terminal.waitForExit()
            let end = try terminal.capture()
            #expect(status == 0, "\(end)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
            #expect(end.terminalModes == ["icanon", "echo"], "\(end)")
        }

        @Test(
            "Bytes that are not UTF-8 after ESC or inside a mouse report neither quit nor swallow the next key",
            arguments: [
                [0x1B, 0xFF], [0x1B, 0x80], [0x1B, 0xC3, 0x41],
                // An X10 report (unknown under xterm-256color) whose column byte is not UTF-8.
                [0x1B, 0x5B, 0x4D, 0x20, 0xFF, 0x23],
            ] as [[UInt8]])
        func invalidUTF8InSequences(_ bytes: [UInt8]) throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            // Then, 50 ms later (a separate read), a Tab.
            try terminal.sendBytes(inPieces: [bytes, [0x09]], pause: .milliseconds(50))
            let hex = bytes.map { String($0, radix: 16) }.joined(separator: " ")
            let screen = try terminal.waitUntil("the Tab after \(hex) to move the focus", timeout: .seconds(2)) {
                $0[InboxLayout.statusRow].contains("Cart: none unread") || $0.exitStatus != nil
            }
            #expect(screen.exitStatus == nil, "the bytes \(hex) quit the program\n\(screen)")
            #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "96"], "\(screen)")
        }

        @Test("Right and Left move the focus in both cursor-key forms: ESC O C / ESC O D and ESC [ C / ESC [ D")
        func arrowKeyForms() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitForInbox()
            let steps: [(String, String)] = [
                ("\u{1B}OC", "Cart: none unread"), ("\u{1B}OD", "Messages: 2 unread"),
                ("\u{1B}[C", "Cart: none unread"), ("\u{1B}[C", "Notifications: 96 unread"),
                ("\u{1B}[D", "Cart: none unread"),
            ]
            for (sequence, status) in steps {
                try terminal.sendBytes(Array(sequence.utf8))
                let screen = try terminal.waitUntil(
                    "\(sequence.debugDescription) to move the focus to '\(status)'", timeout: .seconds(2)
                ) { $0[InboxLayout.statusRow].hasPrefix(" " + status + " ") || $0.exitStatus != nil }
                #expect(screen.exitStatus == nil, "\(screen)")
            }
        }

        @Test("Sequences split into 1- to 6-byte pieces 5 ms apart still read as whole keys and clicks")
        func splitSequences() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], term: "xterm-256color")
            defer { terminal.close() }
            try terminal.waitForInbox()
            var generator = SeededGenerator(seed: 0x5EED_0005)

            /// Sends a sequence cut into pieces: the lone ESC first, then random lengths of 1 to 6.
            func sendSplit(_ text: String) throws -> [[UInt8]] {
                var bytes = Array(text.utf8)[...]
                var pieces: [[UInt8]] = [[bytes.removeFirst()]]
                while !bytes.isEmpty {
                    let length = min(Int.random(in: 1...6, using: &generator), bytes.count)
                    pieces.append(Array(bytes.prefix(length)))
                    bytes.removeFirst(length)
                }
                try terminal.sendBytes(inPieces: pieces, pause: .milliseconds(5))
                return pieces
            }
            func expectFocus(_ status: String, on button: ClosedRange<Int>, after what: String) throws {
                let screen = try terminal.waitUntil("focus on \(status) after \(what)") {
                    ($0[InboxLayout.statusRow].hasPrefix(" " + status + " ")
                        && $0.text(row: InboxLayout.focusRow, columns: button) == InboxLayout.focusLine)
                        || $0.exitStatus != nil
                }
                #expect(screen.exitStatus == nil, "\(what) quit the program\n\(screen)")
                #expect(screen.words(row: InboxLayout.badgeRow) == ["2", "96"], "\(what) cleared nothing\n\(screen)")
            }

            // Right as the terminal sends it while the program runs (keypad mode: kcuf1 is ESC O C);
            // the other form, ESC [ C, is arrowKeyForms' business.
            var pieces = try sendSplit("\u{1B}OC")
            try expectFocus("Cart: none unread", on: InboxLayout.cartButton, after: "Right in \(pieces)")
            pieces = try sendSplit("\u{1B}OC")
            try expectFocus(
                "Notifications: 96 unread", on: InboxLayout.notificationsButton, after: "Right in \(pieces)")
            pieces = try sendSplit("\u{1B}[Z")
            try expectFocus("Cart: none unread", on: InboxLayout.cartButton, after: "Shift-Tab in \(pieces)")

            // A click on the Messages icon; its '3' (the row) must not act as the key 3.
            pieces = try sendSplit("\u{1B}[<0;60;3M\u{1B}[<0;60;3m")
            try terminal.waitUntil("the split click to clear Messages") {
                $0[InboxLayout.statusRow].contains("Messages: none unread") || $0.exitStatus != nil
            }
            let settled = try terminal.waitUntilStill()
            #expect(
                settled.words(row: InboxLayout.badgeRow) == ["96"],
                "only Messages cleared by the click in \(pieces)\n\(settled)")
            #expect(
                settled.text(row: InboxLayout.focusRow, columns: InboxLayout.messagesButton) == InboxLayout.focusLine,
                "\(settled)")
            #expect(settled.exitStatus == nil, "\(settled)")
        }
    }
}
