import BadgeKit
import BadgeTerminal
import Foundation
import Testing

@testable import badgebar

@Suite struct OnceTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/once").path

    /// The app for `--once`, with the golden toolbar's buttons and more arguments.
    func app(_ arguments: [String]) throws -> App {
        let buttons = try String(contentsOfFile: Self.golden + "/buttons.txt", encoding: .utf8)
            .split(separator: "\n").flatMap { ["--button", String($0)] }
        guard case .run(let options) = try Options.parse(["--once", "--title", "Status"] + buttons + arguments) else {
            throw Options.UsageError(message: "expected to run")
        }
        return App(options: options)
    }

    /// What one `--once` run printed, wrote on standard error and wrote as events, run by the real runner on a
    /// backend with no terminal (real children for the watches).
    struct Run {
        var text: String
        var messages: [String]
        var events: [String]
        var ending: ProgramRunner.Ending
    }

    func runOnce(
        _ app: App, format: StatusBarFormat = .plain,
        style: StatusBarStyle = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome),
        sources: [SourceName: LineReader] = [:]
    ) throws -> Run {
        let messages = try SystemDescriptor.pipe()
        let events = try SystemDescriptor.pipe()
        let messageReader = PipeReader(descriptor: messages.read)
        let eventReader = PipeReader(descriptor: events.read)
        defer {
            messageReader.close()
            eventReader.close()
        }
        let terminal = try LineModeTerminal(keys: .none)
        defer { terminal.close() }
        let sinks: [SinkName: OutputSink] = [
            .events: OutputSink(descriptor: events.write, name: "events", owned: true),
            .messages: OutputSink(descriptor: messages.write, name: "messages", owned: true),
        ]
        var program = app.boardProgram(
            view: OnceView(), startTime: terminal.now, events: sinks[.events], sources: Set(sources.keys),
            reportsSink: .messages)
        let ending = ProgramRunner.run(&program, on: terminal, sources: sources, sinks: sinks)
        func lines(_ reader: PipeReader) -> [String] { reader.readAll().split(separator: "\n").map(String.init) }
        return Run(
            text: format.render(program.board.toolbar, style: style), messages: lines(messageReader),
            events: lines(eventReader), ending: ending)
    }

    @Test func theGoldenToolbarAsTmuxPrintsIt() throws {
        let app = try app(["--format", "tmux"])
        let run = try runOnce(app, format: .tmux, style: app.onceStyle(noColorVariable: nil, usesUTF8: true))
        #expect(run.ending == .quit)
        #expect(run.text + "\n" == (try String(contentsOfFile: Self.golden + "/tmux.txt", encoding: .utf8)))
    }

    @Test func countsFromASourceApplyInOrderAndBadLinesAreReported() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Messages=7\nCart+=2\nNope=1\nnot a line\nMessages-=1\n", to: "counts")
        let app = try app(["--counts-from", path])
        let run = try runOnce(app, sources: [.counts: try LineReader(path: path, endsWithItsWriters: true)])
        #expect(run.text == "\" 6  $ 3  ! 99+  = *  %  * #1  v 0")
        #expect(
            run.messages == [
                "badgebar: ignored 'Nope': no button has that title",
                "badgebar: ignored 'not a line': expected Name=N, Name+=N or Name-=N",
            ])
    }

    @Test func watchesRunOnceSideBySideAsTheFullScreenRunsThem() throws {
        let folder = try TemporaryFolder()
        let app = try app([
            "--watch", "Messages=echo 7", "--watch", "Cart=printf 'Cart=3\\nMessages+=1\\n'",
            "--watch", "Notifications@1s=sleep 5",
            "--watch", "Jobs=echo \"$BADGEBAR_BUTTON\" > '\(folder.path)/seen'; echo 4",
            "--watch", "Tag=echo 'no such host' >&2; exit 4",
        ])
        let clock = MonotonicClock()
        let run = try runOnce(app)
        #expect(clock.now < 3, "side by side, the slow one ended at its limit of 1 s")
        #expect(run.text.hasPrefix("\" 8  $ 3"), "\(run.text)")
        // A failed watch keeps its count and shows the stale mark, as the full screen does.
        #expect(run.text == "\" 8  $ 3  ! 99+?  = *  % 4  * #1?  v 0", "\(run.text)")
        #expect(
            Set(run.messages) == [
                "badgebar: Notifications: 'sleep 5' timed out after 1s",
                "badgebar: Tag: 'echo 'no such host' >&2; exit 4' failed, exit 4 (no such host)",
            ])
        #expect(
            (try? String(contentsOfFile: folder.path + "/seen", encoding: .utf8)) == "Jobs\n",
            "the watch knows its button")
    }

    @Test func eachChangeOfACountIsWrittenAsAnEventWithItsSource() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Messages=7\nNope=1\nMessages=7\nCart+=2\n", to: "counts")
        let app = try app(["--counts-from", path, "--watch", "Cart=sleep 0.3; echo 5"])
        let run = try runOnce(app, sources: [.counts: try LineReader(path: path, endsWithItsWriters: true)])
        let changes = run.events.map { line in
            ["button", "previous", "count", "source"].map { key in
                line.split(separator: ",").first { $0.contains("\"\(key)\":") }.map(String.init) ?? "?"
            }.joined(separator: " ")
        }
        #expect(
            changes == [
                #""button":"Messages" "previous":3 "count":7 "source":"counts"}"#,
                #""button":"Cart" "previous":1 "count":3 "source":"counts"}"#,
                #""button":"Cart" "previous":3 "count":5 "source":"watch"}"#,
            ], "\(run.events)")
    }

    @Test func theStyleFollowsIconsColourAndLocale() throws {
        #expect(
            try app([]).onceStyle(noColorVariable: nil, usesUTF8: true)
                == .init(iconStyle: .emoji, colorDepth: .indexed256))
        #expect(
            try app([]).onceStyle(noColorVariable: "1", usesUTF8: false)
                == .init(iconStyle: .ascii, colorDepth: .monochrome))
        #expect(
            try app(["--color", "always", "--icons", "unicode"]).onceStyle(noColorVariable: "1", usesUTF8: false)
                == .init(iconStyle: .unicode, colorDepth: .indexed256))
        #expect(
            try app(["--color", "never"]).onceStyle(noColorVariable: nil, usesUTF8: true).colorDepth == .monochrome)
    }

    @Test func autoPlayNeverRunsForOnce() throws {
        guard case .run(let options) = try Options.parse(["--once"]) else { return }
        let run = try runOnce(App(options: options))
        #expect(run.text == "\" 2  $  ! 96", "the Inbox's counts as they start")
    }

    @Test func theWholeRunPrintsTheToolbarOnceAndWritesItsEvents() throws {
        let folder = try TemporaryFolder()
        let counts = try folder.write("Messages=9\n", to: "counts")
        let events = folder.path + "/events"
        let app = try app(["--icons", "ascii", "--color", "never", "--counts-from", counts, "--events-to", events])
        let ends = try SystemDescriptor.pipe()
        let status = app.runOnce(.plain, output: ends.write)
        SignalRelay.uninstall()
        ends.write.close()
        let printed = PipeReader(descriptor: ends.read)
        defer { printed.close() }
        #expect(status == 0)
        #expect(printed.readAll() == "\" 9  $ 1  ! 99+  = *  %  * #1  v 0\n")
        let written = try String(contentsOfFile: events, encoding: .utf8)
        #expect(written.contains(#""event":"change","button":"Messages","count":9,"previous":3,"#), "\(written)")

        // A counts file that cannot be read: every icon is printed all the same, marked stale, and the status says so.
        let missing = try self.app(["--icons", "ascii", "--counts-from", folder.path + "/nowhere"])
        let again = try SystemDescriptor.pipe()
        #expect(missing.runOnce(.plain, output: again.write) == 66, "a counts file that cannot be read")
        SignalRelay.uninstall()
        again.write.close()
        let stale = PipeReader(descriptor: again.read)
        defer { stale.close() }
        #expect(stale.readAll() == "\" 3?  $ 1?  ! 99+?  = *?  %?  * #1?  v 0?\n")
    }
}
