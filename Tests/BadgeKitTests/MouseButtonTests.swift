import Testing

@testable import BadgeKit

/// Clicks by mouse button: only the pressing ones clear, the others run what the board gives them, or nothing.
@Suite struct MouseButtonTests {
    private func engine(_ configuration: BoardEngine.Configuration) -> BoardEngine {
        let toolbar = BadgeToolbar(
            title: "Status",
            buttons: [
                BadgedButton(title: "Mail", symbolName: "envelope", count: 4),
                BadgedButton(title: "News", symbolName: "newspaper", count: 2),
            ])
        return BoardEngine(
            board: BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false)),
            configuration: configuration, startTime: 0)
    }

    private func runs(in effects: [ProgramEffect]) -> [ProcessRequest] {
        effects.compactMap { effect in
            if case .run(let request) = effect { return request }
            return nil
        }
    }

    @Test func theNumbersAreX11sAndTheNamesRoundTrip() {
        #expect((1...5).compactMap(MouseButton.init(barNumber:)) == MouseButton.allCases)
        #expect(
            MouseButton(barNumber: 0) == nil && MouseButton(barNumber: 6) == nil && MouseButton(barNumber: 9) == nil)
        #expect(MouseButton.allCases.map(\.barNumber) == [1, 2, 3, 4, 5])
        #expect(MouseButton.names == ["left", "middle", "right", "scroll-up", "scroll-down"])
        #expect(MouseButton.allCases.allSatisfy { MouseButton(rawValue: $0.rawValue) == $0 })
    }

    @Test func byDefaultOnlyTheLeftButtonPressesAndTheOthersDoNothing() {
        var engine = engine(
            BoardEngine.Configuration(pressCommands: [ButtonCommand(buttonTitle: "Mail", command: "on-press")]))
        for mouseButton in [MouseButton.middle, .right, .scrollUp, .scrollDown] {
            let effects = engine.click(buttonAt: 0, mouseButton: mouseButton, at: 1)
            #expect(effects.isEmpty, "\(mouseButton) starts nothing: \(effects)")
            #expect(engine.board.toolbar.buttons[0].count == 4, "\(mouseButton) leaves the count")
            #expect(engine.recentEvents.isEmpty, "\(mouseButton) is no press")
        }
        let left = runs(in: engine.click(buttonAt: 0, mouseButton: .left, at: 2))
        #expect(engine.board.toolbar.buttons[0].count == 0, "a left click clears")
        #expect(left.map(\.command) == ["on-press"])
        #expect(left.first?.environment["BADGEBAR_MOUSE_BUTTON"] == "left")
        #expect(left.first?.environment["BADGEBAR_COUNT"] == "4")
        #expect(engine.recentEvents.first?.mouseButton == .left)
        #expect(
            engine.recentEvents.first?.jsonLine(unixTime: 0).hasSuffix(#""source":"click","mouse_button":"left"}"#)
                == true)
        #expect(engine.actingMouseButtons(forButtonAt: 0) == [.left])
    }

    @Test func aClickCommandRunsWithItsMouseButtonAndLeavesTheCount() {
        var engine = engine(
            BoardEngine.Configuration(
                watches: [ButtonCommand(buttonTitle: "Mail", command: "count")],
                clickCommands: [
                    ButtonCommand(buttonTitle: "Mail", command: "archive", mouseButton: .middle),
                    ButtonCommand(buttonTitle: "mail", command: "next", mouseButton: .scrollDown),
                    ButtonCommand(buttonTitle: "Nobody", command: "lost", mouseButton: .middle),
                ]))
        let first = runs(in: engine.update(.tick, at: 0))
        #expect(first.map(\.command) == ["count"], "the watch's first run")
        _ = engine.update(
            .processFinished(
                ProcessResult(
                    identifier: first[0].identifier, command: "count", termination: .exited(0),
                    output: Array("4\n".utf8), firstErrorLine: nil, startTime: 0, endTime: 0.1)), at: 0.1)
        let middle = runs(in: engine.click(buttonAt: 0, mouseButton: .middle, at: 1))
        #expect(middle.map(\.command) == ["archive"])
        #expect(
            middle.first?.environment == [
                "BADGEBAR_BUTTON": "Mail", "BADGEBAR_COUNT": "4", "BADGEBAR_MOUSE_BUTTON": "middle",
            ])
        #expect(engine.board.toolbar.buttons[0].count == 4, "the count stays")
        #expect(runs(in: engine.click(buttonAt: 0, mouseButton: .middle, at: 1.5)).isEmpty, "one run at a time")
        let finished = engine.update(
            .processFinished(
                ProcessResult(
                    identifier: middle[0].identifier, command: "archive", termination: .exited(0), output: [],
                    firstErrorLine: nil, startTime: 1, endTime: 2)), at: 2)
        #expect(runs(in: finished).map(\.command) == ["count"], "the watch runs again once the command ends")
        #expect(engine.actingMouseButtons(forButtonAt: 0) == [.left, .middle, .scrollDown])
        #expect(engine.actingMouseButtons(forButtonAt: 1) == [.left])
        #expect(runs(in: engine.click(buttonAt: 1, mouseButton: .middle, at: 3)).isEmpty, "News has no command")
    }

    @Test func theBoardCanSayWhichMouseButtonsPress() {
        var engine = engine(
            BoardEngine.Configuration(
                clickCommands: [ButtonCommand(buttonTitle: "Mail", command: "up", mouseButton: .scrollUp)],
                pressingMouseButtons: [.right, .scrollUp]))
        #expect(engine.click(buttonAt: 0, mouseButton: .left, at: 1).isEmpty)
        #expect(engine.board.toolbar.buttons[0].count == 4, "left presses no more")
        let up = runs(in: engine.click(buttonAt: 0, mouseButton: .scrollUp, at: 2))
        #expect(engine.board.toolbar.buttons[0].count == 0, "the wheel was asked to clear")
        #expect(up.map(\.command) == ["up"], "and its command runs with the press")
        _ = engine.click(buttonAt: 1, mouseButton: .right, at: 3)
        #expect(engine.board.toolbar.buttons[1].count == 0)
        #expect(engine.click(buttonAt: 7, mouseButton: .right, at: 4).isEmpty, "no such button")
    }

    @Test func polybarMakesAnAreaForEachMouseButtonThatActs() {
        let toolbar = BadgeToolbar(
            title: "Status", buttons: [BadgedButton(title: "Mail", symbolName: "envelope", count: 3)])
        let command = StatusBarPressCommand(template: "badgebar --press {title} --mouse-button {mouse-button}")
        let style = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome)
        #expect(
            StatusBarFormat.polybar.render(toolbar, style: style, pressCommand: command)
                == "%{A1:badgebar --press 'Mail' --mouse-button left:}@ 3%{A}")
        let state = StatusBarState(actingMouseButtons: [0: [.left, .middle, .scrollDown]])
        #expect(
            StatusBarFormat.polybar.render(toolbar, style: style, state: state, pressCommand: command)
                == "%{A1:badgebar --press 'Mail' --mouse-button left:}%{A2:badgebar --press 'Mail' --mouse-button "
                + "middle:}%{A5:badgebar --press 'Mail' --mouse-button scroll-down:}@ 3%{A}%{A}%{A}")
        #expect(
            StatusBarPressCommand(template: "p {title}").command(forTitle: "{mouse-button}", mouseButton: .right)
                == "p '{mouse-button}'", "a title is never read as a placeholder")
    }
}
