import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

@Suite struct WindowTitleTests {
    /// The title as the detected terminal would get it, or `nil` where none is set.
    private func title(
        term: String, environment: [String: String] = [:], terminfo: [String: String] = [:]
    ) -> String? {
        let found = WindowTitle.detect(
            terminalType: term, environment: { environment[$0] }, capability: { Array((terminfo[$0] ?? "").utf8) })
        return found.map { String(decoding: $0.bytes(for: "(101) Inbox"), as: UTF8.self) }
    }

    @Test func xtermCompatibleTerminalsGetOSC2() {
        for term in ["xterm-256color", "xterm", "foot", "vte-256color", "alacritty", "wezterm", "st-256color"] {
            #expect(title(term: term) == "\u{1B}]2;(101) Inbox\u{07}", "\(term)")
        }
    }

    @Test func terminfoTitleStringsComeFirst() {
        #expect(
            title(term: "tmux-256color", terminfo: ["tsl": "\u{1B}]0;", "fsl": "\u{07}"])
                == "\u{1B}]0;(101) Inbox\u{07}")
        #expect(title(term: "someterm", terminfo: ["tsl": "\u{1B}]2;"]) == nil, "tsl without fsl is not enough")
    }

    @Test func insideTmuxThePaneGetsTheTitleWhateverTERMSays() {
        #expect(title(term: "screen", environment: ["TMUX": "/tmp/s,1,0"]) == "\u{1B}]2;(101) Inbox\u{07}")
    }

    @Test func gnuScreenTheLinuxConsoleAndUnknownTerminalsKeepTheirTitle() {
        #expect(title(term: "screen-256color") == nil)
        #expect(title(term: "xterm-256color", environment: ["STY": "1234.pts-0.host"]) == nil)
        #expect(title(term: "linux") == nil)
        #expect(title(term: "vt100") == nil)
    }

    @Test func theTitleIsCleanedAndCut() {
        let bytes = WindowTitle.xterm.bytes(for: "a\u{07}b\u{1B}]2;c" + String(repeating: "x", count: 300))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]2;ab]2;cxx"))
        #expect(text.filter { $0 == "\u{1B}" }.count == 1 && text.filter { $0 == "\u{07}" }.count == 1)
        #expect(bytes.count == 4 + WindowTitle.longestTitleCharacters + 1)
    }

    @Test func theStackIsXtermsWindowOps() {
        #expect(WindowTitle.push == Array("\u{1B}[22;0t".utf8))
        #expect(WindowTitle.pop == Array("\u{1B}[23;0t".utf8))
    }

    @Test func theCrashResetPopsTheTitleAndEndsFocusReportsOnlyWhenTheyWereUsed() {
        let plain = TerminalSession.resetSequence()
        let both = TerminalSession.resetSequence(restoresTitle: true, reportsFocus: true)
        #expect(both == plain + Array("\u{1B}[?1004l".utf8) + WindowTitle.pop)
        #expect(!String(decoding: plain, as: UTF8.self).contains("\u{1B}[23;0t"))
    }
}

@Suite struct DesktopNotificationTests {
    private func kind(_ environment: [String: String], tmux: DesktopNotification.TmuxClient? = nil)
        -> DesktopNotification
    {
        DesktopNotification.detect(environment: { environment[$0] }, tmux: tmux)
    }

