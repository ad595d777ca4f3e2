import BadgeKit

extension ProgramRunner.Loop {
    /// Hands the lines that arrived on a live input source to the program, then its end if it ended.
    mutating func readSource<Program: TerminalProgram>(
        _ descriptor: SystemDescriptor, into program: inout Program
    ) -> Outcome {
        guard let index = sources.firstIndex(where: { $0.reader.reads(descriptor) }) else {
            return .proceed
        }
        var events: [ProgramEvent] = []
        // One batch per read, split only where a discarded line must be reported in its place.
        var batch = LineBatch()
        let name = sources[index].name
        let outcome = sources[index].reader.readBatches(from: descriptor) { delivery in
            switch delivery {
            case .lines(let bytes, let count):
                batch.append(lines: bytes, count: count)
            case .discardedLine(let byteCount):
                if !batch.isEmpty {
                    events.append(.lines(batch, source: name))
                    batch = LineBatch()
                }
                events.append(.lineDiscarded(source: name, byteCount: byteCount))
            }
        }
        if !batch.isEmpty {
            events.append(.lines(batch, source: name))
        }
        switch outcome {
        case .ended:
            events.append(.sourceEnded(source: name, problem: nil))
        case .stopped(let stop):
            events.append(.sourceEnded(source: name, problem: stop.message))
        case .waiting, .more:
            break
        }
        for event in events {
            if case .end(let ending) = perform(program.update(event, at: reactor.now), on: &program) {
                return .end(ending)
            }
        }
        return .proceed
    }

    /// Offers every sink its waiting lines and tells the program about drops and failures.
    mutating func flushSinks<Program: TerminalProgram>(into program: inout Program) -> Outcome {
        for (name, sink) in sinks {
            sink.flush()
            if let problem = sink.takeProblem(),
                case .end(let ending) = perform(
                    program.update(.sinkProblem(sink: name, problem), at: reactor.now), on: &program)
            {
                return .end(ending)
            }
        }
        return .proceed
    }
}
