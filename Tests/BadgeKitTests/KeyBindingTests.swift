import Testing

@testable import BadgeKit

@Suite struct KeyBindingTests {
    /// An event that a trigger stands for, in each form it takes.
    func events(for trigger: KeyBinding.Trigger) -> [InputEvent] {
        switch trigger {
        case .character(let character):
            let upper = Character(character.uppercased())
            return upper == character ? [.character(character)] : [.character(character), .character(upper)]
        case .key(let key):
            return [.key(key)]
        case .buttonNumber:
            return [.character("1"), .character("3")]
        case .click:
            return [
                .mouse(MouseEvent(column: 57, row: 2, action: .leftPress)),
                .mouse(MouseEvent(column: 57, row: 2, action: .leftClick)),
            ]
        }
    }

    @Test func everyTriggerSetsOffItsOwnBinding() {
        let inbox = Inbox.demo(startTime: 0, autoPlays: false)
        for binding in BadgeBoard.keyBindings {
            for trigger in binding.triggers {
                for event in events(for: trigger) {
                    #expect(inbox.keyBinding(for: event) == binding, "\(event)")
                }
            }
        }
    }

    @Test func eventsNoBindingNamesDoNothing() {
        let inbox = Inbox.demo(startTime: 0, autoPlays: false)
        let unbound: [InputEvent] = [
            .character("4"), .character("0"), .character("x"), .character("١"), .key(.up), .key(.backspace),
            .key(.other(999)), .mouse(MouseEvent(column: 57, row: 2, action: .leftRelease)),
            .mouse(MouseEvent(column: 57, row: 2, action: .other)), .resize(columns: 80, rows: 24),
        ]
        for event in unbound {
            #expect(inbox.keyBinding(for: event) == nil, "\(event)")
        }
    }

    @Test func eachActionHasOneBinding() {
        let actions = BadgeBoard.keyBindings.map(\.action)
        #expect(Set(actions.map { "\($0)" }).count == actions.count)
    }

    @Test func numberKeysAreNamedByHowManyButtonsThereAre() {
        let binding = KeyBinding([.buttonNumber, .click], action: .pressNumberedButton, help: "Press")
        #expect(binding.keys(buttonCount: 1) == "1, Click")
        #expect(binding.keys(buttonCount: 3) == "1-3, Click")
        #expect(binding.keys(buttonCount: 12) == "1-9, Click")
        #expect(binding.longHelp == "Press")
        #expect(KeyBinding([.key(.suspend)], action: .suspend, help: "Suspend", note: "fg").longHelp == "Suspend (fg)")
    }

    @Test func theHelpOverlayListsTheTableAsItAlwaysHas() {
        let expected = [
            "Keys", "",
            "1-3             Clear that button's count",
            "Tab, Right      Move the focus right",
            "Shift-Tab, Left Move the focus left",
            "Enter, Space    Clear the focused button",
            "Click           Clear the button clicked",
            "r               Reduce Motion on or off",
            "Ctrl-L          Redraw the screen",
            "Ctrl-Z          Suspend to the shell",
            "?               Show or hide this help",
            "q, Esc, Ctrl-C  Quit",
        ]
        #expect(Inbox.demo(startTime: 0).helpLines == expected)
    }

    /// The overlay drawn from the table, cell for cell and style for style as before the table existed.
    @Test func theHelpOverlayAt80By24() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        _ = inbox.handle(.character("?"), at: 0, layout: nil)
        var canvas = Canvas(columns: 80, rows: 24)
        inbox.render(into: &canvas, at: 0, appearance: ToolbarAppearance(widths: .estimate))
        #expect(
            snapshot(canvas, rows: 4..<20)
                == [
                    "|                                                                                |",
                    "|                 ╭───────────────────────────────────────────╮                  |",
                    "|                 │ Keys                                      │                  |",
                    "|                 │                                           │                  |",
                    "|                 │ 1-3             Clear that button's count │                  |",
                    "|                 │ Tab, Right      Move the focus right      │                  |",
                    "|                 │ Shift-Tab, Left Move the focus left       │                  |",
                    "|                 │ Enter, Space    Clear the focused button  │                  |",
                    "|                 │ Click           Clear the button clicked  │                  |",
                    "|                 │ r               Reduce Motion on or off   │                  |",
                    "|                 │ Ctrl-L          Redraw the screen         │                  |",
                    "|                 │ Ctrl-Z          Suspend to the shell      │                  |",
                    "|                 │ ?               Show or hide this help    │                  |",
                    "|                 │ q, Esc, Ctrl-C  Quit                      │                  |",
                    "|                 ╰───────────────────────────────────────────╯                  |",
                    "|                                                                                |",
                    "|................................................................................|",
                    "|.................bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb..................|",
                    "|.................b.bbbb......................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................b...........................................b..................|",
                    "|.................bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb..................|",
                    "|................................................................................|",
                    "b: default on default bold",
                ].joined(separator: "\n"))
    }

    @Test func oneButtonIsNamedOneInTheOverlay() {
        let toolbar = BadgeToolbar(title: "Jobs", buttons: [BadgedButton(title: "Jobs", symbolName: "gear", count: 1)])
        let inbox = BadgeBoard(toolbar: toolbar, autoPlay: AutoPlay(startTime: 0, isRunning: false))
        #expect(inbox.helpLines[2] == "1               Clear that button's count")
    }
}