    @Test func eachTerminalGetsItsOwnSequence() {
        let cases: [([String: String], DesktopNotification.Kind)] = [
            (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .osc9),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .osc9),
            (["TERM": "xterm-256color", "WT_SESSION": "abc"], .osc9),
            (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .osc9),
            (["TERM": "xterm-kitty"], .osc99),
            (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .osc99),
            (["TERM": "foot"], .osc777),
            (["TERM": "rxvt-unicode-256color"], .osc777),
            (["TERM": "xterm-256color", "VTE_VERSION": "7600"], .osc777),
            (["TERM": "xterm-256color"], .bell),
            (["TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "VTE_VERSION": "1"], .bell),
            ([:], .bell),
        ]
        for (environment, expected) in cases {
            #expect(kind(environment) == DesktopNotification(kind: expected), "\(environment)")
        }
    }

    @Test func insideTmuxTheOuterTerminalIsAskedAndThePassthroughUsedWhenAllowed() {
        let environment = ["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TMUX": "/tmp/s,1,0"]
        let kitty = DesktopNotification.TmuxClient(
            terminalName: "xterm-kitty", terminalType: "kitty(0.26.5)", allowsPassthrough: true)
        #expect(kind(environment, tmux: kitty) == DesktopNotification(kind: .osc99, passesThroughTmux: true))
        let foot = DesktopNotification.TmuxClient(
            terminalName: "foot", terminalType: "foot(1.13.1)", allowsPassthrough: true)
        #expect(kind(environment, tmux: foot) == DesktopNotification(kind: .osc777, passesThroughTmux: true))
        var closed = kitty
        closed.allowsPassthrough = false
        #expect(kind(environment, tmux: closed) == DesktopNotification(kind: .bell))
        #expect(kind(environment, tmux: nil) == DesktopNotification(kind: .bell), "tmux did not answer")
        let xterm = DesktopNotification.TmuxClient(
            terminalName: "xterm-256color", terminalType: "XTerm(379)", allowsPassthrough: true)
        #expect(kind(environment, tmux: xterm) == DesktopNotification(kind: .bell), "a bell is not wrapped")
    }

    @Test func theBytesOfEachSequence() {
        func text(_ kind: DesktopNotification.Kind, tmux: Bool = false, title: String = "Inbox") -> String {
            String(
                decoding: DesktopNotification(kind: kind, passesThroughTmux: tmux).bytes(
                    title: title, body: "Mail: 7 unread"), as: UTF8.self)
        }
        #expect(text(.osc777) == "\u{1B}]777;notify;Inbox;Mail: 7 unread\u{07}")
        #expect(text(.osc9) == "\u{1B}]9;Inbox: Mail: 7 unread\u{07}")
        #expect(
            text(.osc99)
                == "\u{1B}]99;i=badgebar:d=0;Inbox\u{1B}\\\u{1B}]99;i=badgebar:d=1:p=body;Mail: 7 unread\u{1B}\\")
        #expect(text(.bell) == "\u{07}")
        #expect(text(.bell, tmux: true) == "\u{07}")
        #expect(
            text(.osc777, tmux: true)
                == "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;Inbox;Mail: 7 unread\u{07}\u{1B}\\")
        #expect(text(.osc777, title: "a;b\u{1B}c") == "\u{1B}]777;notify;a,bc;Mail: 7 unread\u{07}")
        #expect(text(.osc9, title: "4;2") == "\u{1B}]9; 4;2: Mail: 7 unread\u{07}", "not ConEmu's progress bar")
    }

    @Test func tmuxsAnswerIsRead() {
        #expect(
            DesktopNotification.TmuxClient(reply: "xterm-kitty\tkitty(0.26.5)\t1\n")
                == DesktopNotification.TmuxClient(
                    terminalName: "xterm-kitty", terminalType: "kitty(0.26.5)", allowsPassthrough: true))
        #expect(DesktopNotification.TmuxClient(reply: "\t\t0\n")?.allowsPassthrough == false)
        #expect(DesktopNotification.TmuxClient(reply: "\t\toff")?.allowsPassthrough == false)
        #expect(DesktopNotification.TmuxClient(reply: "\t\tall")?.allowsPassthrough == true)
        #expect(DesktopNotification.TmuxClient(reply: "no tabs here") == nil)
    }

    @Test func outsideTmuxNobodyIsAsked() {
        #expect(DesktopNotification.TmuxClient.ask(environment: { _ in nil }) == nil)
    }

    @Test func aRealTmuxIsAskedAboutItsPane() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-ask-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/s"
        let start = ProcessSupervisor().runToEnd(
            ProcessRequest(
                identifier: 0,
                command: "tmux -S '\(socket)' -f /dev/null new-session -d -s t 'sleep 30' "
                    + "&& tmux -S '\(socket)' set -g allow-passthrough on", timeLimitSeconds: 10))
        try #require(start.succeeded, "tmux: \(start.firstErrorLine ?? start.summary)")
        defer {
            _ = ProcessSupervisor().runToEnd(
                ProcessRequest(identifier: 0, command: "tmux -S '\(socket)' kill-server", timeLimitSeconds: 10))
        }
        let environment = ["TMUX": "\(socket),1,0", "TMUX_PANE": "%0"]
        let answer = DesktopNotification.TmuxClient.ask(environment: { environment[$0] }, timeLimitSeconds: 5)
        #expect(answer == DesktopNotification.TmuxClient(terminalName: "", terminalType: "", allowsPassthrough: true))
    }
}

@Suite struct OneShotProcessTests {
    @Test func aRequestRunsToItsEnd() {
        let result = ProcessSupervisor().runToEnd(ProcessRequest(identifier: 3, command: "printf 'a\\tb'; exit 2"))
        #expect(result.termination == .exited(2))
        #expect(result.output == Array("a\tb".utf8))
    }

    @Test func aRequestPastItsLimitIsEnded() {
        let clock = MonotonicClock()
        let result = ProcessSupervisor().runToEnd(
            ProcessRequest(identifier: 3, command: "sleep 30", timeLimitSeconds: 0.2))
        #expect(result.termination == .timedOut)
        #expect(clock.now < 5)
    }
}

@Suite struct OutputSinkOpeningTests {
    @Test func aFIFOWithoutAReaderAndAMissingFolderAreRefusedInWords() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/events.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: OutputSink.OpenError.noReader(path: fifo)) { try OutputSink(path: fifo) }
        let missing = directory + "/no/such/file"
        do {
            _ = try OutputSink(path: missing)
            Issue.record("opened \(missing)")
        } catch {
            #expect(error == .cannotOpen(path: missing, SystemError(call: "open", errorNumber: ENOENT)))
            #expect("\(error)".contains("No such file or directory"))
        }
        let file = directory + "/events.jsonl"
        let sink = try OutputSink(path: file)
        sink.write(line: "{}")
        sink.finish(waitingAtMostSeconds: 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{}\n")
        #expect("\(OutputSink.OpenError.isProgramTerminal(path: "/dev/tty"))".contains("draws on"))
    }
}

@Suite struct WallClockTests {
    @Test func theTimeOfDayIsFoundationsToo() {
        let foundation = Date().timeIntervalSince1970
        #expect(abs(WallClock.unixTime - foundation) < 5)
        #expect(WallClock.unixTime > 1_700_000_000)
    }
}
