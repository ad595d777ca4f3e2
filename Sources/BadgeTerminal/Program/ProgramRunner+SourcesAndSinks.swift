import BadgeKit

extension ProgramRunner.Loop {
    /// Hands the lines that arrived on a live input source to the program, then its end if it ended.
    mutating func readSource<Program: TerminalProgram>(
        _ descriptor: SystemDescriptor, into program: inout Program
    ) -> Outcome {
        guard let index = sources.firstIndex(where: { $0.reads(descriptor) }) else {
            return .proceed
        }
        var events: [ProgramEvent] = []
        // One batch per read, split only where a discarded line must be reported in its place.
        var batch = LineBatch()
        let outcome = sources[index].readBatches(from: descriptor) { delivery in
            switch delivery {
            case .lines(let bytes, let count):
                batch.append(lines: bytes, count: count)
            case .discardedLine(let byteCount):
                if !batch.isEmpty {
                    events.append(.lines(batch, source: index))
                    batch = LineBatch()
                }
                events.append(.lineDiscarded(source: index, byteCount: byteCount))
            }
        }
        if !batch.isEmpty {
            events.append(.lines(batch, source: index))
        }
        switch outcome {
        case .ended:
            events.append(.sourceEnded(source: index, problem: nil))
        case .stopped(let stop):
            events.append(.sourceEnded(source: index, problem: stop.message))
        case .waiting, .more:
            break
        }
        for event in events {
            if case .end(let ending) = perform(program.update(event, at: terminal.now), on: &program) {
                return .end(ending)
            }
        }
        return .proceed
    }

    /// Offers every sink its waiting lines and tells the program about drops and failures.
    mutating func flushSinks<Program: TerminalProgram>(into program: inout Program) -> Outcome {
        for (index, sink) in sinks.enumerated() {
            sink.flush()
            if let problem = sink.takeProblem(),
                case .end(let ending) = perform(
                    program.update(.sinkProblem(sink: index, problem), at: terminal.now), on: &program)
            {
                return .end(ending)
            }
        }
        return .proceed
    }
}
