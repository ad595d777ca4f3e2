/// The release binary run by the test on a ``PseudoTerminal`` of its own, with a directory for its files.
///
/// Always ``close()`` it: that kills the program if it still runs, closes the terminal and removes the directory.
final class PseudoTerminalRun {
    /// A directory for the program's files: its standard error, a recording.
    let files: TemporaryDirectory
    /// The terminal; the test reads the program's output from it, or does not.
    let terminal: PseudoTerminal
    /// The program.
    let program: TerminalProcess
    /// The terminal's modes before the program started, as `stty` words.
    let modesBefore: [String]

    /// Starts the binary with these arguments on a fresh pseudo-terminal of a size.
    init(arguments: [String], columns: Int = 80, rows: Int = 24) throws {
        let files = try TemporaryDirectory()
        do {
            let terminal = try PseudoTerminal(columns: columns, rows: rows)
            modesBefore = try terminal.modes().restorableFlags
            program = try TerminalProcess(
                arguments: arguments, on: terminal, standardErrorPath: files.path + "/stderr")
            self.terminal = terminal
        } catch {
            files.remove()
            throw error
        }
        self.files = files
    }

    /// Kills the program if it still runs, closes the terminal and removes the directory.
    func close() {
        program.end()
        terminal.close()
        files.remove()
    }
}
