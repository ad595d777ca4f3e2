import Foundation
import Glibc
import TestSupport
import Testing

extension EndToEnd {
    @Suite("Once, for status bars") struct OnceTests {
        static let golden = BadgebarBinary.packageRoot + "/Tests/Golden/once"

        /// `--title Status` and a `--button` for each line of the golden toolbar's `buttons.txt`.
        static func toolbarArguments() throws -> [String] {
            let buttons = try String(contentsOfFile: golden + "/buttons.txt", encoding: .utf8)
            return ["--title", "Status"] + buttons.split(separator: "\n").flatMap { ["--button", String($0)] }
        }

        private func run(_ arguments: [String], environment: [String] = []) throws -> ProcessResult {
            try ChildProcess.run(
                try BadgebarBinary.path(), arguments,
                environment: ChildProcess.cleanEnvironment(
                    ["TERM=xterm-256color", "SWIFT_BACKTRACE=enable=no"] + environment), timeout: 10)
        }

        @Test(
            "Each format prints exactly its golden file and exits 0",
            arguments: [
                ("plain.txt", ["--format", "plain"]), ("plain-ascii.txt", ["--icons", "ascii"]),
                ("tmux.txt", ["--format", "tmux"]), ("tmux-no-color.txt", ["--format=tmux", "--color", "never"]),
                ("json.txt", ["--format", "json"]), ("waybar.txt", ["--format", "waybar"]),
                ("polybar.txt", ["--format", "polybar"]), ("i3blocks.txt", ["--format", "i3blocks"]),
            ])
        func goldenOutput(_ file: String, _ arguments: [String]) throws {
            let result = try run(["--once"] + (try Self.toolbarArguments()) + arguments)
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(result.standardError == "")
            #expect(result.standardOutput == (try String(contentsOfFile: Self.golden + "/" + file, encoding: .utf8)))
        }

        @Test("--watch commands run once for --once: their counts printed, a failure reported, still exit 0")
        func watchesRunOnce() throws {
            let result = try run([
                "--once", "--icons", "ascii", "--button", "Mail:envelope:0", "--button", "Jobs:gear:0", "--watch",
                "Mail=echo 12", "--watch", "Jobs=echo oops",
            ])
            #expect(result.status == .exited(0))
            #expect(result.standardOutput == "@ 12  %?\n", "the failed watch's button has the stale mark")
            #expect(result.standardError == "badgebar: Jobs: 'echo oops' wrote 'oops', not a count\n")
        }

        @Test("--once runs watches as the full screen does: BADGEBAR_BUTTON, the error's line, the stale mark, SIGUSR1")
        func watchesAsTheFullScreenRunsThem() throws {
            let result = try run([
                "--once", "--icons", "ascii", "--button", "Mail:envelope:3", "--button", "Jobs:gear:0",
                "--watch", "Mail=echo $BADGEBAR_BUTTON gone >&2; exit 2", "--watch",
                "Jobs=test \"$BADGEBAR_BUTTON\" = Jobs && echo 5",
            ])
            #expect(result.status == .exited(0))
            #expect(result.standardOutput == "@ 3?  % 5\n", "the count kept, marked stale; the button's own title")
            #expect(
                result.standardError
                    == "badgebar: Mail: 'echo $BADGEBAR_BUTTON gone >&2; exit 2' failed, exit 2 (Mail gone)\n")

            // SIGUSR1 while a watch runs asks for its run again, as the README's pkill does: it never ends --once.
            let script = """
                "$0" --once --icons ascii --button Mail:envelope:0 --watch 'Mail=sleep 1; echo 4' &
                pid=$!; sleep 0.4; kill -USR1 $pid; wait $pid; echo "[exit $?]"
                """
            let signalled = try ChildProcess.run(
                "/bin/sh", ["-c", script, try BadgebarBinary.path()],
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: 10)
            #expect(signalled.standardOutput == "@ 4\n[exit 0]\n", "\(signalled.standardError)")
        }

