import BadgeKit
import BadgeTerminal
import CNCursesW
import Testing

@testable import badgebar

/// `--stream` as a program on a virtual clock: what it prints, when, and what it does with clicks and control lines.
@Suite struct StreamProgramTests {
    static let plain = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome)

    /// A stream of two buttons, Mail (3) and Jobs (0), with sinks 0 (output), 1 (messages) and 2 (events), and
    /// clicks and the control socket as sources.
    func program(
        _ format: StatusBarFormat = .plain, configuration: BoardEngine.Configuration = BoardEngine.Configuration(),
        countsUnavailable: String? = nil
    ) -> StreamProgram {
        let toolbar = BadgeToolbar(
            title: "Badges",
            buttons: [
                BadgedButton(title: "Mail", symbolName: "envelope", count: 3),
                BadgedButton(title: "Jobs", symbolName: "gear", count: 0),
            ])
        return StreamProgram(
            board: BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false)),
            configuration: configuration, stream: StatusBarStream(format: format, style: Self.plain),
            sources: [.clicks, .control], framesPerSecond: 10, startTime: 0, countsUnavailable: countsUnavailable)
    }

    /// The lines an effect writes to a sink, in order.
    func written(_ effect: ProgramEffect, sink: Int) -> [String] {
        switch effect {
        case .write(let line, let target) where sinkIndex(target) == sink: return [line]
        case .batch(let effects): return effects.flatMap { written($0, sink: sink) }
        default: return []
        }
    }

    @Test func theToolbarIsPrintedAtStartThenOnlyWhenItChangesAndTheProgramSleepsBetween() {
        var stream = program()
        let start = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        #expect(written(start, sink: 0) == ["@ 3  %"])
        #expect(written(stream.update(.tick, at: 0), sink: 0).isEmpty, "nothing changed, nothing printed")
        #expect(stream.nextWakeTime(after: 0) == nil, "nothing to wait for: no wakeup")

        // Two changes within a frame (0.1 s) are printed once, at the frame's end.
        #expect(written(stream.update(.line("Jobs=1", source: .control), at: 0.02), sink: 0).isEmpty)
        _ = stream.update(.line("Jobs=2", source: .control), at: 0.05)
        #expect(stream.nextWakeTime(after: 0.05) == 0.1)
        #expect(written(stream.update(.tick, at: 0.1), sink: 0) == ["@ 3  % 2"])
        // Plain shows no rise, so the end of one wakes nothing.
        #expect(stream.nextWakeTime(after: 0.1) == nil)
    }

    @Test func i3barIsFramedAndARisingButtonIsUrgentForAWhile() throws {
        var stream = program(.i3bar)
        let first = written(stream.update(.input(.resize(columns: 80, rows: 24)), at: 0), sink: 0)
        #expect(first.count == 1)
        #expect(first[0].hasPrefix("{\"version\":1,\"click_events\":true}\n[\n[{"))
        // A frame has passed since the last printing: a change is printed at once.
        let rise = written(stream.update(.line("Jobs+=4", source: .control), at: 1), sink: 0)
        #expect(rise.count == 1 && rise[0].hasPrefix(",[{") && rise[0].contains("\"urgent\":true"))
        #expect(
            stream.nextWakeTime(after: 1) == 1 + BoardEngine.risingSeconds,
            "i3bar shows the rise: one wake at its end")
        let cleared = written(stream.update(.line("Jobs=0", source: .control), at: 2), sink: 0)
        #expect(cleared.count == 1 && !cleared[0].contains("urgent"), "a count that goes down rises no more")
        #expect(stream.nextWakeTime(after: 2) == nil)
        _ = stream.update(.line("Jobs=4", source: .control), at: 3)
        #expect(stream.nextWakeTime(after: 3) == 3 + BoardEngine.risingSeconds)
        let later = written(stream.update(.tick, at: 3 + BoardEngine.risingSeconds), sink: 0)
        #expect(later.count == 1 && !later[0].contains("urgent"), "the urgent mark goes when the while ends")
    }

    @Test func aClickEventPressesTheButtonItNamesInPiecesAndABadOneIsReported() {
        var stream = program(.i3bar, configuration: BoardEngine.Configuration(writesEvents: true))
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        _ = stream.update(.line("[", source: .clicks), at: 1)
        let click = stream.update(.line(#"{"name":"badgebar","instance":"Mail","button":1}"#, source: .clicks), at: 1)
        #expect(stream.board.toolbar.buttons[0].count == 0, "the click pressed Mail, which clears it")
        #expect(written(click, sink: 2).first?.contains("\"source\":\"click\"") == true, "its event is written")
        let bad = stream.update(.line(#",{"name":"badgebar","instance":"Nobody","button":1}"#, source: .clicks), at: 2)
        #expect(written(bad, sink: 1) == ["badgebar: a click on 'Nobody' names no button"])
        let broken = stream.update(.line(",{oops}", source: .clicks), at: 3)
        #expect(written(broken, sink: 1).first?.hasPrefix("badgebar: a click event could not be read") == true)
    }

    @Test func aFloodOfBadClickEventsIsToldFiveAtATurnAndTheRestCounted() {
        var stream = program(.i3bar)
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        let flood = LineBatch(["["] + Array(repeating: ",{oops}", count: 20_000))
        let told = written(stream.update(.lines(flood, source: .clicks), at: 1), sink: 1)
        #expect(told.count == BadgeBoard.badLinesToldPerBatch)
        #expect(told.allSatisfy { $0.hasPrefix("badgebar: a click event could not be read") })
        #expect(
            written(stream.update(.tick, at: 1), sink: 1) == [MessageLog.moreBadLinesNotice(20_000 - told.count)])
        let unknown = LineBatch(
            Array(repeating: #",{"name":"badgebar","instance":"Nobody","button":1}"#, count: 100))
        #expect(written(stream.update(.lines(unknown, source: .clicks), at: 2), sink: 1).count == told.count)
        for second in 3..<10 {
            _ = stream.update(.lineDiscarded(source: .clicks, byteCount: 100_000), at: Double(second))
        }
        let skipped = written(stream.update(.lineDiscarded(source: .clicks, byteCount: 100_000), at: 10), sink: 1)
        #expect(skipped.isEmpty, "a turn's skipped click lines are bounded too")
        #expect(written(stream.update(.tick, at: 10), sink: 1) == [MessageLog.moreBadLinesNotice(103)])
    }

    @Test func aClickOnATitleOfTwoThousandCharactersPressesItsButton() throws {
        let title = String(repeating: "M", count: 2000)
        let toolbar = BadgeToolbar(
            title: "Badges", buttons: [BadgedButton(title: title, symbolName: "envelope", count: 3)])
        var stream = StreamProgram(
            board: BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false)),
            configuration: BoardEngine.Configuration(), stream: StatusBarStream(format: .i3bar, style: Self.plain),
            sources: [.clicks], framesPerSecond: 10, startTime: 0)
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        let folder = try TemporaryFolder()
        let click = #"{"name":"badgebar","instance":""# + title + #"","button":1,"x":10,"y":5}"#
        // Through a reader of the click source's line limit, as the stream opens standard input.
        let reader = try LineReader(
            path: try folder.write("[\n" + click + "\n", to: "clicks"), lineLimit: StreamView.clickLineLimit)
        var messages: [String] = []
        _ = reader.readBatches { batch in
            switch batch {
            case .lines(let bytes, _):
                let lines = LineBatch(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
                messages += written(stream.update(.lines(lines, source: .clicks), at: 1), sink: 1)
            case .discardedLine(let byteCount):
                messages += written(
                    stream.update(.lineDiscarded(source: .clicks, byteCount: byteCount), at: 1), sink: 1)
            }
        }
        #expect(messages.isEmpty, "\(messages)")
        #expect(stream.board.toolbar.buttons[0].count == 0, "the click pressed the button, which clears it")
    }

    @Test func aClickSourceThatStopsSaysWhy() {
        var stream = program(.i3bar)
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        #expect(
            written(stream.update(.sourceEnded(source: .clicks, problem: "standard input went wrong"), at: 1), sink: 1)
                == ["badgebar: stopped reading click events: standard input went wrong"])
        #expect(written(stream.update(.sourceEnded(source: .clicks, problem: nil), at: 2), sink: 1).isEmpty)
    }

    @Test func controlLinesPressRefreshAndSetCounts() {
        var stream = program()
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        _ = stream.update(.line("press mail", source: .control), at: 1)
        #expect(stream.board.toolbar.buttons[0].count == 0, "press NAME, in any case")
        _ = stream.update(.line("Jobs=7", source: .control), at: 2)
        _ = stream.update(.tick, at: 2.2)
        #expect(stream.board.toolbar.buttons[1].count == 7)
        let unknown = stream.update(.line("press Nope", source: .control), at: 3)
        #expect(written(unknown, sink: 1) == ["badgebar: --control: 'press Nope' names no button"])
        #expect(ControlLine("refresh", buttonTitles: ["Mail"]) == .refresh)
        #expect(ControlLine("  \r", buttonTitles: ["Mail"]) == .blank)
        #expect(
            ControlLine("press Mail=3", buttonTitles: ["Mail"]) == .counts, "a counts line for a title 'press Mail'")
    }

    @Test func theBarGoingAwayEndsItQuietly() {
        var stream = program()
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        #expect(
            stream.update(.sinkProblem(sink: .output, .closed(errorNumber: 32, reason: "Broken pipe")), at: 1) == .quit)
    }

    @Test func aCountsSourceThatCannotBeReadMarksEveryButtonStaleAndTheIconsStay() {
        var stream = program(countsUnavailable: "--counts-from /missing: cannot be read")
        #expect(written(stream.update(.input(.resize(columns: 80, rows: 24)), at: 0), sink: 0) == ["@ 3?  %?"])
    }

    @Test func aBarThatFellBehindGetsTheToolbarAsItIsOnceLinesWereDropped() {
        var stream = program()
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        _ = stream.update(.line("Jobs=5", source: .control), at: 1)
        // The line with 5 was dropped: the toolbar is printed again at the next turn, though nothing changed.
        let again = stream.update(.sinkProblem(sink: .output, .dropped(lineCount: 1)), at: 2)
        #expect(written(again, sink: 0) == ["@ 3  % 5"])
    }

    @Test func anOutputThatFailsOtherwiseThanByItsReaderGoingEndsItAndIsSaidOnceWith74() {
        var stream = program()
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        let full = stream.update(
            .sinkProblem(sink: .output, .closed(errorNumber: ENOSPC, reason: "No space left on device")), at: 1)
        // The program only ends; the message and the status come from the sink's failure once the run is over.
        #expect(full == .quit)
        #expect(App.outputStatus(failure: SystemError(call: "write", errorNumber: EPIPE)) == .success)
        #expect(App.outputStatus(failure: nil) == .success)
        #expect(
            App.outputFailureMessage(SystemError(call: "write", errorNumber: ENOSPC))
                == "cannot write to standard output: No space left on device")
    }

    @Test func aTitleWithAnEqualsSignIsPressedThroughTheControlFIFO() {
        #expect(ControlLine("press x=y", buttonTitles: ["Mail", "x=y"]) == .press(buttonIndex: 1))
        #expect(ControlLine("press Mail", buttonTitles: ["Mail", "x=y"]) == .press(buttonIndex: 0))
        #expect(ControlLine("press z=1", buttonTitles: ["Mail"]) == .counts, "no such button: a counts line")
    }
}

