import BadgeKit

extension ProcessRequest {
    /// Runs requests side by side to their ends, outside any run loop, and returns their results in order.
    ///
    /// For programs that ask once and print, such as `--once`: each request's time limit bounds its run, a
    /// termination signal ends them all, and nothing they started outlives the call: their process groups
    /// are ended, and with `endingEveryDescendant` (after ``ProcessTree/adoptOrphans()``) whatever they
    /// moved to a session or group of its own as well.
    ///
    /// - Parameters:
    ///   - requests: What to run.
    ///   - endingEveryDescendant: Whether the end of these runs is the program's way out, the last commands
    ///     it runs: every descendant of the program outside its own session is ended then too.
    ///   - interruption: The termination signal that arrived, if any, such as
    ///     `{ SignalRelay.terminationSignal }`; asked between waits, and the wake-ups of the relay's pipe
    ///     are watched for.
    package static func runAllToEnd(
        _ requests: [ProcessRequest], endingEveryDescendant: Bool = false, interruption: () -> Int32? = { nil }
    ) -> [ProcessResult] {
        ProcessSupervisor.runAllToEnd(
            requests, endingEveryDescendant: endingEveryDescendant, interruption: interruption)
    }
}
