extension LineReader {
    /// Reads every line to the end of the input, waiting whenever nothing has arrived yet (wraps `poll`).
    ///
    /// For reading counts once, as `--once` does; the run loop uses ``readLines(_:)`` instead, which never waits.
    ///
    /// - Parameter body: Called for each line or discarded line, in order; the bytes are valid only during the call.
    /// - Returns: ``ReadOutcome/ended``, or why reading stopped early.
    public func readToEnd(_ body: (Delivery) -> Void) -> ReadOutcome {
        while true {
            let outcome = readLines(body)
            switch outcome {
            case .more:
                continue
            case .waiting:
                guard let descriptor else { return .ended }
                do {
                    _ = try descriptor.poll(for: Int16(POLLIN), timeoutMilliseconds: -1)
                } catch {
                    return .stopped(.readFailed(source: sourceName, error))
                }
            case .ended, .stopped:
                return outcome
            }
        }
    }
}