        @Test("NO_COLOR turns the tmux colours off; --color always turns them back on")
        func noColor() throws {
            let tmux = try String(contentsOfFile: Self.golden + "/tmux.txt", encoding: .utf8)
            let plainTmux = try String(contentsOfFile: Self.golden + "/tmux-no-color.txt", encoding: .utf8)
            let arguments = ["--once", "--format", "tmux"] + (try Self.toolbarArguments())
            #expect(try run(arguments, environment: ["NO_COLOR=1"]).standardOutput == plainTmux)
            #expect(try run(arguments + ["--color", "always"], environment: ["NO_COLOR=1"]).standardOutput == tmux)
        }

        @Test("--counts-from is read to its end, from a file or a FIFO, and a bad line is reported")
        func countsReadToTheEnd() throws {
            let folder = BadgebarBinary.packageRoot + "/.build/once-counts-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = folder + "/counts"
            try "Mail=142\nBuilds+=2\nbogus\n".write(toFile: file, atomically: true, encoding: .utf8)
            let buttons = ["--button", "Mail:envelope:1", "--button", "Builds:hammer:0:yellow", "--icons", "ascii"]
            let fromFile = try run(["--once", "--counts-from", file] + buttons)
            #expect(fromFile.status == .exited(0))
            #expect(fromFile.standardOutput == "@ 99+  T 2\n")
            #expect(fromFile.standardError == "badgebar: ignored 'bogus': expected Name=N, Name+=N or Name-=N\n")

            let fifo = folder + "/counts.fifo"
            try #require(mkfifo(fifo, 0o600) == 0)
            // A writer that comes after badgebar opened the FIFO and pauses between lines: read until it closes.
            let writer = try ChildProcess.spawn(
                "sh", ["-c", "sleep 0.2; { echo Mail=7; sleep 0.3; echo Builds=3; } > \"$0\"", fifo],
                environment: ChildProcess.cleanEnvironment(),
                files: [.open(0, path: "/dev/null", flags: O_RDONLY), .duplicate(1, as: 1), .duplicate(2, as: 2)])
            let fromFIFO = try run(["--once", "--counts-from", fifo] + buttons)
            kill(writer, SIGKILL)
            var status: Int32 = 0
            waitpid(writer, &status, 0)
            #expect(fromFIFO.status == .exited(0))
            #expect(fromFIFO.standardOutput == "@ 7  T 3\n")
        }

