import BadgeKit
import BadgeTerminal
import CNCursesW
import Foundation
import Testing

@testable import badgebar

/// Reading the board's file again as the board runs: SIGUSR2 and a change of the file, counts kept.
@Suite struct ReloadTests {
    /// The options a file gives, with a command line over it, as badgebar starts.
    static func options(_ arguments: [String]) throws -> Options {
        guard case .run(let options) = try Options.load(arguments, environment: { _ in nil }, files: .system) else {
            throw Options.UsageError(message: "not a board")
        }
        return options
    }

    /// A board's file in a folder of its own.
    final class BoardFile {
        let folder: TemporaryFolder
        let path: String
        init(_ text: String) throws {
            folder = try TemporaryFolder()
            path = try folder.write(text, to: "board.conf")
        }
        func write(_ text: String) throws {
            _ = try folder.write(text, to: "board.conf")
        }
    }

    static let mailAndNews = "title = Mail\n[Mail]\nsymbol = envelope\nbadge = 5\n[News]\nsymbol = newspaper\n"

    private func statusLine(_ program: FullScreenProgram) -> String {
        var canvas = Canvas(columns: 80, rows: 24)
        program.render(into: &canvas, at: 100)
        return canvas.line(at: 23)
    }

    @Test func sigusr2AndAChangeOfTheFileReadItAgainKeepingACountSetByHand() throws {
        let file = try BoardFile(Self.mailAndNews)
        let arguments = ["--config", file.path]
        let app = App(options: try Self.options(arguments), arguments: arguments)
        var program = FullScreenProgram(
            board: app.makeModel(startTime: 0), appearance: ToolbarAppearance(widths: .estimate, iconStyle: .ascii),
            framesPerSecond: 60, configuration: app.engineConfiguration(writesEvents: false, unixTimeOffset: 0))
        program.reload = app.reload(writesEvents: false, unixTimeOffset: 0)?.boardReload
        _ = program.update(.line("Mail=12", source: .counts), at: 1)
        _ = program.update(.tick, at: 1)
        #expect(program.board.toolbar.buttons.map(\.count) == [12, 0])

        try file.write(
            "title = Post\n[News]\nsymbol = newspaper\nbadge = 4\n[Mail]\nsymbol = envelope\n[Jobs]\nsymbol = gear\nbadge = 2\n"
        )
        _ = program.update(.signal(SIGUSR2), at: 2)
        #expect(program.board.title == "Post")
        #expect(program.board.toolbar.buttons.map(\.title) == ["News", "Mail", "Jobs"])
        #expect(program.board.toolbar.buttons.map(\.count) == [0, 12, 2])
        #expect(program.reloadCount == 1)
        #expect(statusLine(program).contains("reloaded \(file.path)"))

        try file.write("[Mail]\nsymbol = envelope\n")
        _ = program.update(.fileChanged(monitor: 0), at: 3)
        #expect(program.board.toolbar.buttons.map(\.title) == ["Mail"])
        #expect(program.board.toolbar.buttons.map(\.count) == [12])
        #expect(program.board.title == "Badges")
    }

