import BadgeKit

extension ProgramRunner.Loop {
    /// Suspends: the terminal given back, the program (and for Ctrl-Z its job) stopped; once continued, the
    /// program told the size and that it resumed, or ended by a termination signal that came meanwhile.
    mutating func suspend<Program: TerminalProgram>(from origin: SuspendOrigin, on program: inout Program)
        -> Outcome
    {
        if let signal = holder.suspend(from: origin) {
            return .end(.terminated(signal: signal))
        }
        if let size = screen?.size,
            case .end(let ending) = perform(
                program.update(.input(.resize(columns: size.columns, rows: size.rows)), at: reactor.now),
                on: &program)
        {
            return .end(ending)
        }
        return perform(program.update(.resumed, at: reactor.now), on: &program)
    }
}
