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

    @Test func theGoldenToolbarAsTmuxPrintsIt() throws {
        let app = try app(["--format", "tmux"])
        let text = app.onceText(
            .tmux, style: app.onceStyle(noColorVariable: nil, usesUTF8: true), sources: [], problem: { _ in })
        #expect(text + "\n" == (try String(contentsOfFile: Self.golden + "/tmux.txt", encoding: .utf8)))
    }

    @Test func countsFromASourceApplyInOrderAndBadLinesAreReported() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Messages=7\nCart+=2\nNope=1\nnot a line\nMessages-=1\n", to: "counts")
        let app = try app(["--counts-from", path])
        let source = try LineReader(path: path, endsWithItsWriters: true)
        var problems: [String] = []
        let text = app.onceText(
            .plain, style: StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome), sources: [source],
            problem: { problems.append($0) })
        #expect(text == "\" 6  $ 3  ! 99+  = *  %  * #1  v 0")
        #expect(
            problems == [
                "ignored 'Nope': no button has that title",
                "ignored 'not a line': expected Name=N, Name+=N or Name-=N",
            ])
    }

    @Test func watchesRunOnceSideBySideAndTheirFailuresAreReported() throws {
        let app = try app([])
        let watches = try [
            "Messages=echo 7", "Cart=printf 'Cart=3\\nMessages+=1\\n'", "Builds@1s=sleep 5", "Cart=exit 4",
        ].map { text throws(ButtonCommand.ParseError) in try ButtonCommand.parse(text, allowsInterval: true) }
        var problems: [String] = []
        let clock = MonotonicClock()
        let text = app.onceText(
            .plain, style: StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome),
            sources: [WatchesRunOnce(watches: watches, defaultIntervalSeconds: 30)],
            problem: { problems.append($0) })
        #expect(clock.now < 3, "side by side, the slow one ended at its limit of 1 s")
        #expect(text.hasPrefix("\" 8  $ 3"), "\(text)")
        #expect(problems == ["Builds: 'sleep 5' timed out after 1s", "Cart: 'exit 4' failed, exit 4"])
    }

    @Test func eachChangeOfACountIsHandedOnAsItIsMadeWithItsSource() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Messages=7\nNope=1\nMessages=7\nCart+=2\n", to: "counts")
        let app = try app(["--counts-from", path])
        let watches = [ButtonCommand(buttonTitle: "Cart", command: "echo 5", intervalSeconds: nil)]
        var changes: [String] = []
        _ = app.onceText(
            .plain, style: StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome),
            sources: [
                try LineReader(path: path, endsWithItsWriters: true),
                WatchesRunOnce(watches: watches, defaultIntervalSeconds: 30),
            ],
            problem: { _ in },
            changed: { event in
                changes.append(
                    "\(event.kind) \(event.buttonTitle) \(event.previousCount) \(event.count) \(event.source)")
            })
        #expect(changes == ["change Messages 3 7 counts", "change Cart 1 3 counts", "change Cart 3 5 watch"])
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
        let text = App(options: options).onceText(
            .plain, style: StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome), sources: [], problem: { _ in })
        #expect(text == "\" 2  $  ! 96", "the Inbox's counts as they start")
    }
}