    @Test func aFileThatCannotBeUsedLeavesTheBoardAsItWasAndSaysWhy() throws {
        let file = try BoardFile(Self.mailAndNews)
        let arguments = ["--config", file.path]
        let app = App(options: try Self.options(arguments), arguments: arguments)
        var program = FullScreenProgram(
            board: app.makeModel(startTime: 0), appearance: ToolbarAppearance(widths: .estimate, iconStyle: .ascii),
            framesPerSecond: 60)
        program.reload = app.reload(writesEvents: false, unixTimeOffset: 0)?.boardReload
        try file.write("title = Post\n[Mail]\nsymbol = envelope\nevry = 5s\n")
        _ = program.update(.signal(SIGUSR2), at: 1)
        #expect(program.board.title == "Mail")
        #expect(program.board.toolbar.buttons.map(\.title) == ["Mail", "News"])
        #expect(program.reloadCount == 0)
        #expect(
            program.board.notice?.text
                == "\(file.path):4: unknown key 'evry'; did you mean 'every'? (the board is as it was)")
        try FileManager.default.removeItem(atPath: file.path)
        _ = program.update(.signal(SIGUSR2), at: 2)
        #expect(program.board.notice?.text == "\(file.path): removed; the board stays as it was")
        #expect(program.board.title == "Mail", "the board as it was")
        // Replaced by a folder: said, the board kept.
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        _ = program.update(.signal(SIGUSR2), at: 3)
        #expect(
            program.board.notice?.text
                == "--config: '\(file.path)' is a folder, not a board's file (the board is as it was)")
        #expect(program.reloadCount == 0)
    }

    @Test func whatOnlyAStartCanChangeWaitsForTheNextAndTheStatusLineSaysSo() throws {
        let file = try BoardFile("fps = 30\n" + Self.mailAndNews)
        let arguments = ["--config", file.path, "--title", "Flags"]
        let app = App(options: try Self.options(arguments), arguments: arguments)
        let reload = try #require(app.reload(writesEvents: false, unixTimeOffset: 0))
        try file.write("fps = 20\ncolor = never\nnotify = always\nevery = 5s\n" + Self.mailAndNews)
        guard case .success(let loaded) = reload.load(0) else {
            Issue.record("the file is good")
            return
        }
        #expect(loaded.waiting == ["fps", "color", "notify"])
        #expect(loaded.configuration.notificationMode == .never)
        #expect(loaded.configuration.watchIntervalSeconds == 5)
        #expect(loaded.board.title == "Flags", "the flags still win")
        #expect(
            reload.notice(for: .success(loaded))
                == "reloaded \(file.path); fps, color and notify change at the next start")
    }

    @Test func withoutAFileThereIsNothingToReadAgain() throws {
        let options = try Self.options(["--button", "Mail:envelope:0"])
        #expect(
            App(options: options, arguments: ["--button", "Mail:envelope:0"]).reload(
                writesEvents: false, unixTimeOffset: 0) == nil)
        #expect(App(options: options).relayedSignals == [])
        var program = FullScreenProgram(
            board: App(options: options).makeModel(startTime: 0),
            appearance: ToolbarAppearance(widths: .estimate, iconStyle: .ascii), framesPerSecond: 60)
        #expect(program.update(.signal(SIGUSR2), at: 1) == .none)
    }

    @Test func withAFileSIGUSR1AndSIGUSR2AreRelayedAndTheFileIsWatched() throws {
        let file = try BoardFile(Self.mailAndNews)
        let app = App(options: try Self.options(["--config", file.path]), arguments: ["--config", file.path])
        #expect(app.relayedSignals == [SIGUSR1, SIGUSR2])
        #expect(app.boardMonitors(followsFile: true).boardFile?.path == file.path)
        #expect(app.boardMonitors(followsFile: true).folders != nil, "a file may gain a folder to count")
    }

    @Test func lineModeSaysEveryButtonAgainAfterAReloadAndTheNoticeOnStandardError() throws {
        let file = try BoardFile(Self.mailAndNews)
        let arguments = ["--config", file.path, "--lines"]
        let app = App(options: try Self.options(arguments), arguments: arguments)
        var program = LineModeProgram(
            board: app.makeModel(startTime: 0), sources: [.counts, .instructions],
            readsKeys: true, reload: app.reload(writesEvents: false, unixTimeOffset: 0)?.boardReload)
        #expect(
            LineModeProgramTests.writes(program.update(.input(.resize(columns: 1, rows: 1)), at: 0)) == [
                .init(text: "Mail. Mail: 5 unread; News: none unread", sink: 0)
            ])
        _ = program.update(.line("press Mail", source: .instructions), at: 1)
        try file.write("title = Post\n[News]\nsymbol = newspaper\n[Mail]\nsymbol = envelope\nbadge = 7\n")
        let written = LineModeProgramTests.writes(program.update(.signal(SIGUSR2), at: 1.1))
        #expect(
            written == [
                .init(text: "Mail: none unread (cleared)", sink: 0),
                .init(text: "Post. News: none unread; Mail: none unread", sink: 0),
                .init(text: "badgebar: reloaded \(file.path)", sink: 1),
            ])
    }
}
