import Testing

@testable import BadgeKit

/// Shell patterns, the counts a folder's names give, and what the engine makes of a folder's readings.
@Suite struct FolderSourceTests {
    @Test(arguments: [
        ("*.part", "a.part", true), ("*.part", "a.part.txt", false), ("*.part", ".a.part", false),
        (".*", ".hidden", true), ("?", "é", true), ("??", "a", false), ("[abc]*", "bee", true),
        ("[!abc]*", "bee", false), ("[a-c]x", "bx", true), ("[a-c]x", "dx", false), ("*a*b*", "xaxxb", true),
        ("*a*b*", "xbxa", false), ("\\*", "*", true), ("\\*", "a", false), ("[", "[", true), ("[]]", "]", true),
        ("msg-*-[0-9]", "msg-12-7", true), ("*", "", true), ("", "", true), ("", "a", false),
    ])
    func aPatternMatchesAsTheShellDoes(pattern: String, name: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(name) == matches)
    }

    @Test func theLastNameOfAFolderIsAPatternOnlyWithAPatternsCharacter() {
        let files = FolderSource.entries(buttonTitle: "Dl", text: "~/Downloads/*.part")
        #expect(files.path == "~/Downloads" && files.kind == .entries(pattern: GlobPattern("*.part")))
        #expect(FolderSource.entries(buttonTitle: "Dl", text: "~/Downloads").kind == .entries(pattern: nil))
        #expect(FolderSource.entries(buttonTitle: "Dl", text: "/*.log").path == "/")
        #expect(FolderSource.entries(buttonTitle: "Dl", text: "*.log").path == ".")
    }

    @Test func entriesCountWhatLsShows() {
        let names = ["a.part", "b.part", "c.txt", ".hidden.part"]
        #expect(FolderSource.entries(buttonTitle: "D", text: "d").count(listings: [names]) == 3, "no hidden name")
        #expect(FolderSource.entries(buttonTitle: "D", text: "d/*.part").count(listings: [names]) == 2)
        #expect(FolderSource.entries(buttonTitle: "D", text: "d/.*").count(listings: [names]) == 1)
    }

    @Test func aMaildirCountsNewMailAndMailInCurWithoutTheSeenFlag() {
        let maildir = FolderSource(buttonTitle: "Mail", path: "~/Maildir", kind: .maildir)
        #expect(maildir.listedFolders == ["new", "cur"])
        let new = ["1700000000.M1P2.host", ".lock"]
        let current = [
            "1.M1.host:2,S", "2.M2.host:2,", "3.M3.host:2,FR", "4.M4.host:2,RS", "5.M5.host!2,S", "6.M6.host",
            "7.M7:host:2,T",
        ]
        #expect(maildir.count(listings: [new, current]) == 1 + 4)
        #expect(FolderSource.isSeen(messageNamed: "a:2,DFRS"))
        #expect(!FolderSource.isSeen(messageNamed: "S:2,"), "the flags are after the last :2,")
        #expect(!FolderSource.isSeen(messageNamed: "Sent"), "a name without flags is unread")
    }
}

/// What the engine makes of the readings of its folders, at instants on a scripted clock.
@Suite struct FolderReadingTests {
    private func engine(
        _ sources: [FolderSource], watches: [ButtonCommand] = [], pressCommands: [ButtonCommand] = [],
        notificationMode: NotificationMode = .never
    ) -> BoardEngine {
        var configuration = BoardEngine.Configuration(
            watches: watches, pressCommands: pressCommands, writesEvents: true, notificationMode: notificationMode)
        configuration.folderSources = sources
        var board = BadgeBoard(
            toolbar: BadgeToolbar(
                title: "Status",
                buttons: ["Mail", "News"].map { BadgedButton(title: $0, symbolName: "envelope", count: 0) }),
            autoPlay: AutoPlay(startTime: 0, isRunning: false))
        board.keepsReports = true
        return BoardEngine(board: board, configuration: configuration, startTime: 0)
    }

    private let maildir = FolderSource(buttonTitle: "mail", path: "~/Maildir", kind: .maildir)

    private func runs(in effects: [ProgramEffect]) -> [ProcessRequest] {
        effects.compactMap { effect in
            if case .run(let request) = effect { return request }
            return nil
        }
    }

