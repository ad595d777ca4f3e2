import BadgeKit
import BadgeTerminal
import Glibc
import Testing

@testable import Unread

@Suite struct UnreadScriptTests {
    let appearance = ToolbarAppearance(widths: .estimate)

    @Test func countsClicksAndCtrlZ() throws {
        // Where the Inbox button is on a 40-column screen, as the program lays it out.
        let toolbar = Unread(appearance: appearance).toolbar
        let inbox = toolbar.layout(screenColumns: 40, row: 2, appearance: appearance).buttons[0].body
        let click = MouseEvent(column: inbox.column, row: inbox.row, action: .leftClick)

        let terminal = ScriptedTerminal(
            size: TerminalSize(columns: 40, rows: 6),
            script: [
                .init(at: 1, .input(.character(" "))),
                .init(at: 2, .input(.key(.suspend))),
                .init(at: 3, .input(.mouse(click))),
                .init(at: 31, .terminate(SIGTERM)),
            ])
        terminal.answer(command: "ls ~/Maildir/new | wc -l", with: .init(output: "3\n", afterSeconds: 0.5))
        terminal.answer(command: "ls ~/Maildir/new | wc -l", with: .init(output: "7\n", afterSeconds: 0.5))

        var unread = Unread(appearance: appearance)
        #expect(ProgramRunner.run(&unread, on: terminal) == .terminated(signal: SIGTERM))

        // The command ran at the start and again 30 seconds later, on the virtual clock.
        #expect(terminal.processRequests.map(\.time) == [0, 30])
        // Every frame is kept with its time; the badge is on the row above the button.
        func badge(at time: Double) throws -> String {
            let frame = try #require(terminal.frames.last { $0.time <= time })
            return frame.canvas.line(at: 1).filter { $0 != " " }
        }
        #expect(try badge(at: 0.9) == "3")  // from the command, half a second after its start
        #expect(try badge(at: 1.9) == "4")  // Space, once the number has rolled
        #expect(try badge(at: 29) == "")  // the click cleared it
        #expect(try badge(at: 31) == "7")  // the second run
        // Ctrl-Z suspended it once; the window's title followed the total.
        #expect(terminal.suspendOrigins == [.key])
        #expect(terminal.windowTitles.last == "(7) Mail")
    }
}
