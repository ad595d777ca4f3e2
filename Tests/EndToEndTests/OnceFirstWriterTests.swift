import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Once, while it waits for a counts FIFO's first writer: every signal does what it does in the run")
    struct OnceFirstWriterTests {
        /// `badgebar --once` started with its standard output and error in files, and the FIFO nobody writes yet.
        final class Waiting {
            let directory: TemporaryDirectory
            let process: BackgroundProcess
            var fifo: String { directory.path + "/counts" }
            var output: String { directory.path + "/output" }
            var errors: String { directory.path + "/errors" }

            init(_ arguments: [String], directory: TemporaryDirectory) throws {
                self.directory = directory
                if mkfifo(directory.path + "/counts", 0o600) != 0 { throw EndToEndFailure("mkfifo failed") }
                let outputDescriptor = open(directory.path + "/output", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                let errorDescriptor = open(directory.path + "/errors", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                defer {
                    close(outputDescriptor)
                    close(errorDescriptor)
                }
                process = try BackgroundProcess(
                    try BadgebarBinary.path(),
                    ["--once", "--icons", "ascii", "--counts-from", directory.path + "/counts"] + arguments,
                    environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]),
                    standardOutput: outputDescriptor, standardError: errorDescriptor)
            }

            /// Waits until the program sleeps, ten looks in a row 20 ms apart: it waits for the FIFO's writer.
            func waitUntilItWaits() throws {
                let deadline = ContinuousClock.now + .seconds(10)
                var asleep = 0
                while asleep < 10, ContinuousClock.now < deadline {
                    let stat = (try? String(contentsOfFile: "/proc/\(process.pid)/stat", encoding: .utf8)) ?? ""
                    let state = stat.lastIndex(of: ")").map { stat[stat.index($0, offsetBy: 2)] }
                    asleep = state == "S" ? asleep + 1 : 0
                    usleep(20_000)
                }
                try #require(asleep >= 10, "badgebar waits for the FIFO's first writer")
            }

            /// Writes the FIFO's first writer's lines and closes it; fails at once when no reader has it open.
            func writeCounts(_ text: String) -> Bool {
                let writer = open(fifo, O_WRONLY | O_NONBLOCK)
                guard writer >= 0 else { return false }
                defer { close(writer) }
                return text.withCString { write(writer, $0, strlen($0)) } == text.utf8.count
            }

            func read(_ path: String) -> String {
                (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            }
        }

        @Test("SIGUSR1 in the wait, with a watch, is taken as in the run: the FIFO is read and the toolbar printed")
        func sigusr1WithAWatch() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let run = try Waiting(
                ["--button", "X:star:0", "--button", "Y:envelope:0", "--watch", "X=echo 1"], directory: directory)
            defer { run.process.stop() }
            try run.waitUntilItWaits()
            #expect(kill(run.process.pid, SIGUSR1) == 0)
            #expect(run.writeCounts("Y=4\n"), "badgebar still reads the FIFO after SIGUSR1")
            #expect(run.process.waitForExit(timeout: .seconds(10)) == .exited(0))
            #expect(run.read(run.output) == "* 1  @ 4\n")
            #expect(run.read(run.errors) == "")
        }

        @Test(
            "Any other signal that ends badgebar ends the wait with its message and 128+N, printing nothing",
            arguments: [
                ("TERM", SIGTERM, [String]()), ("INT", SIGINT, []), ("HUP", SIGHUP, []), ("USR2", SIGUSR2, []),
                ("USR2", SIGUSR2, ["--watch", "Y=echo 1"]), ("USR1", SIGUSR1, []),
            ])
        func anEndingSignal(_ name: String, _ signal: Int32, _ more: [String]) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let run = try Waiting(["--button", "Y:envelope:0"] + more, directory: directory)
            defer { run.process.stop() }
            try run.waitUntilItWaits()
            #expect(kill(run.process.pid, signal) == 0)
            #expect(run.process.waitForExit(timeout: .seconds(10)) == .exited(128 + signal), "SIG\(name) \(more)")
            #expect(run.read(run.errors) == "badgebar: ended by SIG\(name) before printing the toolbar\n")
            #expect(run.read(run.output) == "")
        }

        @Test("Every signal that ends a process ends the wait as it ends the run: its message, 128+N, nothing printed")
        func everyEndingSignal() throws {
            // One run per signal, all at once, each with a FIFO of its own.
            var runs: [(signal: Int32, run: Waiting, directory: TemporaryDirectory)] = []
            defer {
                for entry in runs {
                    entry.run.process.stop()
                    entry.directory.remove()
                }
            }
            for signal in OnceTests.terminatingSignals + [SIGUSR1] {
                let directory = try TemporaryDirectory()
                runs.append((signal, try Waiting(["--button", "Y:envelope:0"], directory: directory), directory))
            }
            for entry in runs {
                try entry.run.waitUntilItWaits()
                let name = String(cString: strsignal(entry.signal))
                #expect(kill(entry.run.process.pid, entry.signal) == 0)
                #expect(
                    entry.run.process.waitForExit(timeout: .seconds(10)) == .exited(128 + entry.signal),
                    "signal \(entry.signal) (\(name))")
                let message = entry.run.read(entry.run.errors)
                #expect(
                    message.hasPrefix("badgebar: ended by SIG") && message.hasSuffix(" before printing the toolbar\n"),
                    "signal \(entry.signal) (\(name)): '\(message)'")
                #expect(entry.run.read(entry.run.output) == "")
            }
        }

        @Test("With a board's file, SIGUSR2 in the wait reads the file again, and the board it gives is printed")
        func sigusr2WithABoardsFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/board.conf"
            try "[Mail]\nsymbol = envelope\nbadge = 2\n".write(toFile: file, atomically: true, encoding: .utf8)
            let run = try Waiting(["--config", file], directory: directory)
            defer { run.process.stop() }
            try run.waitUntilItWaits()
            try "[Mail]\nsymbol = envelope\nbadge = 2\n[Jobs]\nsymbol = gear\nbadge = 1\n"
                .write(toFile: file, atomically: true, encoding: .utf8)
            #expect(kill(run.process.pid, SIGUSR2) == 0)
            #expect(run.writeCounts("Mail=7\n"), "badgebar still reads the FIFO after SIGUSR2")
            #expect(run.process.waitForExit(timeout: .seconds(10)) == .exited(0))
            #expect(run.read(run.output) == "@ 7  % 1\n", "the board the file gives now, with the FIFO's count")
            #expect(run.read(run.errors) == "badgebar: reloaded \(file)\n")
        }
    }
}
