import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Line mode") struct LineModeTests {
        static let inboxSummary = "Inbox. Messages: 2 unread; Cart: none unread; Notifications: 96 unread"

        /// Runs the binary in a session of its own (no terminal at all), with standard input from a file.
        private func runDetached(
            _ arguments: [String], input: String, environment: [String] = ["TERM=dumb"]
        ) throws -> ProcessResult {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("badgebar-lines-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let inputPath = folder.appendingPathComponent("input").path
            try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
            // setsid: no controlling terminal, so no keys can be read from /dev/tty.
            return try ChildProcess.run(
                "setsid", [try BadgebarBinary.path()] + arguments,
                environment: ChildProcess.cleanEnvironment(environment + ["SWIFT_BACKTRACE=enable=no"]),
                standardInput: inputPath, timeout: 10)
        }

        /// Whether text is plain lines: no byte below 0x20 but the newline, no ESC, no DEL.
        private func isPlain(_ text: String) -> Bool {
            text.utf8.allSatisfy { $0 == 0x0A || ($0 >= 0x20 && $0 != 0x7F) }
        }

        @Test("--open in line mode with no terminal to hand over: refused with 64 and one line saying why, nothing run")
        func openWithoutATerminalIsRefused() throws {
            let marker = FileManager.default.temporaryDirectory.appendingPathComponent("badgebar-opened-\(getpid())")
                .path
            defer { try? FileManager.default.removeItem(atPath: marker) }
            for counts in [[], ["--counts-from", "-"]] {
                let result = try runDetached(
                    ["--lines", "--button", "Mail:envelope:1", "--open", "Mail=touch '\(marker)'; cat"] + counts,
                    input: "press Mail\nq\n")
                #expect(result.status == .exited(64), "\(counts): \(result.standardError)")
                #expect(result.standardErrorLines.count == 1, "\(counts): \(result.standardErrorLines)")
                #expect(
                    result.standardError.hasPrefix("badgebar: --open needs a terminal to hand to its command"),
                    "\(result.standardError)")
                #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
                #expect(!FileManager.default.fileExists(atPath: marker), "the command never ran")
            }
        }

        @Test("Commands on a pipe from a shell in a terminal: --open gets the terminal, the commands after wait for it")
        func openWithCommandsOnAPipe() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let marker = directory.path + "/opened"
            let script = directory.path + "/open.sh"
            // It asks on the terminal, reads the answer from it, and notes the answer and the terminal's name.
            let text =
                #"printf 'name? '; read name; "# + #"printf '%s %s\n' "$name" "$(tty)" > '"# + marker + "'; "
                + #"echo "hello $name""# + "\n"
            try text.write(toFile: script, atomically: true, encoding: .utf8)
            let terminal = try TmuxTerminal.interactiveBash()
            defer { terminal.close() }
            try terminal.waitUntil("the shell's prompt") { TmuxTerminal.showsPrompt($0) }
            try terminal.type(
                command: "printf '1\\nq\\n' | '\(terminal.binary)' --lines --button Mail:envelope:3 "
                    + "--open 'Mail=sh \(script)'; echo \"[exit $?]\"")
            try terminal.waitUntil("the opened command's question") { $0.contains("name? ") }
            #expect(try terminal.capture().contains("Mail: none unread (cleared)"))
            try terminal.sendLiteral("Ada")
            try terminal.sendKeys("Enter")
            let done = try terminal.waitUntil("the exit status") { $0.exitStatus != nil }
            #expect(done.exitStatus == 0, "\(done)")
            #expect(done.contains("hello Ada"), "\(done)")
            let paneTerminal = try terminal.display("#{pane_tty}")
            #expect(
                (try? String(contentsOfFile: marker, encoding: .utf8)) == "Ada \(paneTerminal)\n",
                "it read the terminal, whose own name it was given")

            // In the background the terminal is not the program's to hand over: refused, and nothing runs.
            try? FileManager.default.removeItem(atPath: marker)
            try terminal.type(command: "clear")
            try terminal.waitUntil("the prompt, cleared") { TmuxTerminal.showsPrompt($0) && !$0.contains("hello") }
            try terminal.type(
                command: "printf '1\\nq\\n' | '\(terminal.binary)' --lines --button Mail:envelope:3 "
                    + "--open 'Mail=sh \(script)' & wait $!; echo \"[exit $?]\"")
            let refused = try terminal.waitUntil("the exit status in the background") { $0.exitStatus != nil }
            #expect(refused.exitStatus == 64, "\(refused)")
            #expect(refused.contains("badgebar: --open needs a terminal to hand to its command"), "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: marker), "the command never ran")
        }

        @Test("TERM=dumb with counts on standard input: exactly the expected lines, plain, then exit 0")
        func dumbTerminalWithCounts() throws {
            let result = try runDetached(
                ["--no-autoplay", "--counts-from", "-"],
                input: "Messages=5\nCart+=1\n# a comment\nNope=3\nNotifications-=6\nMessages+=1\n")
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(
                result.standardOutput == """
                    \(Self.inboxSummary)
                    Messages: 6 unread (+4)
                    Cart: 1 unread (new)
                    Notifications: 90 unread (-6)

                    """)
            #expect(isPlain(result.standardOutput), "\(result.standardOutput.debugDescription)")
            #expect(result.standardError == "badgebar: ignored 'Nope': no button has that title\n")
        }

        @Test("Several bad counts lines in one read: each on standard error, five at most, then how many more")
        func everyBadLineOfOneReadIsTold() throws {
            let three = try runDetached(
                ["--lines", "--button", "Mail:envelope:0", "--counts-from", "-"],
                input: "Nope=1\nnot a line\nMail=2\nZed=3\n")
            #expect(three.status == .exited(0), "\(three.standardError)")
            #expect(three.standardOutput == "Badges. Mail: none unread\nMail: 2 unread (new)\n")
            #expect(
                three.standardErrorLines == [
                    "badgebar: ignored 'Nope': no button has that title",
                    "badgebar: ignored 'not a line': expected Name=N, Name+=N or Name-=N",
                    "badgebar: ignored 'Zed': no button has that title",
                ])

            let flood = try runDetached(
                ["--lines", "--button", "Mail:envelope:0", "--counts-from", "-"],
                input: (1...40).map { "Bad\($0)=1\n" }.joined() + "Mail=4\n")
            #expect(flood.status == .exited(0), "\(flood.standardError)")
            #expect(flood.standardOutput == "Badges. Mail: none unread\nMail: 4 unread (new)\n")
            #expect(
                flood.standardErrorLines
                    == (1...5).map { "badgebar: ignored 'Bad\($0)': no button has that title" } + [
                        "badgebar: … and 35 more bad lines"
                    ])
        }

        @Test("A noun says what a count counts, in full, while the badge would show 99+")
        func nouns() throws {
            let result = try runDetached(
                ["--lines", "--button", "Mail:envelope:1:red:noun=message/messages", "--counts-from", "-"],
                input: "Mail=142\n", environment: ["TERM=xterm-256color"])
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(
                result.standardOutput == "Badges. Mail: 1 unread message\nMail: 142 unread messages (+141)\n")
        }

        @Test("Commands on standard input press buttons by number and by name, then q quits")
        func commandsOnStandardInput() throws {
            let result = try runDetached(["--no-autoplay"], input: "1\npress notifications\nlaunch\nstatus\nq\n3\n")
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(
                result.standardOutput == """
                    \(Self.inboxSummary)
                    Messages: none unread (cleared)
                    Notifications: none unread (cleared)
                    Inbox. Messages: none unread; Cart: none unread; Notifications: none unread

                    """)
            #expect(result.standardError.hasPrefix("badgebar: ignored 'launch': expected a button number (1-3)"))
        }

        /// Starts the binary with standard output into a pipe the test reads, standard input /dev/null.
        private func startPiped(_ arguments: [String]) throws -> (BackgroundProcess, FileHandle) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw EndToEndFailure("pipe failed") }
            defer { close(ends[1]) }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            let process = try BackgroundProcess(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no"]),
                standardOutput: ends[1], standardError: 2)
            return (process, FileHandle(fileDescriptor: ends[0], closeOnDealloc: true))
        }

        /// Reads from a pipe until it holds some lines, polling, for at most some seconds.
        private func readLines(_ count: Int, from output: FileHandle, seconds: Double = 10) -> [String] {
            var bytes: [UInt8] = []
            let deadline = Date().addingTimeInterval(seconds)
            while bytes.filter({ $0 == 0x0A }).count < count, Date() < deadline {
                var polled = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&polled, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let read = Glibc.read(output.fileDescriptor, &buffer, buffer.count)
                guard read > 0 else { break }
                bytes += buffer[0..<read]
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
        }

        @Test("badgebar | cat: the demo's changes as lines; SIGTERM ends it with 143")
        func pipedDemoAndSIGTERM() throws {
            let (process, output) = try startPiped([])
            defer { process.stop() }
            let lines = readLines(4, from: output)
            #expect(
                Array(lines.prefix(4)) == [
                    Self.inboxSummary, "Notifications: 98 unread (+2)", "Cart: 1 unread (new)",
                    "Messages: 3 unread (+1)",
                ])
            kill(process.pid, SIGTERM)
            #expect(process.waitForExit(timeout: .seconds(5)) == .exited(143))
        }

        @Test("A watch feeds line mode, which goes on after standard input ends, until SIGTERM ends it with 143")
        func watchFeedsLines() throws {
            let (process, output) = try startPiped([
                "--button", "Mail:envelope:0", "--watch", "Mail=echo 3", "--watch", "Mail@200ms=echo 3",
            ])
            defer { process.stop() }
            let lines = readLines(2, from: output)
            #expect(Array(lines.prefix(2)) == ["Badges. Mail: none unread", "Mail: 3 unread (new)"])
            usleep(500_000)
            #expect(process.waitForExit(timeout: .milliseconds(10)) == nil, "still running with a watch")
            kill(process.pid, SIGTERM)
            #expect(process.waitForExit(timeout: .seconds(5)) == .exited(143))
        }

        @Test("badgebar | head -2: the reader goes away and it ends quietly with 0")
        func readerGoesAway() throws {
            let (process, output) = try startPiped([])
            defer { process.stop() }
            #expect(readLines(2, from: output).prefix(2).count == 2)
            try output.close()
            // The next change (auto-play's cart, 2.6 s in) finds no reader.
            #expect(process.waitForExit(timeout: .seconds(10)) == .exited(0))
        }

        @Test("ACCESSIBLE=1 in tmux: no full screen, lines at the left edge, keys without echo, modes back after q")
        func accessibleInTmux() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], environment: ["ACCESSIBLE=1"])
            defer { terminal.close() }
            try terminal.waitUntil("the first line") { $0.trimmed(row: 0) == Self.inboxSummary }
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0", "no full screen")
            #expect(try terminal.currentTerminalModes() == ["-icanon", "-echo"], "raw, no echo")
            try terminal.sendKeys("1")
            try terminal.waitUntil("Messages cleared") { $0.trimmed(row: 1) == "Messages: none unread (cleared)" }
            try terminal.sendKeys("Tab")
            try terminal.waitUntil("the focus said") { $0.trimmed(row: 2) == "Focus on Cart: none unread" }
            try terminal.sendKeys("3")
            try terminal.waitUntil("Notifications cleared") {
                $0.trimmed(row: 3) == "Notifications: none unread (cleared)"
            }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            let screen = try terminal.capture()
            #expect(screen.trimmed(row: 4) == "[exit 0]", "no echo of the keys, nothing else\n\(screen)")
            #expect(screen.terminalModes == ["icanon", "echo"], "\(screen)")
            let styled = try terminal.captureWithEscapes()
            #expect(styled.sgrParameterLists.isEmpty, "no colour or attribute anywhere: \(styled.sgrParameterLists)")
        }

        @Test("Ctrl-Z in line mode gives the shell its modes back; fg brings the keys back")
        func suspendAndResume() throws {
            let terminal = try TmuxTerminal(shell: ["bash", "--norc", "--noprofile", "-i"])
            defer { terminal.close() }
            try terminal.waitUntil("the shell's prompt") { $0.trimmed(row: 0) == "$" }
            try terminal.sendLiteral("'\(terminal.binary)' --lines --no-autoplay")
            try terminal.sendKeys("Enter")
            try terminal.waitUntil("the first line") { $0.trimmed(row: 1) == Self.inboxSummary }
            #expect(try terminal.currentTerminalModes() == ["-icanon", "-echo"])
            let pid = try terminal.programPID()
            try terminal.sendKeys("C-z")
            try terminal.waitUntil("the shell to report the job stopped") { $0.contains("Stopped") }
            #expect(TmuxTerminal.processState(pid) == "T")
            try terminal.sendLiteral("fg")
            try terminal.sendKeys("Enter")
            try terminal.waitUntil("raw again after fg") { _ in
                try terminal.currentTerminalModes() == ["-icanon", "-echo"]
            }
            try terminal.sendKeys("1")
            try terminal.waitUntil("a key after fg") { $0.contains("Messages: none unread (cleared)") }
            try terminal.sendKeys("q")
            // The last line is the program's until it quits; then the shell prompts again.
            try terminal.waitUntil("the prompt after q") {
                $0.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix("$") == true
            }
            try terminal.sendLiteral("echo \"[exit $?]\"")
            try terminal.sendKeys("Enter")
            let done = try terminal.waitUntil("the exit status") { $0.exitStatus != nil }
            #expect(done.exitStatus == 0, "\(done)")
        }

        @Test("--lines in tmux: Ctrl-C quits with 0 and SIGTERM with 143, the modes back each time")
        func quitsAndSignalsInTmux() throws {
            let terminal = try TmuxTerminal(arguments: ["--lines", "--no-autoplay"])
            defer { terminal.close() }
            try terminal.waitUntil("the first line") { $0.trimmed(row: 0) == Self.inboxSummary }
            try terminal.sendKeys("C-c")
            #expect(try terminal.waitForExit() == 0)
            #expect(try terminal.capture().terminalModes == ["icanon", "echo"])

            let signalled = try TmuxTerminal(arguments: ["--lines", "--no-autoplay"])
            defer { signalled.close() }
            try signalled.waitUntil("the first line") { $0.trimmed(row: 0) == Self.inboxSummary }
            kill(try signalled.programPID(), SIGTERM)
            #expect(try signalled.waitForExit() == 143)
            #expect(try signalled.capture().terminalModes == ["icanon", "echo"])
        }
    }
}
