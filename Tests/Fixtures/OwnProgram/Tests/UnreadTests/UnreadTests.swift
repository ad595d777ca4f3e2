import BadgeKit
import BadgeTerminal
import Glibc
import Testing

@testable import Unread

@Test func theProgramOnTheScriptedTerminal() {
    // From docs/library.md, as written there:
    let terminal = ScriptedTerminal(script: [.init(at: 1, .input(.character(" "))), .init(at: 2, .terminate(SIGTERM))])
    terminal.answer(command: "ls ~/Maildir/new | wc -l", with: .init(output: "3\n", afterSeconds: 0.5))
    var unread = Unread(appearance: ToolbarAppearance(widths: .estimate))
    #expect(ProgramRunner.run(&unread, on: terminal) == .terminated(signal: SIGTERM))
    #expect(terminal.lastFrame?.line(at: 1).contains("4") == true)  // 3 from the command, 1 from Space
}