/// Clicks by mouse button in `--stream`: i3bar's button numbers and the control socket's `click` lines.
@Suite struct StreamMouseButtonTests {
    /// The commands an effect starts, in order.
    func runs(_ effect: ProgramEffect) -> [ProcessRequest] {
        switch effect {
        case .run(let request): return [request]
        case .batch(let effects): return effects.flatMap(runs)
        default: return []
        }
    }

    @Test func aScrollAndARightClickLeaveTheCountAndAMiddleClickRunsItsCommand() {
        var stream = StreamProgramTests().program(
            .i3bar,
            configuration: BoardEngine.Configuration(
                clickCommands: [ButtonCommand(buttonTitle: "Mail", command: "archive", mouseButton: .middle)]))
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        _ = stream.update(.line("[", source: .clicks), at: 0)
        for number in [4, 5, 3, 6, 8] {
            let effects = stream.update(
                .line(#",{"name":"badgebar","instance":"Mail","button":\#(number)}"#, source: .clicks), at: 1)
            #expect(stream.board.toolbar.buttons[0].count == 3, "button \(number) leaves the count")
            #expect(runs(effects).isEmpty, "button \(number) runs nothing")
        }
        let middle = stream.update(
            .line(#",{"name":"badgebar","instance":"Mail","button":2}"#, source: .clicks), at: 2)
        let commands = runs(middle)
        #expect(commands.map(\.command) == ["archive"])
        #expect(commands.first?.environment["BADGEBAR_MOUSE_BUTTON"] == "middle")
        #expect(stream.board.toolbar.buttons[0].count == 3)
        _ = stream.update(.line(#",{"name":"badgebar","instance":"Mail","button":1}"#, source: .clicks), at: 3)
        #expect(stream.board.toolbar.buttons[0].count == 0, "the left button presses")
    }

    @Test func theControlSocketTakesAClickWithItsMouseButton() {
        let titles = ["Mail", "x=y"]
        #expect(ControlLine("click middle Mail", buttonTitles: titles) == .press(buttonIndex: 0, mouseButton: .middle))
        #expect(
            ControlLine("CLICK scroll-up  mail", buttonTitles: titles) == .press(buttonIndex: 0, mouseButton: .scrollUp)
        )
        #expect(ControlLine("click right Nope", buttonTitles: titles) == .unknownButton("Nope"))
        #expect(ControlLine("click sideways Mail", buttonTitles: titles) == .counts, "no mouse button: a counts line")
        #expect(ControlLine("click left x=y", buttonTitles: titles) == .press(buttonIndex: 1, mouseButton: .left))
        var stream = StreamProgramTests().program()
        _ = stream.update(.input(.resize(columns: 80, rows: 24)), at: 0)
        _ = stream.update(.line("click right Mail", source: .control), at: 1)
        #expect(stream.board.toolbar.buttons[0].count == 3, "right does not press")
        _ = stream.update(.line("click left Mail", source: .control), at: 2)
        #expect(stream.board.toolbar.buttons[0].count == 0)
    }
}
