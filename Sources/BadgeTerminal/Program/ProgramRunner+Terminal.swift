import BadgeKit
import CNCursesW

extension ProgramRunner {
    /// Runs a program in the terminal the process runs in, from start to exit status: the whole of a small program's `main`.
    ///
    /// Installs the signal handlers, takes the terminal, runs the program, and
    /// restores the terminal on every way out. A terminal that cannot be used is
    /// reported on standard error as `NAME: reason`, with status 1.
    ///
    /// - Parameters:
    ///   - name: The program's name, for messages.
    ///   - setup: Colour, Esc delay, mouse, and where keys come from.
    ///   - makeProgram: Makes the program once the terminal's capabilities are known.
    /// - Returns: The exit status: 0 after quitting, 128+N after signal N, 1 without a usable terminal.
    public static func run<Program: TerminalProgram>(
        named name: String, setup: LiveTerminal.Setup = LiveTerminal.Setup(),
        _ makeProgram: (TerminalCapabilities) -> Program
    ) -> Int32 {
        let terminal: LiveTerminal
        do {
            try SignalRelay.install()
            terminal = try LiveTerminal(setup: setup)
        } catch {
            MessageWriter.write(Array("\(name): \(error)\n".utf8), to: .standardError)
            return 1
        }
        defer { terminal.close() }
        var program = makeProgram(terminal.capabilities)
        return run(&program, on: terminal).exitStatus
    }

    /// Runs a program in the terminal the process runs in, then ends the process with its exit status: the
    /// whole of a small program's `main`, as ``run(named:setup:_:)`` with `exit` after it.
    ///
    /// - Parameters:
    ///   - name: The program's name, for messages.
    ///   - setup: Colour, Esc delay, mouse, the window title, and where keys come from.
    ///   - makeProgram: Makes the program once the terminal's capabilities are known.
    public static func runToExit<Program: TerminalProgram>(
        named name: String, setup: LiveTerminal.Setup = LiveTerminal.Setup(),
        _ makeProgram: (TerminalCapabilities) -> Program
    ) -> Never {
        exit(run(named: name, setup: setup, makeProgram))
    }
}
