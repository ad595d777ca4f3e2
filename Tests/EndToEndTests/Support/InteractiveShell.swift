import Foundation
import Testing

extension TmuxTerminal {
    /// An interactive bash in the pane, with job control, for typing commands as a person would.
    static func interactiveBash() throws -> TmuxTerminal {
        try TmuxTerminal(shell: ["bash", "--norc", "--noprofile", "-i"])
    }

    /// The last line with anything on it.
    static func lastLine(_ screen: Screen) -> String {
        screen.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Whether the shell waits for a command: its prompt (`$`), with nothing typed after it, is the last line with anything on it.
    static func showsPrompt(_ screen: Screen) -> Bool {
        lastLine(screen).trimmingCharacters(in: .whitespaces) == "$"
    }

    /// Whether the shell waits for a command after printing a line containing `text`: a line with its
    /// bare prompt comes after the last such line. Unlike ``showsPrompt(_:)``, this holds when the shell
    /// prints over a full-screen program's screen, whose lower rows stay below the prompt.
    static func showsPrompt(after text: String, in screen: Screen) -> Bool {
        guard let line = screen.lines.lastIndex(where: { $0.contains(text) }) else { return false }
        return screen.lines[(line + 1)...].contains { $0.trimmingCharacters(in: .whitespaces) == "$" }
    }

    /// Types a command line into the shell and presses Enter.
    func type(command: String) throws {
        try sendLiteral(command)
        try sendKeys("Enter")
    }

    /// Types the program's command line into the shell and waits for the Inbox.
    @discardableResult
    func startProgramInShell(
        arguments: [String] = ["--no-autoplay"], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Screen {
        try waitUntil("the shell's prompt", sourceLocation: sourceLocation) { Self.showsPrompt($0) }
        try type(command: (["'\(binary)'"] + arguments).joined(separator: " "))
        return try waitForInbox(sourceLocation: sourceLocation)
    }

    /// Quits the program with q, then asks the shell for its exit status and expects `expected`.
    func quitInShell(expecting expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try sendKeys("q")
        try waitUntil("the prompt after q", sourceLocation: sourceLocation) {
            !$0.contains("Inbox") && Self.showsPrompt($0)
        }
        try type(command: "echo \"[exit $?]\"")
        let done = try waitUntil("the exit status", sourceLocation: sourceLocation) { $0.exitStatus != nil }
        #expect(done.exitStatus == expected, "\(done)", sourceLocation: sourceLocation)
        #expect(
            try display("#{alternate_on} #{mouse_any_flag}") == "0 0", "\(done)", sourceLocation: sourceLocation)
    }
}
