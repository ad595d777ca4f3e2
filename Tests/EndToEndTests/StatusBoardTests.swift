import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("A live status board: watches, presses, events, the window title, notifications")
    struct StatusBoardTests {
        /// Mail and News at 80 columns: `[ 📨 ]` at 64...69 and `[ 📰 ]` at 72...77, badges at 68...70 and 76...78.
        private static let mailAndNews = ["--button", "Mail:envelope:0", "--button", "News:newspaper:0"]
        private static let mailButton = 64...69
        private static let mailBadge = 68...70

        /// A unique word that the commands of one test carry, to find their processes.
        private let marker = "badgebar-e2e-\(getpid())-\(Int.random(in: 0..<1_000_000))"

        /// A script that adds one to a count kept in a file and prints it.
        private func counter(in directory: TemporaryDirectory) -> String {
            "n=$(cat '\(directory.path)/n' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '\(directory.path)/n'; echo $n"
        }

        /// Every process still running (zombies left out: dead, waiting for a parent to collect them), with its
        /// pid, process group and command line.
        private var processes: [(pid: Int32, group: Int32, arguments: [String])] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry in
                guard let pid = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let parenthesis = stat.lastIndex(of: ")"),
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return nil }
                // After the command: state, ppid, pgrp.
                let fields = stat[stat.index(after: parenthesis)...].split(separator: " ")
                guard fields.count > 2, fields[0] != "Z", fields[0] != "X", let group = Int32(fields[2]) else {
                    return nil
                }
                return (pid, group, data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
            }
        }

        /// The process groups of the watches running now: each is a `/bin/sh -c` whose command holds the marker.
        private var watchGroups: Set<Int32> {
            Set(
                processes.filter {
                    $0.arguments.prefix(2) == ["/bin/sh", "-c"] && $0.arguments.last?.contains(marker) == true
                }
                .map(\.group))
        }

        /// Everything the program wrote to the terminal, from a recording.
        private func recordedOutput(_ path: String) throws -> String {
            try RecordingTests.read(path).events.filter { $0.code == "o" }.map(\.data).joined()
        }

        @Test("A watch with a counting script updates the badge, with motion, and the title carries the total")
        func countingWatch() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndNews + ["--watch", "Mail=\(counter(in: directory))", "--every", "1s"])
            defer { terminal.close() }
            try terminal.waitUntil("the first count") { $0.words(row: InboxLayout.badgeRow) == ["1"] }
            #expect(try terminal.display("#{pane_title}") == "(1) Badges")
            // The bounce of a count going up moves the brackets off their places for a moment.
            let recording = try terminal.recordFrames(until: .now + .seconds(5)) { screen, _ in
                screen.words(row: InboxLayout.badgeRow) == ["3"]
            }
            let moved = recording.frames.contains { !$0[InboxLayout.toolbarRow].contains("[ 📨 ]") }
            #expect(moved, "no frame of the bounce:\n\(recording.transcript)")
            let three = try #require(recording.frames.last)
            #expect(three.text(row: InboxLayout.badgeRow, columns: Self.mailBadge) == " 3 ", "\(three)")
            try terminal.waitUntil("the title to follow") { _ in
                let title = try terminal.display("#{pane_title}")
                return title.hasSuffix(") Badges") && title != "(1) Badges"
            }
        }

        @Test("A failing, a hanging and a never-ending watch: ended, marked, and nothing left running after quit")
        func failingHangingAndNeverEnding() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let flag = directory.path + "/ran"
            let terminal = try TmuxTerminal(arguments: [
                "--button", "Mail:envelope:0", "--button", "News:newspaper:0", "--button", "Cart:cart:0",
                // Good once (3), then exit 1 from the second run on.
                "--watch", "Mail=[ -e '\(flag)' ] && exit 1; touch '\(flag)'; echo 3",
                "--watch", "News=sleep 600 # \(marker)",
                "--watch", "Cart=(sleep 601 # \(marker)\n) & yes", "--every", "1s",
            ])
            defer { terminal.close() }
            let marked = try terminal.waitUntil("all three marked stale", timeout: .seconds(8)) {
                $0.words(row: InboxLayout.badgeRow) == ["?", "3", "?", "?"]
            }
            #expect(marked[InboxLayout.toolbarRow].contains("[ 📨 ]"), "\(marked)")
            try terminal.waitUntil("Mail's reason in the status line", timeout: .seconds(6)) {
                $0[InboxLayout.statusRow].hasPrefix(" Mail: 3 unread (stale: failed, exit 1)")
            }
            try terminal.sendKeys("Right")
            try terminal.waitUntil("News timed out") {
                $0[InboxLayout.statusRow].hasPrefix(" News: none unread (stale: timed out after 1s)")
            }
            // The hanging watch runs again; the never-ending one was cut off at its output limit (SIGPIPE),
            // leaving behind what it started in the background, which lingers until badgebar ends.
            var groups: Set<Int32> = []
            try terminal.waitUntil("the hanging watch running again, and what the never-ending one left") { _ in
                let left = Set(processes.filter { $0.arguments == ["sleep", "601"] }.map(\.group))
                groups = watchGroups.union(left)
                return watchGroups.count == 1 && !left.isEmpty
            }
            #expect(
                processes.filter { groups.contains($0.group) }.count >= 3,
                "\(processes.filter { groups.contains($0.group) })")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            let left = processes.filter { groups.contains($0.group) }
            #expect(left.isEmpty, "left running after quit: \(left)")
        }

        @Test("SIGUSR1 runs every watch at once; without watches it ends the program as before")
        func sigusr1() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndNews + ["--watch", "Mail=\(counter(in: directory))", "--every", "5m"])
            defer { terminal.close() }
            try terminal.waitUntil("the first count") { $0.words(row: InboxLayout.badgeRow) == ["1"] }
            let pid = try terminal.programPID()
            kill(pid, SIGUSR1)
            try terminal.waitUntil("the refresh") { $0.words(row: InboxLayout.badgeRow) == ["2"] }
            kill(pid, SIGUSR1)
            try terminal.waitUntil("another refresh") { $0.words(row: InboxLayout.badgeRow) == ["3"] }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)

            let plain = try TmuxTerminal(arguments: Self.mailAndNews)
            defer { plain.close() }
            try plain.waitUntil("the toolbar") { $0[InboxLayout.toolbarRow].contains("Badges") }
            kill(try plain.programPID(), SIGUSR1)
            #expect(try plain.waitForExit() == 128 + SIGUSR1)
        }

        @Test("A press runs its command first; the watch's refresh after it sees what the command wrote")
        func pressThenRefresh() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/mail"
            try "5\n".write(toFile: file, atomically: true, encoding: .utf8)
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndNews + [
                    "--watch", "Mail=cat '\(file)'", "--every", "5m",
                    "--on-press",
                    "Mail=sleep 1; echo \"$BADGEBAR_COUNT\" > '\(directory.path)/before'; echo 2 > '\(file)'",
                ])
            defer { terminal.close() }
            try terminal.waitUntil("Mail's 5") { $0.words(row: InboxLayout.badgeRow) == ["5"] }
            try terminal.sendKeys("1")
            let recording = try terminal.recordFrames(until: .now + .seconds(6)) { screen, still in
                screen.words(row: InboxLayout.badgeRow) == ["2"] && still > .milliseconds(500)
            }
            let badges = recording.frames.map { $0.words(row: InboxLayout.badgeRow) }
            let cleared = try #require(badges.firstIndex(of: []), "the press clears the badge: \(badges)")
            #expect(
                !badges[cleared...].contains(["5"]), "no refresh before the command ended:\n\(recording.transcript)")
            #expect(badges.last == ["2"], "\(badges)")
            #expect(try String(contentsOfFile: directory.path + "/before", encoding: .utf8) == "5\n")
        }

        @Test("--open hands the terminal to `sh -c 'read x'`, takes it back repainted, then refreshes the watch")
        func openHandsTheTerminalOver() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/mail"
            try "1\n".write(toFile: file, atomically: true, encoding: .utf8)
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndNews + [
                    "--watch", "Mail=cat '\(file)'", "--every", "5m",
                    "--open", "Mail=sh -c 'printf \"how many? \"; read x; echo \"$x\" > \(file)'",
                ])
            defer { terminal.close() }
            try terminal.waitUntil("Mail's 1") { $0.words(row: InboxLayout.badgeRow) == ["1"] }
            try terminal.sendKeys("Enter")
            try terminal.waitUntil("the question, on the normal screen") { screen in
                let alternate = try terminal.display("#{alternate_on}")
                return screen.contains("how many?") && alternate == "0"
            }
            try terminal.sendKeys("7", "Enter")
            let back = try terminal.waitUntil("the toolbar again, with the answer") {
                $0.words(row: InboxLayout.badgeRow) == ["7"] && $0[InboxLayout.toolbarRow].contains("Badges")
            }
            #expect(try terminal.display("#{alternate_on}") == "1")
            #expect(!back.contains("how many?"), "repainted:\n\(back)")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("--open with counts on standard input and events on standard output: the command gets the terminal")
        func openGetsTheTerminalNotThePipes() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let streams = directory.path + "/streams"
            let events = directory.path + "/events"
            // The device (major:minor) of each standard stream: /dev/tty and the pane's name are one terminal.
            let report =
                "a=$(stat -L -c %t:%T /proc/$$/fd/0); b=$(stat -L -c %t:%T /proc/$$/fd/1); "
                + "c=$(stat -L -c %t:%T /proc/$$/fd/2); printf '%s\\n' \"$a\" \"$b\" \"$c\" > '\(streams)'"
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndNews + ["--counts-from", "-", "--events-to", "-", "--open", "Mail=\(report)"],
                pipeline: "printf 'Mail=2\\n' | \"$0\" \"$@\" | cat > '\(events)'")
            defer { terminal.close() }
            try terminal.waitUntil("Mail's 2 from the pipe") { $0.words(row: InboxLayout.badgeRow) == ["2"] }
            try terminal.sendKeys("Enter")
            try terminal.waitUntil("the toolbar again, after the command") { _ in
                FileManager.default.fileExists(atPath: streams) && (try? terminal.display("#{alternate_on}")) == "1"
            }
            let paneDevice = try ChildProcess.run(
                "stat", ["-L", "-c", "%t:%T", try terminal.display("#{pane_tty}")],
                environment: ChildProcess.cleanEnvironment()
            ).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            let seen = try String(contentsOfFile: streams, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(seen == [paneDevice, paneDevice, paneDevice], "not the counts' or the events' pipe")
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
        }

        @Test("--events-to: a JSON line for a key press, a click and a watch's change")
        func eventsTo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let events = directory.path + "/events.jsonl"
            let terminal = try TmuxTerminal(
                arguments: Self.mailAndNews + [
                    "--watch", "Mail=\(counter(in: directory))", "--every", "5m", "--events-to", events,
                ])
            defer { terminal.close() }
            try terminal.waitUntil("the first count") { $0.words(row: InboxLayout.badgeRow) == ["1"] }
            try terminal.sendKeys("2")
            try terminal.waitUntil("News focused") { $0[InboxLayout.statusRow].hasPrefix(" News: ") }
            try terminal.clickSGR(column: Self.mailButton.lowerBound + 3, row: InboxLayout.toolbarRow + 1)
            try terminal.waitUntil("Mail's refresh after the click") { $0.words(row: InboxLayout.badgeRow) == ["2"] }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
            let objects = try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            let summary = objects.map { object in
                ["event", "button", "count", "previous", "source"].map { "\(object[$0] ?? "-")" }.joined(separator: " ")
            }
            #expect(
                summary == [
                    "change Mail 1 0 watch", "press News 0 0 key", "press Mail 0 1 click", "change Mail 2 0 watch",
                ], "\(lines)")
            let now = Date().timeIntervalSince1970
            for object in objects {
                let time = try #require(object["time"] as? Double)
                #expect(time > now - 60 && time <= now, "a Unix time: \(time)")
            }
            #expect(lines.first?.hasPrefix(#"{"time":"#) == true)
        }

        @Test("The total goes in the window title; the old title comes back on quit, on a signal, and with --no-title")
        func windowTitle() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let recording = directory.path + "/session.cast"
            let titled = #"printf '\033]2;before\007'; "$0" "$@""#
            let terminal = try TmuxTerminal(
                arguments: ["--button", "Mail:envelope:3", "--button", "News:newspaper:4", "--record", recording],
                pipeline: titled)
            defer { terminal.close() }
            try terminal.waitUntil("the title") { _ in try terminal.display("#{pane_title}") == "(7) Badges" }
            try terminal.sendKeys("1")
            try terminal.waitUntil("the new total") { _ in try terminal.display("#{pane_title}") == "(4) Badges" }
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            #expect(try terminal.display("#{pane_title}") == "before")
            let output = try recordedOutput(recording)
            let push = try #require(output.range(of: "\u{1B}[22;0t"), "pushed")
            let set = try #require(output.range(of: "\u{1B}]2;(7) Badges\u{07}"))
            let pop = try #require(output.range(of: "\u{1B}[23;0t"), "popped")
            #expect(push.upperBound <= set.lowerBound && set.upperBound <= pop.lowerBound)

            let killed = try TmuxTerminal(arguments: ["--button", "Mail:envelope:3"], pipeline: titled)
            defer { killed.close() }
            try killed.waitUntil("the title") { _ in try killed.display("#{pane_title}") == "(3) Badges" }
            kill(try killed.programPID(), SIGTERM)
            #expect(try killed.waitForExit() == 128 + SIGTERM)
            #expect(try killed.display("#{pane_title}") == "before")

            let untitled = try TmuxTerminal(arguments: ["--button", "Mail:envelope:3", "--no-title"], pipeline: titled)
            defer { untitled.close() }
            try untitled.waitUntil("the toolbar") { $0.words(row: InboxLayout.badgeRow) == ["3"] }
            #expect(try untitled.display("#{pane_title}") == "before")
        }

        /// Runs a counting watch with `--notify` and a recording until the second count, and returns what was written.
        private func notifications(
            _ mode: String = "always", environment: [String] = [], unsetting: [String] = [],
            pipeline: String? = nil, focusOut: Bool = false
        ) throws -> String {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let recording = directory.path + "/session.cast"
            let terminal = try TmuxTerminal(
                arguments: ["--button", "Mail:envelope:0", "--watch", "Mail=\(counter(in: directory))"]
                    + ["--every", "1s", "--notify", mode, "--no-title", "--record", recording],
                environment: environment, unsetting: unsetting, pipeline: pipeline)
            defer { terminal.close() }
            try terminal.waitUntil("the first count") { $0.words(row: InboxLayout.badgeRow) == ["1"] }
            if focusOut {
                try terminal.sendLiteral("\u{1B}[O")
            }
            try terminal.waitUntil("the second count") { $0.words(row: InboxLayout.badgeRow) == ["2"] }
            usleep(300_000)
            try terminal.sendKeys("q")
            #expect(try terminal.waitForExit() == 0)
            return try recordedOutput(recording)
        }

        @Test("--notify always: OSC 9 for iTerm2, OSC 777 for VTE, outside tmux")
        func notifyOutsideTmux() throws {
            let iTerm = try notifications(environment: ["TERM_PROGRAM=iTerm.app"], unsetting: ["TMUX"])
            #expect(iTerm.contains("\u{1B}]9;Badges: Mail: 2 unread\u{07}"), "\(iTerm.debugDescription)")
            #expect(!iTerm.contains("Mail: 1 unread"), "the first reading is no news")
            let vte = try notifications(environment: ["VTE_VERSION=7600"], unsetting: ["TMUX"])
            #expect(vte.contains("\u{1B}]777;notify;Badges;Mail: 2 unread\u{07}"), "\(vte.debugDescription)")
        }

        @Test("--notify always inside tmux: kitty's OSC 99 through the passthrough when allowed, else the bell")
        func notifyInsideTmux() throws {
            let allowed = try notifications(
                environment: ["KITTY_WINDOW_ID=1"], pipeline: #"tmux set -p allow-passthrough on; "$0" "$@""#)
            #expect(
                allowed.contains(
                    "\u{1B}Ptmux;\u{1B}\u{1B}]99;i=badgebar:d=0;Badges\u{1B}\u{1B}\\"
                        + "\u{1B}\u{1B}]99;i=badgebar:d=1:p=body;Mail: 2 unread\u{1B}\u{1B}\\\u{1B}\\"),
                "\(allowed.debugDescription)")
            let bell = try notifications(environment: ["KITTY_WINDOW_ID=1"])
            #expect(bell.contains("\u{07}"), "a bell")
            #expect(!bell.contains("]99;") && !bell.contains("]9;") && !bell.contains("]777;"))
        }

        @Test(
            "--notify unfocused: focus reports on, a notification only after the focus leaves, reports off at the end")
        func notifyUnfocused() throws {
            let focused = try notifications("unfocused", environment: ["TERM_PROGRAM=iTerm.app"], unsetting: ["TMUX"])
            #expect(focused.contains("\u{1B}[?1004h") && focused.contains("\u{1B}[?1004l"))
            #expect(!focused.contains("]9;"), "focused: no notification")
            let unfocused = try notifications(
                "unfocused", environment: ["TERM_PROGRAM=iTerm.app"], unsetting: ["TMUX"], focusOut: true)
            #expect(unfocused.contains("\u{1B}]9;Badges: Mail: 2 unread\u{07}"), "\(unfocused.debugDescription)")
        }

        @Test("--events-to - with standard output on the terminal, and a watch naming no button: usage errors, 64")
        func usageErrors() throws {
            let terminal = try TmuxTerminal(arguments: ["--events-to", "-"], redirections: [.standardErrorToFile])
            defer { terminal.close() }
            #expect(try terminal.waitForExit() == 64)
            #expect(terminal.standardError.contains("--events-to -: standard output is the terminal"))
            let result = try ChildProcess.run(
                try BadgebarBinary.path(), ["--watch", "Inbox=true"],
                environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color"]), timeout: 10)
            #expect(result.status == .exited(64))
            #expect(result.standardError.contains("no button is titled 'Inbox'"), "\(result.standardError)")
        }

        @Test("--events-to - into a pipe: the board is drawn on the terminal, the events go down the pipe")
        func eventsToStandardOutput() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let events = directory.path + "/piped"
            let terminal = try TmuxTerminal(
                arguments: ["--button", "Mail:envelope:3", "--events-to", "-"],
                pipeline: "\"$0\" \"$@\" | cat > '\(events)'")
            defer { terminal.close() }
            try terminal.waitUntil("the toolbar on the terminal") { $0.words(row: InboxLayout.badgeRow) == ["3"] }
            try terminal.sendKeys("1", "q")
            #expect(try terminal.waitForExit() == 0)
            let text = try String(contentsOfFile: events, encoding: .utf8)
            #expect(
                text.contains(#""event":"press","button":"Mail","count":0,"previous":3,"source":"key"}"#), "\(text)")
        }
    }
}
