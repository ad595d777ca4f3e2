import CNCursesW

extension LineReader {
    /// Reads every line to the end of the input, waiting whenever nothing has arrived yet (wraps `poll`).
    ///
    /// For reading counts once, as `--once` does; the run loop uses ``readLines(_:)`` instead, which never waits.
    ///
    /// - Parameters:
    ///   - interruption: The termination signal that arrived, if any, such as `{ SignalRelay.terminationSignal }`;
    ///     asked whenever nothing has arrived (a signal the relay catches interrupts the wait).
    ///   - body: Called for each line or discarded line, in order; the bytes are valid only during the call.
    /// - Returns: ``ReadOutcome/ended``, or why reading stopped early, such as a termination signal.
    public func readToEnd(interruption: () -> Int32? = { nil }, _ body: (Delivery) -> Void) -> ReadOutcome {
        while true {
            let outcome = readLines(body)
            switch outcome {
            case .more:
                continue
            case .waiting:
                guard let descriptor else { return .ended }
                // A caught signal interrupts the poll; the timeout covers one that arrives just before it starts.
                if let signal = interruption() {
                    return .stopped(.interrupted(signal: signal))
                }
                do {
                    _ = try descriptor.poll(for: Int16(POLLIN), timeoutMilliseconds: 200)
                } catch {
                    finish(early: true)
                    return .stopped(.readFailed(source: sourceName, error))
                }
            case .ended, .stopped:
                return outcome
            }
        }
    }
}
