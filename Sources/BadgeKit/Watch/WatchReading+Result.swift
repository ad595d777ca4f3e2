extension WatchReading {
    /// What a finished run of a watch gives: the counts it printed, or why it gave none.
    ///
    /// The one place a run becomes a reading: output cut at the limit is too long
    /// (the cut usually ends the command with SIGPIPE, which is no failure of its
    /// own); exit 0 is read with ``parse(_:buttonTitle:)``; a run past its limit
    /// timed out after that limit; anything else failed, with the first line the
    /// command wrote to standard error.
    ///
    /// - Parameters:
    ///   - result: The run.
    ///   - buttonTitle: The title of the watch's own button, for a bare number.
    ///   - timeLimitSeconds: The run's limit, which a timeout names.
    package static func reading(
        of result: ProcessResult, buttonTitle: String, timeLimitSeconds: Double
    ) -> Result<[CountUpdate], WatchProblem> {
        if result.outputWasCut {
            return .failure(.tooLong(limitBytes: ProcessRequest.defaultOutputLimitBytes))
        }
        switch result.termination {
        case .exited(0):
            return parse(result.output, buttonTitle: buttonTitle)
        case .timedOut:
            return .failure(.timedOut(seconds: timeLimitSeconds))
        case .exited, .signaled, .couldNotStart:
            return .failure(.failed(result.summaryWithErrorLine))
        }
    }
}