    @Test func aCountSetsItsButtonAndTheFirstNotifiesNoOne() {
        var engine = engine([maildir], notificationMode: .always)
        let first = engine.takeFolderReading(.count(3), fromSourceAt: 0, at: 1)
        #expect(engine.board.toolbar.buttons[0].count == 3)
        #expect(!first.contains { if case .notify = $0 { return true } else { return false } })
        #expect(
            first.contains {
                if case .write(let line, .events) = $0 { line.contains(#""source":"folder""#) } else { false }
            })
        let rise = engine.takeFolderReading(.count(4), fromSourceAt: 0, at: 2)
        #expect(rise.contains(.notify(title: "Status", body: "Mail: 4 unread")))
    }

    @Test func aFolderThatCannotBeReadMarksTheButtonStaleKeepsTheCountAndSaysItOnce() {
        var engine = engine([maildir])
        _ = engine.takeFolderReading(.count(2), fromSourceAt: 0, at: 1)
        let reason = "the Maildir '~/Maildir' cannot be read: it is not there"
        _ = engine.takeFolderReading(.unavailable(reason), fromSourceAt: 0, at: 2)
        #expect(engine.board.toolbar.staleReasons[0] == reason)
        #expect(engine.board.toolbar.buttons[0].count == 2, "never 0 for a folder that went")
        #expect(engine.takeReports() == [.notice("Mail: \(reason)")])
        _ = engine.takeFolderReading(.unavailable(reason), fromSourceAt: 0, at: 3)
        #expect(engine.takeReports().isEmpty, "the same reason is not said again")
        _ = engine.takeFolderReading(.count(5), fromSourceAt: 0, at: 4)
        #expect(engine.board.toolbar.staleReasons[0] == nil && engine.board.toolbar.buttons[0].count == 5)
    }

    @Test func aPressShowsTheFoldersCountAgainOnceItsCommandsEnd() throws {
        var engine = engine([maildir], pressCommands: [ButtonCommand(buttonTitle: "Mail", command: "mark-read")])
        _ = engine.takeFolderReading(.count(2), fromSourceAt: 0, at: 1)
        let press = try #require(runs(in: engine.press(buttonAt: 0, source: .click, at: 2)).first)
        #expect(engine.board.toolbar.buttons[0].count == 0, "cleared while its command runs")
        _ = engine.update(
            .processFinished(
                ProcessResult(
                    identifier: press.identifier, command: press.command, termination: .exited(0), output: [],
                    startTime: 2, endTime: 3)), at: 3)
        #expect(engine.board.toolbar.buttons[0].count == 2, "what the folder holds until it changes")
        var still = self.engine([maildir])
        _ = still.takeFolderReading(.count(2), fromSourceAt: 0, at: 1)
        _ = still.press(buttonAt: 0, source: .key, at: 2)
        #expect(still.board.toolbar.buttons[0].count == 2, "with no command, at once")
    }

    @Test func aPathThatSetsOffAWatchRunsItOnEachChangeAndNeverOnTheClock() throws {
        let changes = FolderSource(buttonTitle: "Mail", path: "~/.mail-stamp", kind: .changes)
        var engine = engine([changes], watches: [ButtonCommand(buttonTitle: "Mail", command: "count")])
        let first = try #require(runs(in: engine.update(.tick, at: 0)).first)
        _ = engine.update(
            .processFinished(
                ProcessResult(
                    identifier: first.identifier, command: "count", termination: .exited(0), output: Array("3".utf8),
                    startTime: 0, endTime: 0.1)), at: 0.1)
        #expect(engine.watches.nextRunTime(after: 0.1) == nil, "nothing to wake for on the clock")
        #expect(runs(in: engine.update(.tick, at: 3600)).isEmpty, "no turn on the clock")
        #expect(runs(in: engine.takeFolderReading(.changed, fromSourceAt: 0, at: 3601)).map(\.command) == ["count"])
    }

    @Test func aSourceForNoButtonIsLeftOut() {
        var engine = engine([FolderSource(buttonTitle: "Nobody", path: "x", kind: .maildir)])
        #expect(engine.takeFolderReading(.count(1), fromSourceAt: 0, at: 1).isEmpty)
        #expect(engine.takeFolderReading(.count(1), fromSourceAt: 7, at: 1).isEmpty)
    }
}

/// A glyph of the user's own in place of a symbol's name: any one character, or its code.
@Suite struct OwnGlyphTests {
    @Test func oneCharacterOrItsCodeIsAnIconInEveryStyle() throws {
        let nerd = "\u{F0E0}"
        #expect(try ButtonSpecification.parse("Mail:\(nerd):3").symbolName == nerd)
        #expect(SymbolTable.glyph(named: nerd, style: .emoji) == "\u{F0E0}")
        #expect(SymbolTable.glyph(named: "U+F0E0", style: .unicode) == "\u{F0E0}")
        #expect(SymbolTable.glyph(named: "✉", style: .ascii) == "o", "ASCII where the locale has no UTF-8")
        #expect(SymbolTable.glyph(named: "#", style: .ascii) == "#")
        let style = StatusBarStyle(iconStyle: .emoji, colorDepth: .monochrome)
        let toolbar = BadgeToolbar(
            title: "S", buttons: [BadgedButton(title: "Mail", symbolName: "U+F0E0", count: 2)])
        #expect(StatusBarFormat.plain.render(toolbar, style: style) == "\u{F0E0} 2")
    }

    @Test(arguments: ["x", "7", " ", "ab", "U+ZZZZ", "U+D800", "\u{7}", ":"])
    func lettersDigitsBlanksAndControlsAreNoGlyph(name: String) {
        #expect(SymbolTable.symbol(named: name) == nil, "\(name.debugDescription)")
    }

    @Test func anUnknownNameSaysAGlyphOfOnesOwnWouldDo() {
        #expect(
            ButtonSpecificationTests().failure("Mail:rocket:1")?.hasSuffix(
                "or one glyph of your own, such as ✉, or U+F0E0 for a Nerd Font's envelope)") == true)
    }
}
