import BadgeKit

extension ProgramRunner.Loop {
    /// Carries out an effect.
    mutating func perform<Program: TerminalProgram>(_ effect: ProgramEffect, on program: inout Program)
        -> Outcome
    {
        switch effect {
        case .none:
            return .proceed
        case .quit:
            return .end(.quit)
        case .redraw:
            terminal.invalidate()
            return .proceed
        case .suspend:
            return suspend(from: .key, on: &program)
        case .run(let request):
            if let failed = processes.start(request, at: terminal.now, foreground: false, terminal: nil) {
                return deliver(failed, to: &program)
            }
            return .proceed
        case .runInForeground(let request):
            guard foregroundRequest == nil else {
                return .proceed
            }
            terminal.releaseForChild()
            foregroundRequest = request.identifier
            let childTerminal = terminal.openTerminalForChild()
            let failed = processes.start(request, at: terminal.now, foreground: true, terminal: childTerminal)
            childTerminal?.close()
            if let failed {
                return deliver(failed, to: &program)
            }
            if let group = processes.foregroundGroup {
                do {
                    try terminal.giveForeground(to: group)
                } catch {
                    // Without the terminal it would stop at its first read, again and again: it ends at once,
                    // and its end, when reaped, gives the terminal back.
                    processes.endForegroundRun(at: terminal.now)
                    return perform(
                        program.update(
                            .problem("cannot give the terminal to '\(request.command)': \(error)"), at: terminal.now
                        ),
                        on: &program)
                }
            }
            return .proceed
        case .endRun(let identifier):
            processes.endRun(requestIdentifier: identifier, at: terminal.now)
            return .proceed
        case .write(let line, let sink):
            sinks.first { $0.name == sink }?.sink.write(line: line)
            return .proceed
        case .setWindowTitle(let title):
            terminal.setWindowTitle(title)
            return .proceed
        case .notify(let title, let body):
            terminal.notify(title: title, body: body)
            return .proceed
        case .batch(let effects):
            for effect in effects {
                if case .end(let ending) = perform(effect, on: &program) {
                    return .end(ending)
                }
            }
            return .proceed
        }
    }
}