        /// The processes running `sleep SECONDS`, by their command line, zombies left out.
        static func sleepers(_ seconds: String) -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> pid_t? in
                guard let pid = pid_t(entry),
                    let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                    commandLine == Data("sleep\0\(seconds)\0".utf8),
                    let status = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = status.lastIndex(of: ")"), !status[close...].hasPrefix(") Z")
                else { return nil }
                return pid
            }
        }

        @Test(
            "A signal while --once waits ends every watch and what a watch left in the background, with 128+N",
            arguments: [SIGTERM, SIGINT])
        func aSignalEndsEveryChild(_ signal: Int32) throws {
            // A duration no other test uses, to find this test's sleeps by.
            let seconds = String(500 + Int(getpid() % 400) * 2 + (signal == SIGINT ? 1 : 0))
            let null = open("/dev/null", O_WRONLY)
            defer { close(null) }
            let badgebar = try BackgroundProcess(
                try BadgebarBinary.path(),
                [
                    "--once", "--icons", "ascii", "--button", "Mail:envelope:0", "--button", "Jobs:gear:0",
                    "--watch", "Mail=sleep \(seconds) & echo 3", "--watch", "Jobs=sleep \(seconds)",
                ], environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]),
                standardOutput: null, standardError: null)
            defer {
                badgebar.stop()
                for pid in Self.sleepers(seconds) { kill(pid, SIGKILL) }
            }
            let clock = ContinuousClock()
            let start = clock.now
            while Self.sleepers(seconds).count < 2 && clock.now - start < .seconds(10) {
                usleep(20_000)
            }
            try #require(Self.sleepers(seconds).count == 2, "the watch and the one it left in the background run")
            kill(badgebar.pid, signal)
            #expect(badgebar.waitForExit(timeout: .seconds(5)) == .exited(128 + signal))
            let ended = clock.now
            while !Self.sleepers(seconds).isEmpty && clock.now - ended < .seconds(3) {
                usleep(20_000)
            }
            #expect(Self.sleepers(seconds).isEmpty, "left running: \(Self.sleepers(seconds))")
        }

        @Test("SIGUSR1 while --once runs its watches asks for what is under way: the toolbar is printed, exit 0")
        func sigusr1WhileWatchesRun() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let started = directory.path + "/started"
            let output = directory.path + "/output"
            let errors = directory.path + "/errors"
            let outputDescriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let errorDescriptor = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            defer {
                close(outputDescriptor)
                close(errorDescriptor)
            }
            let badgebar = try BackgroundProcess(
                try BadgebarBinary.path(),
                [
                    "--once", "--icons", "ascii", "--button", "Mail:envelope:0",
                    "--watch", "Mail=touch '\(started)'; sleep 1; echo 4",
                ], environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]),
                standardOutput: outputDescriptor, standardError: errorDescriptor)
            defer { badgebar.stop() }
            let clock = ContinuousClock()
            let start = clock.now
            while !FileManager.default.fileExists(atPath: started) && clock.now - start < .seconds(10) {
                usleep(10_000)
            }
            try #require(FileManager.default.fileExists(atPath: started), "the watch runs")
            #expect(kill(badgebar.pid, SIGUSR1) == 0)
            #expect(badgebar.waitForExit(timeout: .seconds(10)) == .exited(0))
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "@ 4\n")
            #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
        }

        /// Every signal whose default action ends a process, but the crash signals (CrashTests') and SIGPIPE and
        /// SIGXFSZ (ignored): the standard ones, then every real-time signal the C library leaves to programs.
        static let terminatingSignals: [Int32] =
            [SIGHUP, SIGINT, SIGQUIT, SIGUSR2, SIGALRM, SIGTERM, SIGSTKFLT, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR]
            + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

        @Test("Every other signal that ends a process ends --once cleanly: its watch ended, a message, 128+N")
        func everyTerminatingSignalEndsCleanly() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // One run per signal, all at once.
            var runs: [(signal: Int32, process: BackgroundProcess, pidFile: String, errors: String)] = []
            defer {
                for run in runs {
                    run.process.stop()
                    if let text = try? String(contentsOfFile: run.pidFile, encoding: .utf8),
                        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
                    {
                        kill(pid, SIGKILL)
                    }
                }
            }
            let null = open("/dev/null", O_WRONLY)
            defer { close(null) }
            for signal in Self.terminatingSignals {
                let pidFile = directory.path + "/watch-\(signal)"
                let errors = directory.path + "/errors-\(signal)"
                let errorDescriptor = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                defer { close(errorDescriptor) }
                let process = try BackgroundProcess(
                    try BadgebarBinary.path(),
                    [
                        "--once", "--button", "Mail:envelope:0",
                        "--watch", "Mail=echo $$ > '\(pidFile)'; exec sleep 60",
                    ], environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]),
                    standardOutput: null, standardError: errorDescriptor)
                runs.append((signal, process, pidFile, errors))
            }
            for run in runs {
                let watch = try ProcessTreeTests.readPID(run.pidFile)
                let name = String(cString: strsignal(run.signal))
                #expect(kill(run.process.pid, run.signal) == 0)
                #expect(
                    run.process.waitForExit(timeout: .seconds(10)) == .exited(128 + run.signal),
                    "signal \(run.signal) (\(name))")
                let message = (try? String(contentsOfFile: run.errors, encoding: .utf8)) ?? ""
                #expect(
                    message.hasPrefix("badgebar: ended by SIG") && message.hasSuffix(" before printing the toolbar\n"),
                    "signal \(run.signal) (\(name)): '\(message)'")
                #expect(ProcessTreeTests.waitUntilEnded(watch), "signal \(run.signal) (\(name)) left the watch running")
            }
        }

        @Test("What a watch leaves in the background ends with --once")
        func whatAWatchLeftEnds() throws {
            let seconds = String(1500 + Int(getpid() % 400))
            defer {
                for pid in Self.sleepers(seconds) { kill(pid, SIGKILL) }
            }
            let result = try run([
                "--once", "--icons", "ascii", "--button", "Mail:envelope:0", "--watch",
                "Mail=sleep \(seconds) </dev/null >/dev/null 2>&1 & echo 3",
            ])
            #expect(result.status == .exited(0), "\(result.standardError)")
            #expect(result.standardOutput == "@ 3\n")
            let clock = ContinuousClock()
            let ended = clock.now
            while !Self.sleepers(seconds).isEmpty && clock.now - ended < .seconds(3) {
                usleep(20_000)
            }
            #expect(Self.sleepers(seconds).isEmpty, "left running: \(Self.sleepers(seconds))")
        }

        @Test("docs/status-bars.md's status-right recipe in a real tmux: the client draws the badges in their colours")
        func tmuxStatusLine() throws {
            let binary = try BadgebarBinary.path()
            let folder = BadgebarBinary.packageRoot + "/.build/once-tmux-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let counts = folder + "/counts"
            try "Mail=3\nBuilds=1\n".write(toFile: counts, atomically: true, encoding: .utf8)

            // The recipe as the guide gives it, with this binary and this counts file.
            let guide = try MarkdownDocument("docs/status-bars.md")
            let block = try #require(guide.fencedBlocks("tmux").first { $0.text.contains("--counts-from") }).text
            #expect(block.contains("#(badgebar --once --format tmux"))
            let status = try TmuxStatusLine(
                configuration: String(block).replacing("#(badgebar ", with: "#(\(binary) ")
                    .replacing("~/.cache/badgebar-counts", with: counts), in: folder)
            defer { status.close() }
            let outer = status.outer
            let screen = try outer.waitUntil("the badges in the status line", timeout: .seconds(15)) {
                $0[5].hasSuffix("📨 3  🔨 1")
            }
            let styled = try outer.captureWithEscapes()
            let row = styled.rows[5]
            let three = try #require(row.lastIndex { $0.text == "3" }, "\(screen)")
            let one = try #require(row.lastIndex { $0.text == "1" }, "\(screen)")
            for column in (three - 1)...(three + 1) {
                #expect(row[column].background == "48;5;196", "Mail's badge, red: \(row[column])")
                #expect(row[column].foreground == "38;5;231", "white text: \(row[column])")
            }
            for column in (one - 1)...(one + 1) {
                #expect(row[column].background == "48;5;220", "Builds' badge, yellow: \(row[column])")
                #expect(row[column].foreground == "38;5;16", "black text: \(row[column])")
            }
            #expect(row[three - 3].background == nil, "the icon is not on the badge: \(row[three - 3])")
        }

        @Test("The README's status-bar line for tmux, with a Maildir, in a real tmux: the badge of its unread mail")
        func readmeTmuxLineWithAMaildir() throws {
            let binary = try BadgebarBinary.path()
            let folder = BadgebarBinary.packageRoot + "/.build/once-tmux-maildir-\(getpid())"
            for name in ["new", "cur", "tmp"] {
                try FileManager.default.createDirectory(
                    atPath: folder + "/Maildir/" + name, withIntermediateDirectories: true)
            }
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Two new, one in cur/ not seen yet, one seen: three unread.
            for name in ["new/a", "new/b", "cur/c:2,", "cur/d:2,S"] {
                #expect(FileManager.default.createFile(atPath: folder + "/Maildir/" + name, contents: Data()))
            }
            // The line as the README gives it, with this binary and this maildir.
            let readme = try MarkdownDocument("README.md")
            let section = MarkdownDocument(text: try #require(readme.section("In your status bar")))
            let line = try #require(section.fencedBlocks("tmux").first).text
            #expect(
                line.hasPrefix("set -g status-right '#(badgebar --once --format tmux ") && line.contains("--maildir"))
            let configuration = line.replacing("#(badgebar ", with: "#(\(binary) ")
                .replacing("~/Maildir", with: folder + "/Maildir")
            let status = try TmuxStatusLine(configuration: "set -g status-interval 1\n" + configuration, in: folder)
            defer { status.close() }
            let outer = status.outer
            let screen = try outer.waitUntil("the badge in the status line", timeout: .seconds(15)) {
                $0[5].hasSuffix("📨 3")
            }
            let styled = try outer.captureWithEscapes()
            let row = styled.rows[5]
            let three = try #require(row.lastIndex { $0.text == "3" }, "\(screen)")
            for column in (three - 1)...(three + 1) {
                #expect(row[column].background == "48;5;196", "Mail's badge, red: \(row[column])")
            }
        }
    }
}
