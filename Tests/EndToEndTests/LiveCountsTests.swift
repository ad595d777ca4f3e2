import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Custom toolbars and live counts") struct LiveCountsTests {
        /// Mail (red, 5) and Builds (0): `[ 📨 ]` at 64...69 and `[ 🔨 ]` at 72...77 at 80 columns.
        private static let mailAndBuilds = ["--button", "Mail:envelope:5", "--button", "Builds:hammer:0"]
        private static let mailButton = 64...69
        private static let buildsButton = 72...77
        /// One-digit badges: on each button's top-right corner, like the Inbox's " 2 " at 60...62.
        private static let mailBadge = 68...70
        private static let buildsBadge = 76...78

        /// Runs the binary directly (no terminal needed for errors found before the screen starts).
        private func run(_ arguments: [String]) throws -> ProcessResult {
            try ChildProcess.run(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no"]),
                timeout: 10)
        }

        @Test("--title and --button: the title, two buttons, one badge; 2 clears nothing visible, 1 clears Mail")
        func customToolbar() throws {
            let terminal = try TmuxTerminal(arguments: [
                "--title", "Status", "--button", "Mail:envelope:5", "--button", "Builds:hammer:0:yellow",
            ])
            defer { terminal.close() }
            try terminal.waitUntil("the Status toolbar") {
                $0[InboxLayout.toolbarRow].contains("Status") && $0.words(row: InboxLayout.badgeRow) == ["5"]
            }
            let screen = try terminal.waitUntilStill()
            #expect(
                screen.words(row: InboxLayout.toolbarRow) == ["Status", "[", "📨", "]", "[", "🔨", "]"], "\(screen)")
            #expect(screen.text(row: InboxLayout.toolbarRow, columns: 0...7) == "  Status", "\(screen)")
            #expect(screen.text(row: InboxLayout.toolbarRow, columns: Self.mailButton) == "[ 📨 ]", "\(screen)")
            #expect(screen.text(row: InboxLayout.toolbarRow, columns: Self.buildsButton) == "[ 🔨 ]", "\(screen)")
            #expect(
                screen.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 5 ", "badge 5 over Mail\n\(screen)"
            )
            #expect(
                screen.text(row: InboxLayout.badgeRow, columns: 71...79).allSatisfy { $0 == " " },
                "no badge over Builds\n\(screen)")
            #expect(screen.trimmed(row: 13) == "Click an icon or press 1-2 to clear its badge.", "\(screen)")
            #expect(screen[InboxLayout.statusRow].hasPrefix(" Mail: 5 unread "), "\(screen)")

            try terminal.sendKeys("2")
            let afterTwo = try terminal.waitUntil("2 to focus Builds") {
                $0[InboxLayout.statusRow].hasPrefix(" Builds: none unread ")
                    && $0.text(row: InboxLayout.focusRow, columns: Self.buildsButton) == InboxLayout.focusLine
            }
            #expect(afterTwo.words(row: InboxLayout.badgeRow) == ["5"], "2 clears nothing visible\n\(afterTwo)")
            try terminal.sendKeys("1")
            let afterOne = try terminal.waitUntil("1 to clear Mail") {
                $0[InboxLayout.statusRow].hasPrefix(" Mail: none unread ")
            }
            let settled = try terminal.waitUntilStill()
            #expect(settled.words(row: InboxLayout.badgeRow).isEmpty, "\(afterOne)\n\(settled)")
        }

        @Test("A bad --button names the unknown symbol and exits 64")
        func badButton() throws {
            let result = try run(["--button", "Mail:rocket:1"])
            #expect(result.status == .exited(64), "\(result.standardError)")
            #expect(result.standardOutput == "")
            let lines = result.standardErrorLines
            #expect(lines.first?.hasPrefix("badgebar: ") == true, "\(lines)")
            #expect(lines.first?.contains("'rocket'") == true, "the message names 'rocket': \(lines)")
        }

        @Test("--counts-from a path that does not exist: one message naming the path, exit 66")
        func missingCountsFile() throws {
            let result = try run(["--counts-from", "/nonexistent"])
            #expect(result.status == .exited(66), "\(result.standardError)")
            #expect(result.standardOutput == "")
            let lines = result.standardErrorLines
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.hasPrefix("badgebar: ") == true, "\(lines)")
            #expect(lines.first?.contains("/nonexistent") == true, "the message names the path: \(lines)")
        }

        @Test("Counts piped into standard input: badges follow, bad lines show in the status line, keys still work")
        func pipedCounts() throws {
            // Each line waits for the test's signal; at the end blank lines keep the pipe open
            // until the program has gone (the next one then fails and ends the writer).
            let writer =
                "tmux wait-for a; echo Mail+=2; tmux wait-for b; echo bogus; tmux wait-for c; echo Nobody=3; "
                + "tmux wait-for d; echo Builds=7; while sleep 0.2; do echo || exit; done"
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndBuilds + ["--counts-from", "-"], pipeline: "(\(writer)) | \"$0\" \"$@\"")
            defer { terminal.close() }
            try terminal.waitUntil("the toolbar with Mail's 5") {
                $0.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 5 "
                    && $0[InboxLayout.statusRow].hasPrefix(" Mail: 5 unread ")
            }

            try terminal.signal("a")
            try terminal.waitUntil("Mail+=2 to make 7") {
                $0.words(row: InboxLayout.badgeRow) == ["7"]
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 7 "
                    && $0[InboxLayout.statusRow].hasPrefix(" Mail: 7 unread ")
            }
            try terminal.signal("b")
            try terminal.waitUntil("the complaint about 'bogus'") {
                $0[InboxLayout.statusRow].hasPrefix(" ignored 'bogus': expected Name=N, Name+=N or Name-=N ")
            }
            try terminal.signal("c")
            try terminal.waitUntil("the complaint about 'Nobody'") {
                $0[InboxLayout.statusRow].hasPrefix(" ignored 'Nobody': no button has that title ")
            }
            try terminal.signal("d")
            let both = try terminal.waitUntil("Builds=7") {
                $0.words(row: InboxLayout.badgeRow) == ["7", "7"]
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.buildsBadge) == " 7 "
            }
            #expect(both.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 7 ", "\(both)")

            // Keys come from the terminal, not from the pipe.
            try terminal.sendKeys("1")
            try terminal.waitUntil("1 to clear Mail") {
                $0.words(row: InboxLayout.badgeRow) == ["7"]
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.buildsBadge) == " 7 "
            }
            try terminal.sendKeys("q")
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 0, "\(screen)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
            #expect(screen.terminalModes == ["icanon", "echo"], "\(screen)")
        }

        @Test("The full screen's status line counts the bad lines of one read and names the first")
        func fullScreenCountsTheBadLinesOfOneRead() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--button", "Mail:envelope:0", "--counts-from", "-"],
                pipeline: #"(printf 'Nope=1\nnot a line\nZed=3\n'; tmux wait-for done) | "$0" "$@""#)
            defer { terminal.close() }
            try terminal.waitUntil("the status line naming the first of 3") {
                $0[InboxLayout.statusRow].hasPrefix(" 3 bad lines; the first: ignored 'Nope': no button has that title")
            }
            try terminal.sendKeys("q")
            try terminal.signal("done")
            #expect(try terminal.waitForExit() == 0)
        }

        /// Opens a FIFO for writing once the program reads it (without blocking on a FIFO nobody reads).
        private func openWriter(_ path: String, timeout: Duration = .seconds(3)) throws -> Int32? {
            let deadline = ContinuousClock.now + timeout
            while true {
                let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if descriptor >= 0 {
                    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                    return descriptor
                }
                guard errno == ENXIO else {
                    throw EndToEndFailure("cannot open \(path): \(String(cString: strerror(errno)))")
                }
                if ContinuousClock.now > deadline { return nil }  // no reader
                usleep(20_000)
            }
        }

        private func write(_ text: String, to descriptor: Int32) throws {
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else {
                throw EndToEndFailure("writing to the FIFO: \(String(cString: strerror(errno)))")
            }
        }

        @Test("Counts from a FIFO: lines apply as they come; when the writer closes, the toolbar stays and keys work")
        func fifoCounts() throws {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let fifo = files.path + "/counts"
            #expect(mkfifo(fifo, 0o600) == 0)
            let terminal = try TmuxTerminal(arguments: Self.mailAndBuilds + ["--counts-from", fifo])
            defer { terminal.close() }
            try terminal.waitUntil("the toolbar with Mail's 5") {
                $0.words(row: InboxLayout.badgeRow) == ["5"] && $0[InboxLayout.statusRow].hasPrefix(" Mail: 5 unread ")
            }
            guard let writer = try openWriter(fifo) else {
                Issue.record("the program never opened the FIFO for reading")
                return
            }
            var writerOpen = true
            defer { if writerOpen { Glibc.close(writer) } }

            try write("Builds=4\n", to: writer)
            try terminal.waitUntil("Builds=4") {
                $0.words(row: InboxLayout.badgeRow) == ["5", "4"]
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.buildsBadge) == " 4 "
            }
            try write("# a comment\n\nMail-=2\n", to: writer)
            try terminal.waitUntil("Mail-=2") {
                $0.words(row: InboxLayout.badgeRow) == ["3", "4"]
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 3 "
            }
            // Builds' pop-in and bounce may still be moving: compare against the screen once still.
            let three = try terminal.waitUntilStill()
            #expect(three[InboxLayout.statusRow].hasPrefix(" Mail: 3 unread "), "no complaint\n\(three)")

            // End of input: the toolbar stays up, idle.
            Glibc.close(writer)
            writerOpen = false
            let pid = try terminal.programPID()
            let ticks = TmuxTerminal.cpuTicks(pid)
            usleep(500_000)  // proving that nothing happens: no exit, no change, no spinning
            let after = try terminal.capture()
            #expect(after == three, "nothing changes at the end of input\n\(after)")
            #expect(TmuxTerminal.isRunning(pid), "still running after the writer closed")
            if let before = ticks, let now = TmuxTerminal.cpuTicks(pid) {
                #expect(now - before <= 10, "\(now - before) ticks of CPU in 0.5 s after the end of input")
            }

            try terminal.sendKeys("1")
            try terminal.waitUntil("1 to clear Mail after the end of input") {
                $0.words(row: InboxLayout.badgeRow) == ["4"]
                    && $0[InboxLayout.statusRow].hasPrefix(" Mail: none unread ")
            }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("A FIFO whose writer comes only after a key press still delivers its counts")
        func fifoWriterAfterAKey() throws {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let fifo = files.path + "/counts"
            #expect(mkfifo(fifo, 0o600) == 0)
            let terminal = try TmuxTerminal(arguments: Self.mailAndBuilds + ["--counts-from", fifo])
            defer { terminal.close() }
            try terminal.waitUntil("the toolbar with Mail's 5") { $0.words(row: InboxLayout.badgeRow) == ["5"] }

            // The user presses Tab before anything writes to the FIFO: no writer yet is no end of input.
            try terminal.sendKeys("Tab")
            try terminal.waitUntil("Tab to focus Builds") {
                $0[InboxLayout.statusRow].hasPrefix(" Builds: none unread ")
            }
            guard let writer = try openWriter(fifo) else {
                Issue.record(
                    """
                    nobody reads \(fifo) any more: the program took 'no writer yet' for the end of its input \
                    and closed the FIFO (a writer would now block for ever)
                    """)
                return
            }
            defer { Glibc.close(writer) }
            try write("Builds=4\n", to: writer)
            try terminal.waitUntil("Builds=4") {
                $0.words(row: InboxLayout.badgeRow) == ["5", "4"]
                    && $0[InboxLayout.statusRow].hasPrefix(" Builds: 4 unread ")
            }
        }

        @Test("--counts-from a directory: one message naming it, exit 66")
        func directoryAsCounts() throws {
            let files = try TemporaryDirectory()
            defer { files.remove() }
            let result = try run(["--counts-from", files.path])
            #expect(result.status == .exited(66), "\(result.standardError)")
            #expect(result.standardOutput == "")
            #expect(
                result.standardErrorLines == [
                    "badgebar: cannot read counts from '\(files.path)': it is a directory; "
                        + "name a file or a FIFO, or - for standard input"
                ])
        }

        @Test("--counts-from the program's own terminal (/dev/tty, or its /dev/pts name) is refused with 64")
        func ownTerminalAsCounts() throws {
            for path in ["/dev/tty", "$(tty)"] {
                let terminal = try TmuxTerminal(
                    arguments: Self.mailAndBuilds, redirections: [.standardErrorToFile],
                    pipeline: "\"$0\" \"$@\" --counts-from \(path)")
                defer { terminal.close() }
                let status = try terminal.waitForExit()
                let screen = try terminal.capture()
                #expect(status == 64, "\(path): \(screen)")
                let lines = terminal.standardError.split(separator: "\n")
                #expect(lines.count == 1, "\(lines)")
                #expect(lines.first?.contains("it is the terminal badgebar runs in") == true, "\(lines)")
            }
        }

        @Test("CRLF line ends are accepted; a line over 1024 bytes is discarded whole, with a notice")
        func crlfAndLongLines() throws {
            // "Mail=7", 1100 spaces, "9": cut at 1024 bytes it would read as Mail=7.
            let writer =
                "printf 'Builds=3\\r\\n'; tmux wait-for a; printf 'Mail=7%1100s9\\n' ''; "
                + "while sleep 0.2; do echo || exit; done"
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndBuilds + ["--counts-from", "-"], pipeline: "(\(writer)) | \"$0\" \"$@\"")
            defer { terminal.close() }
            let crlf = try terminal.waitUntil("Builds=3 with a CRLF line end") {
                $0.words(row: InboxLayout.badgeRow) == ["5", "3"]
                    && $0.text(row: InboxLayout.badgeRow, columns: Self.buildsBadge) == " 3 "
            }
            #expect(crlf[InboxLayout.statusRow].hasPrefix(" Mail: 5 unread "), "no complaint\n\(crlf)")
            try terminal.signal("a")
            let notice = try terminal.waitUntil("the notice about the long line") {
                $0[InboxLayout.statusRow].hasPrefix(
                    " ignored a line of 1107 bytes: a counts line has at most 1024 ")
            }
            #expect(notice.words(row: InboxLayout.badgeRow) == ["5", "3"], "Mail is still 5\n\(notice)")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("--counts-from /dev/zero: reading stops after 1 MiB without a line end, with a notice; no CPU after")
        func endlessLine() throws {
            let terminal = try TmuxTerminal(arguments: Self.mailAndBuilds + ["--counts-from", "/dev/zero"])
            defer { terminal.close() }
            let screen = try terminal.waitUntil("the notice about /dev/zero") {
                $0[InboxLayout.statusRow].hasPrefix(" '/dev/zero' is not a counts source: no line end in 1 MiB ")
            }
            #expect(screen.words(row: InboxLayout.badgeRow) == ["5"], "the toolbar stays up\n\(screen)")
            let pid = try terminal.programPID()
            let ticks = TmuxTerminal.cpuTicks(pid)
            usleep(500_000)  // proving that nothing happens: no spinning once reading stopped
            if let before = ticks, let now = TmuxTerminal.cpuTicks(pid) {
                #expect(now - before <= 10, "\(now - before) ticks of CPU in 0.5 s after reading stopped")
            }
            try terminal.sendKeys("1")
            try terminal.waitUntil("1 to clear Mail") { $0.words(row: InboxLayout.badgeRow).isEmpty }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}
