import Testing

extension EndToEnd {
    @Suite("Command line") struct CommandLineTests {
        /// Runs the binary directly: standard input /dev/null, output and error through pipes.
        private func run(_ arguments: [String], term: String = "xterm-256color") throws -> ProcessResult {
            try ChildProcess.run(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(["TERM=\(term)", "SWIFT_BACKTRACE=enable=no"]),
                timeout: 10)
        }

        @Test("--help and -h print the usage on standard output and exit 0", arguments: ["--help", "-h"])
        func help(_ flag: String) throws {
            let result = try run([flag])
            #expect(result.status == .exited(0))
            #expect(result.standardOutput.contains("Usage:"), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("--no-autoplay"), "\(result.standardOutput)")
            #expect(result.standardOutput.hasSuffix("\n"))
            #expect(result.standardError == "")
        }

        @Test("--version prints 'badgebar 0.1.0' and, built from a git checkout, the commit; exits 0")
        func version() throws {
            let result = try run(["--version"])
            #expect(result.status == .exited(0))
            #expect(result.standardError == "")
            let head = try ChildProcess.run(
                "git", ["-C", BadgebarBinary.packageRoot, "rev-parse", "--verify", "HEAD"],
                environment: ChildProcess.cleanEnvironment())
            if head.status == .exited(0) {
                let commit = head.standardOutput.prefix(12)
                #expect(result.standardOutput == "badgebar 0.1.0 (commit \(commit))\n", "built from HEAD")
            } else {
                #expect(result.standardOutput == "badgebar 0.1.0\n", "no checkout, no commit")
            }
        }

        @Test("--help, --version and --generate into a full disk: one line on standard error, exit 74")
        func outputCannotBeWritten() throws {
            for arguments in [["--help"], ["--version"], ["--generate", "man"]] {
                let result = try ChildProcess.run(
                    "/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, try BadgebarBinary.path()] + arguments,
                    environment: ChildProcess.cleanEnvironment())
                #expect(result.status == .exited(74), "\(arguments): \(result.standardError)")
                #expect(result.standardErrorLines.count == 1, "\(arguments): \(result.standardErrorLines)")
                #expect(result.standardError.hasPrefix("badgebar: cannot write to standard output"))
            }
        }

        @Test(
            "--help, --version, --generate and --once into a pipe nobody reads: one line on standard error, exit 74, no SIGPIPE"
        )
        func outputIntoAClosedPipe() throws {
            let runs = [
                ["--help"], ["--version"], ["--generate", "man"], ["--generate", "bash"],
                ["--once", "--button", "Mail:envelope:3"], ["--once", "--format", "json"],
            ]
            for arguments in runs {
                let result = try ChildProcess.run(
                    try BadgebarBinary.path(), arguments, environment: ChildProcess.cleanEnvironment(),
                    standardOutputReaderGone: true)
                #expect(result.status == .exited(74), "\(arguments): \(result.standardError)")
                #expect(
                    result.standardErrorLines == ["badgebar: cannot write to standard output: Broken pipe"],
                    "\(arguments): \(result.standardErrorLines)")
            }
        }

        @Test(
            "A bad option prints one 'badgebar: ...' line naming it and a hint, and exits 64",
            arguments: [
                (["--limit", "0"], "--limit"),
                (["--limit", "abc"], "--limit"),
                (["--limit"], "--limit"),
                (["--fps", "0"], "--fps"),
                (["--fps", "241"], "--fps"),
                (["--icons", "nope"], "--icons"),
                (["--color", "sometimes"], "--color"),
                (["--bogus"], "--bogus"),
                (["--no-autoplay", "extra"], "extra"),
            ])
        func badOption(_ arguments: [String], _ named: String) throws {
            let result = try run(arguments)
            #expect(result.status == .exited(64), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput == "", "nothing on standard output for \(arguments)")
            let lines = result.standardErrorLines
            #expect(lines.count == 2, "\(arguments): \(lines)")
            if lines.count == 2 {
                #expect(lines[0].hasPrefix("badgebar: "), "\(lines)")
                #expect(lines[0].contains(named), "the message names \(named): \(lines[0])")
                #expect(lines[1].hasPrefix("badgebar: ") && lines[1].contains("--help"), "the hint: \(lines[1])")
            }
        }

