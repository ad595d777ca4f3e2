import Foundation
import Glibc
import Testing

/// The real `badgebar` in a real terminal: a detached tmux session on a private server.
///
/// Each instance starts its own tmux server (`tmux -S <socket> -f /dev/null`, so no user
/// configuration) in a fresh temporary directory, with one pane running
///
///     env TERM=<term> SWIFT_BACKTRACE=enable=no sh -c '"$0" "$@"; echo "[exit $?]"; …; exec sleep 600' badgebar ARGS
///
/// The wrapper shell prints the program's exit status and the terminal's `icanon`/`echo`
/// modes after it ends, then keeps the pane alive so the screen can still be read.
/// Always ``close()`` it (in a `defer`): that kills the server and removes the directory.
final class TmuxTerminal {
    /// Where the program's standard streams go instead of the pane.
    enum Redirection {
        /// Standard error into a file, read back with ``standardError``.
        case standardErrorToFile
        /// Standard output into a file, read back with ``standardOutput``.
        case standardOutputToFile
        /// Standard input from /dev/null.
        case standardInputFromNull
    }

    /// The tmux target of the one session.
    static let target = "t"

    /// The program under test.
    let binary: String
    /// The temporary directory holding the socket and any redirected output.
    let directory: String
    /// The private tmux server's socket.
    let socketPath: String
    /// When the tmux session was about to be created: the program started after this.
    let launchedAt: ContinuousClock.Instant
    private var isClosed = false

    /// Starts the program in a new detached tmux session.
    ///
    /// - Parameters:
    ///   - arguments: The program's arguments.
    ///   - term: The TERM the program sees (tmux would set tmux-256color), or nil to unset it.
    ///   - columns: The window's width.
    ///   - rows: The window's height.
    ///   - redirections: Standard streams to take away from the pane.
    ///   - launcher: A command that runs the binary, e.g. `["setsid"]`; none by default.
    ///   - environment: More variables for the program, as `NAME=value` (e.g. `NO_COLOR=1`).
    ///   - unsetting: Variables to remove from the program's environment (e.g. `LANG`, `LC_ALL`).
    ///   - pipeline: Shell text run in place of `"$0" "$@"` (the binary and its arguments), e.g.
    ///     `(echo Mail=3; sleep 600) | "$0" "$@"`; the redirections apply to its last command and
    ///     the wrapper reports the pipeline's status, which is the last command's. Inside the pane,
    ///     `tmux wait-for NAME` reaches this private server (see ``signal(_:)``).
    convenience init(
        arguments: [String] = ["--no-autoplay"], term: String? = "xterm-256color", columns: Int = 80,
        rows: Int = 24, redirections: [Redirection] = [], launcher: [String] = [], environment: [String] = [],
        unsetting: [String] = [], pipeline: String? = nil
    ) throws {
        try self.init(columns: columns, rows: rows) { directory, binary in
            var redirectionText = ""
            for redirection in redirections {
                switch redirection {
                case .standardErrorToFile: redirectionText += " 2>\"\(directory)/stderr\""
                case .standardOutputToFile: redirectionText += " >\"\(directory)/stdout\""
                case .standardInputFromNull: redirectionText += " </dev/null"
                }
            }
            let invocation = pipeline ?? "\"$0\" \"$@\""
            let script =
                "\(invocation)\(redirectionText); echo \"[exit $?]\"; "
                + "echo \"[tty $(stty -a | tr -s ' ;' '\\n\\n' | grep -x -e -icanon -e icanon -e -echo -e echo | tr '\\n' ' ')]\"; "
                + "exec sleep 600"
            let removals = (unsetting + (term == nil ? ["TERM"] : [])).flatMap { ["-u", $0] }
            let termAssignment = term.map { ["TERM=\($0)"] } ?? []
            // No board file of the developer's own: XDG_CONFIG_HOME names a folder that is not there.
            return ["env"] + removals + termAssignment
                + ["SWIFT_BACKTRACE=enable=no", "XDG_CONFIG_HOME=\(directory)/no-config"] + environment
                + ["sh", "-c", script] + launcher + [binary] + arguments
        }
    }

