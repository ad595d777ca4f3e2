import BadgeKit

extension ProgramRunner.Loop {
    /// Ends runs past their time limit and hands the program the results of those that finished.
    ///
    /// Children are reaped on every turn they exist, not only on SIGCHLD, so
    /// none is missed and none is left a zombie.
    mutating func collectProcesses<Program: TerminalProgram>(into program: inout Program) -> Outcome {
        guard !processes.isEmpty else { return .proceed }
        let time = reactor.now
        processes.enforceTimeLimits(at: time)
        for result in processes.reap(at: time) {
            if case .end(let ending) = deliver(result, to: &program) {
                return .end(ending)
            }
        }
        return .proceed
    }

    /// Hands a finished run to the program, taking the terminal back first if the run had it.
    mutating func deliver<Program: TerminalProgram>(_ result: ProcessResult, to program: inout Program)
        -> Outcome
    {
        if foregroundRequest == result.identifier {
            foregroundRequest = nil
            do {
                try holder.takeBack(after: .child)
            } catch {
                let problem = ProgramEvent.problem("cannot take the terminal back: \(error)")
                if case .end(let ending) = perform(program.update(problem, at: reactor.now), on: &program) {
                    return .end(ending)
                }
            }
        }
        return perform(program.update(.processFinished(result), at: reactor.now), on: &program)
    }
}