        @Test("An escape sequence in a bad argument is not echoed to the terminal")
        func controlCharactersInErrors() throws {
            let result = try run(["--icons", "\u{1B}[2J"])
            #expect(result.status == .exited(64))
            #expect(!result.standardError.contains("\u{1B}"), "\(result.standardError.debugDescription)")
        }

        @Test("Standard output to a pipe: line mode, the first line and no escape sequence, exit 0 at the input's end")
        func outputToPipe() throws {
            let result = try run(["--no-autoplay"])
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(
                result.standardOutput == "Inbox. Messages: 2 unread; Cart: none unread; Notifications: 96 unread\n",
                "no escape sequences into the pipe: \(result.standardOutput.debugDescription)")
            #expect(result.standardError == "")
        }

        @Test(
            "TERM unset or unknown: one line on standard error naming the problem, exit 1, terminal untouched",
            arguments: [(nil, "TERM"), ("no-such-terminal-xyz", "no-such-terminal-xyz")])
        func unusableTerminal(_ term: String?, _ named: String) throws {
            let terminal = try TmuxTerminal(
                arguments: ["--no-autoplay"], term: term, redirections: [.standardErrorToFile])
            defer { terminal.close() }
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 1, "TERM=\(term ?? "(unset)")\n\(screen)")
            let lines = terminal.standardError.split(separator: "\n").map(String.init)
            #expect(lines.count == 1, "TERM=\(term ?? "(unset)"): \(lines)")
            #expect(lines.first?.hasPrefix("badgebar: ") == true, "\(lines)")
            #expect(lines.first?.contains(named) == true, "the message names '\(named)': \(lines)")
            #expect(screen.trimmed(row: 0) == "[exit 1]", "nothing drawn before the wrapper's line\n\(screen)")
            #expect(try terminal.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
            #expect(screen.terminalModes == ["icanon", "echo"], "\(screen)")
        }

        @Test("Standard input not a terminal (output is): one line on standard error, exit 1")
        func inputNotATerminal() throws {
            let terminal = try TmuxTerminal(
                arguments: ["--no-autoplay"], redirections: [.standardInputFromNull, .standardErrorToFile])
            defer { terminal.close() }
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 1, "\(screen)")
            let lines = terminal.standardError.split(separator: "\n").map(String.init)
            #expect(lines.count == 1 && lines[0].hasPrefix("badgebar: "), "\(lines)")
            #expect(lines.first?.contains("standard input") == true, "\(lines)")
            #expect(screen.trimmed(row: 0) == "[exit 1]", "\(screen)")
        }

        @Test("Standard output to a file (input is a terminal): line mode into the file, keys from the terminal")
        func outputToFile() throws {
            let terminal = try TmuxTerminal(arguments: ["--no-autoplay"], redirections: [.standardOutputToFile])
            defer { terminal.close() }
            let summary = "Inbox. Messages: 2 unread; Cart: none unread; Notifications: 96 unread\n"
            try terminal.waitUntil("the first line in the file") { _ in terminal.standardOutput == summary }
            #expect(try terminal.display("#{alternate_on}") == "0", "nothing drawn on the terminal")
            try terminal.sendKeys("1")
            try terminal.sendKeys("q")
            let status = try terminal.waitForExit()
            let screen = try terminal.capture()
            #expect(status == 0, "\(screen)")
            #expect(
                terminal.standardOutput == summary + "Messages: none unread (cleared)\n",
                "the key's change, said before quitting")
            #expect(screen.trimmed(row: 0).hasPrefix("[exit 0]"), "nothing on the terminal\n\(screen)")
        }
    }
}