    /// Starts an interactive shell in the pane instead of the program, e.g.
    /// `["bash", "--norc", "--noprofile", "-i"]`, for typing commands (job control, `fg`).
    ///
    /// The shell gets TERM=xterm-256color, `PS1='$ '` and SWIFT_BACKTRACE=enable=no; ``binary``
    /// is the path to type. ``programPID(timeout:)`` finds the program among the shell's children.
    convenience init(shell: [String], columns: Int = 80, rows: Int = 24, environment: [String] = []) throws {
        try self.init(columns: columns, rows: rows) { _, _ in
            ["env", "TERM=xterm-256color", "PS1=$ ", "SWIFT_BACKTRACE=enable=no", "XDG_CONFIG_HOME=/nonexistent"]
                + environment + shell
        }
    }

    /// Creates the temporary directory and the tmux session running the command `makeCommand`
    /// builds from that directory and the binary's path.
    private init(columns: Int, rows: Int, makeCommand: (_ directory: String, _ binary: String) -> [String]) throws {
        binary = try BadgebarBinary.path()
        var template = Array("/tmp/badgebar-e2e.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw EndToEndFailure("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: created)
        socketPath = directory + "/tmux.sock"
        launchedAt = .now

        let command = makeCommand(directory, binary)
        let session = ["new-session", "-d", "-s", Self.target, "-x", String(columns), "-y", String(rows)]
        do {
            // With several arguments tmux runs the command directly, without another shell.
            try tmux(session + ["-e", "LANG=C.UTF-8"] + command)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Kills the tmux server (and with it the pane and the program) and removes the temporary directory.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    // MARK: - tmux commands

    /// Runs one tmux command against the private server and returns its standard output.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(
            "tmux", ["-S", socketPath, "-f", "/dev/null"] + arguments,
            environment: ChildProcess.cleanEnvironment(["TERM=xterm-256color"]), timeout: 10)
        guard result.status == .exited(0) else {
            throw EndToEndFailure(
                "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// Sends keys by tmux name: `"Tab"`, `"Enter"`, `"Escape"`, `"C-c"`, `"BTab"`, `"3"`.
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", Self.target] + keys)
    }

    /// Sends text byte for byte (`send-keys -l`), e.g. a mouse report.
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", Self.target, "-l", "--", text])
    }

    /// Sends raw bytes (`send-keys -H`): anything, including NUL, lone ESC and invalid UTF-8.
    func sendBytes(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try tmux(["send-keys", "-t", Self.target, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Sends raw bytes in pieces with a pause between them, all from one tmux command list
    /// (`send-keys -H …; run-shell -d …; send-keys -H …`), so the pauses do not depend on
    /// how long starting a tmux client takes.
    func sendBytes(inPieces pieces: [[UInt8]], pause: Duration) throws {
        let seconds = Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18
        var arguments: [String] = []
        for piece in pieces where !piece.isEmpty {
            if !arguments.isEmpty {
                arguments += [";", "run-shell", "-d", String(format: "%.3f", seconds), ";"]
            }
            arguments += ["send-keys", "-t", Self.target, "-H"] + piece.map { String($0, radix: 16) }
        }
        if !arguments.isEmpty {
            try tmux(arguments)
        }
    }

    /// Wakes whatever in the pane waits with `tmux wait-for NAME` (`wait-for -S`); if nothing waits
    /// yet, the next `wait-for NAME` returns at once.
    func signal(_ channel: String) throws {
        try tmux(["wait-for", "-S", channel])
    }

    /// Writes text to the pane's terminal as if the program had written it (to `#{pane_tty}`),
    /// e.g. to scribble on the screen behind the program's back.
    func writeToTerminal(_ text: String) throws {
        try writeToTerminal(bytes: Array(text.utf8))
    }

    /// Writes bytes to the pane's terminal as if the program had written them (to `#{pane_tty}`):
    /// they go to the screen, not to the program's input.
    func writeToTerminal(bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        let tty = try display("#{pane_tty}")
        let descriptor = open(tty, O_WRONLY | O_NOCTTY)
        guard descriptor >= 0 else {
            throw EndToEndFailure("cannot open \(tty): \(String(cString: strerror(errno)))")
        }
        defer { Glibc.close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw EndToEndFailure("short write to \(tty): \(offset) of \(bytes.count) bytes")
            }
            offset += written
        }
    }

    /// The pane's text (`capture-pane -p`).
    func capture() throws -> Screen {
        Screen(lines: Self.lines(of: try tmux(["capture-pane", "-p", "-t", Self.target])))
    }

    /// The pane's text with colours (`capture-pane -p -e -N`, trailing blanks kept).
    func captureWithEscapes() throws -> StyledScreen {
        StyledScreen(capturedLines: Self.lines(of: try tmux(["capture-pane", "-p", "-e", "-N", "-t", Self.target])))
    }

    /// A tmux format expanded for the pane, e.g. `"#{alternate_on} #{mouse_any_flag}"`.
    func display(_ format: String) throws -> String {
        let output = try tmux(["display-message", "-p", "-t", Self.target, format])
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    /// Resizes the window, which the program sees as SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", Self.target, "-x", String(columns), "-y", String(rows)])
    }

    /// A left click (press, then release) in SGR 1006 format, at 1-based column and row.
    func clickSGR(column: Int, row: Int) throws {
        try sendLiteral("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
    }

    /// A left click (press, then release) in X10 format, at 1-based column and row.
    func clickX10(column: Int, row: Int) throws {
        precondition(column + 32 < 127 && row + 32 < 127, "X10 positions above 94 are not ASCII")
        func report(_ button: Int) -> String {
            "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(32 + column)))
                + String(UnicodeScalar(UInt8(32 + row)))
        }
        try sendLiteral(report(0) + report(3))
    }

    // MARK: - Processes

    /// The wrapper shell's pid (`#{pane_pid}`); the program is its child.
    func panePID() throws -> pid_t {
        guard let pid = pid_t(try display("#{pane_pid}")) else {
            throw EndToEndFailure("tmux gave no pane pid")
        }
        return pid
    }

    /// The program's pid: the wrapper shell's child running the binary.
    func programPID(timeout: Duration = .seconds(5)) throws -> pid_t {
        let shell = try panePID()
        let deadline = ContinuousClock.now + timeout
        while true {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            // The binary itself, or an interpreter running it (when BADGEBAR_BINARY is a script).
            for child in children.split(separator: " ").compactMap({ pid_t($0) })
            where Self.executable(of: child) == Self.resolved(binary) || Self.arguments(of: child).contains(binary) {
                return child
            }
            if ContinuousClock.now > deadline {
                throw EndToEndFailure(
                    "no child of the wrapper shell \(shell) runs \(binary) (children: '\(children)')\n\(try capture())")
            }
            usleep(20_000)
        }
    }

    /// The fields of /proc/PID/stat after the command (state, ppid, pgrp, session, tty_nr, tpgid…),
    /// or nil when the process is gone.
    static func statFields(of pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let parenthesis = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: parenthesis)...].split(separator: " ")
    }

    /// A process's state letter from /proc/PID/stat (`R`, `S`, `Z`…), or nil when it is gone.
    static func processState(_ pid: pid_t) -> Character? {
        statFields(of: pid)?.first?.first
    }

    /// Waits until a process is in a state (`T` for stopped), or gone when `state` is nil, polling /proc every 10 ms.
    static func waitForProcessState(
        _ pid: pid_t, _ state: Character?, timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let deadline = ContinuousClock.now + timeout
        while processState(pid) != state {
            guard ContinuousClock.now < deadline else {
                throw EndToEndFailure(
                    "\(sourceLocation): process \(pid) not \(state.map { "in state \($0)" } ?? "gone") after \(timeout), "
                        + "but in state " + (processState(pid).map { String($0) } ?? "none (gone)"))
            }
            usleep(10_000)
        }
    }

    /// A process's session id from /proc/PID/stat, or nil when it is gone.
    static func processSession(_ pid: pid_t) -> pid_t? {
        guard let fields = statFields(of: pid), fields.count > 3 else { return nil }
        return pid_t(fields[3])
    }

    /// The process group in the foreground of a process's terminal (`tpgid` in /proc/PID/stat), or nil when it is gone.
    static func terminalForegroundGroup(of pid: pid_t) -> pid_t? {
        guard let fields = statFields(of: pid), fields.count > 5 else { return nil }
        return pid_t(fields[5])
    }

    /// The `icanon`/`echo` modes of the pane's terminal right now, read from outside with `stty -F`.
    func currentTerminalModes() throws -> [String] {
        let tty = try display("#{pane_tty}")
        let result = try ChildProcess.run(
            "stty", ["-a", "-F", tty], environment: ChildProcess.cleanEnvironment(), timeout: 5)
        guard result.status == .exited(0) else {
            throw EndToEndFailure("stty -F \(tty) failed: \(result.standardError)")
        }
        let words = result.standardOutput.split(whereSeparator: { " ;\n".contains($0) }).map(String.init)
        return words.filter { ["icanon", "-icanon", "echo", "-echo"].contains($0) }
    }

    /// Changes the pane's terminal modes from outside (`stty -F TTY SETTINGS`), as a shell does
    /// while the program is stopped, e.g. `["icanon", "echo"]` or `["raw", "-echo"]`.
    func setTerminalModes(_ settings: [String]) throws {
        let tty = try display("#{pane_tty}")
        let result = try ChildProcess.run(
            "stty", ["-F", tty] + settings, environment: ChildProcess.cleanEnvironment(), timeout: 5)
        guard result.status == .exited(0) else {
            throw EndToEndFailure("stty -F \(tty) \(settings.joined(separator: " ")) failed: \(result.standardError)")
        }
    }

    private static func executable(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    private static func arguments(of pid: pid_t) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    // MARK: - Output

    /// What the program wrote to standard error, with ``Redirection/standardErrorToFile``.
    var standardError: String {
        (try? String(contentsOfFile: directory + "/stderr", encoding: .utf8)) ?? ""
    }

    /// What the program wrote to standard output, with ``Redirection/standardOutputToFile``.
    var standardOutput: String {
        (try? String(contentsOfFile: directory + "/stdout", encoding: .utf8)) ?? ""
    }

    // MARK: - Waiting

    /// Polls the screen every 50 ms until the condition holds, and returns that screen.
    ///
    /// - Throws: After `timeout`, with the last screen in the message.
    @discardableResult
    func waitUntil(
        _ what: String, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (Screen) throws -> Bool
    ) throws -> Screen {
        let deadline = ContinuousClock.now + timeout
        while true {
            let screen = try capture()
            if try condition(screen) {
                return screen
            }
            if ContinuousClock.now > deadline {
                throw EndToEndFailure(
                    "\(sourceLocation): timed out after \(timeout) waiting for: \(what)\nlast screen:\n\(screen)")
            }
            usleep(50_000)
        }
    }

    /// Waits until the screen stops changing for `quiet` (animations settled) and returns it.
    @discardableResult
    func waitUntilStill(
        for quiet: Duration = .milliseconds(600), timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Screen {
        let deadline = ContinuousClock.now + timeout
        var last = try capture()
        var since = ContinuousClock.now
        while true {
            usleep(50_000)
            let screen = try capture()
            if screen != last {
                last = screen
                since = .now
            } else if ContinuousClock.now - since >= quiet {
                return screen
            }
            if ContinuousClock.now > deadline {
                throw EndToEndFailure(
                    "\(sourceLocation): the screen kept changing for \(timeout)\nlast screen:\n\(screen)")
            }
        }
    }

    /// Waits for the wrapper's `[exit N]` line and returns N.
    func waitForExit(timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation) throws
        -> Int32
    {
        let screen = try waitUntil(
            "the program to exit ([exit N] from the wrapper)", timeout: timeout, sourceLocation: sourceLocation
        ) { $0.exitStatus != nil && $0.terminalModes != nil }
        return screen.exitStatus!
    }

    private static func lines(of output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
