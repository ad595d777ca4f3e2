import Glibc
import Testing

extension TmuxTerminal {
    /// Checks that the program runs on the alternate screen, with mouse reporting and the
    /// terminal in raw mode, so that finding them off afterwards means something.
    func expectRunningState(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            try display("#{alternate_on} #{mouse_any_flag}") == "1 1", "while running", sourceLocation: sourceLocation)
        let modes = try currentTerminalModes()
        #expect(
            modes.contains("-icanon") && modes.contains("-echo"), "raw while running: \(modes)",
            sourceLocation: sourceLocation)
    }

    /// Checks the terminal as the wrapper shell found it after the program ended: the normal
    /// screen, mouse reporting off, `icanon` and `echo` back, the window's own title, and nothing of the demo left.
    ///
    /// - Parameter title: The window's title before the program ran; by default tmux's own for a new pane, the host's name.
    func expectRestored(
        after what: String, title: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let screen = try capture()
        let expectedTitle = try title ?? display("#{host}")
        #expect(
            try display("#{pane_title}") == expectedTitle, "the window's own title back after \(what)\n\(screen)",
            sourceLocation: sourceLocation)
        #expect(
            try display("#{alternate_on} #{mouse_any_flag}") == "0 0",
            "normal screen and mouse reporting off after \(what)\n\(screen)", sourceLocation: sourceLocation)
        let modes = screen.terminalModes ?? []
        #expect(
            modes.contains("icanon") && modes.contains("echo") && !modes.contains("-icanon")
                && !modes.contains("-echo"),
            "cooked mode after \(what): \(modes)\n\(screen)", sourceLocation: sourceLocation)
        #expect(
            !screen.contains("Inbox"), "the demo's screen is gone after \(what)\n\(screen)",
            sourceLocation: sourceLocation)
    }

    /// Waits for the wrapper's `[exit N]` and expects N to be `expected`, with the screen in the message if not.
    func expectExit(
        _ expected: Int32, after what: String, timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let status = try waitForExit(timeout: timeout, sourceLocation: sourceLocation)
        let screen = try capture()
        #expect(status == expected, "exit status after \(what)\n\(screen)", sourceLocation: sourceLocation)
    }

    /// Runs the Inbox, sends it a signal, and expects it to end with `status` and the terminal restored.
    static func expectSignalEndsRestored(
        _ signal: Int32, named name: String, status: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let terminal = try TmuxTerminal(arguments: ["--no-autoplay"])
        defer { terminal.close() }
        try terminal.waitForInbox(sourceLocation: sourceLocation)
        try terminal.expectRunningState(sourceLocation: sourceLocation)
        let pid = try terminal.programPID()

        #expect(kill(pid, signal) == 0, "kill -\(name) \(pid)", sourceLocation: sourceLocation)
        try terminal.expectExit(status, after: "SIG\(name)", sourceLocation: sourceLocation)
        try terminal.expectRestored(after: "SIG\(name)", sourceLocation: sourceLocation)
    }
}
