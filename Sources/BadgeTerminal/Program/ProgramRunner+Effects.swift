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
            screen?.invalidate()
            return .proceed
        case .suspend:
            return suspend(from: .key, on: &program)
        case .run(let request):
            if let failed = processes.start(request, at: reactor.now, foreground: false, terminal: nil) {
                return deliver(failed, to: &program)
            }
            return .proceed
        case .runInForeground(let request):
            guard foregroundRequest == nil else {
                return .proceed
            }
            foregroundRequest = request.identifier
            var failed: ProcessResult?
            do {
                try holder.handOver { childTerminal in
                    failed = processes.start(request, at: reactor.now, foreground: true, terminal: childTerminal)
                    return failed == nil ? processes.foregroundGroup : nil
                }
            } catch {
                // Without the terminal it would stop at its first read, again and again: it ends at once,
                // and its end, when reaped, gives the terminal back.
                processes.endForegroundRun(at: reactor.now)
                return perform(
                    program.update(
                        .problem("cannot give the terminal to '\(request.command)': \(error)"), at: reactor.now),
                    on: &program)
            }
            if let failed {
                return deliver(failed, to: &program)
            }
            return .proceed
        case .endRun(let identifier):
            processes.endRun(requestIdentifier: identifier, at: reactor.now)
            return .proceed
        case .write(let line, let sink):
            sinks.first { $0.name == sink }?.sink.write(line: line)
            return .proceed
        case .setWindowTitle(let title):
            screen?.show(.title(title))
            return .proceed
        case .notify(let title, let body):
            screen?.show(.notification(title: title, body: body))
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
