import BadgeKit
import CNCursesW

extension ProcessSupervisor {
    /// Runs one request to its end and returns its result, waiting for it, for a question asked
    /// before the run loop starts; the request's time limit bounds the wait.
    func runToEnd(_ request: ProcessRequest) -> ProcessResult {
        Self.runAllToEnd([request])[0]
    }

    /// Runs requests side by side to their ends and returns their results in the requests' order.
    ///
    /// It waits for them in a `poll` of its own (``Platform/poll(_:timeoutMilliseconds:)``), so it is only for
    /// a question asked before the run loop starts, which has the one wait after; each request's time limit
    /// bounds its run.
    ///
    /// A termination signal (as `interruption` reports it, such as the one the ``SignalRelay`` caught) cuts
    /// the wait short: the runs still going are ended and come back as ended by SIGTERM. Whatever the runs
    /// left in the background is ended before this returns, on every way out.
    ///
    /// - Parameters:
    ///   - requests: What to run.
    ///   - endingEveryDescendant: Whether the end of these runs is the program's way out, which ends every
    ///     descendant of the program outside its own session too (see ``endAll(waitingAtMostSeconds:endingEveryDescendant:)``).
    ///   - interruption: The termination signal that arrived, if any; asked between waits.
    static func runAllToEnd(
        _ requests: [ProcessRequest], endingEveryDescendant: Bool = false, interruption: () -> Int32? = { nil }
    ) -> [ProcessResult] {
        let supervisor = ProcessSupervisor()
        let clock = MonotonicClock()
        var results: [Int: ProcessResult] = [:]
        for (position, request) in requests.enumerated() {
            var numbered = request
            numbered.identifier = position
            if let failed = supervisor.start(numbered, at: clock.now) {
                results[position] = failed
            }
        }
        let wake = SignalRelay.wakeDescriptor
        while results.count < requests.count && interruption() == nil {
            let now = clock.now
            supervisor.enforceTimeLimits(at: now)
            for result in supervisor.reap(at: now) {
                results[result.identifier] = result
            }
            guard results.count < requests.count else { break }
            let watched = supervisor.descriptors
            var polled = watched.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: wake.rawValue, events: Int16(POLLIN), revents: 0))
            let wait = supervisor.nextDeadline.map { Int32(max(min(($0 - now) * 1000, 50), 1)) } ?? 50
            _ = Platform.poll(&polled, timeoutMilliseconds: wait)
            if polled[watched.count].revents != 0 {
                // A signal: perhaps SIGCHLD for an adopted orphan that exited.
                SignalRelay.drainWakeups()
                ProcessTree.reapOrphans()
            }
            for (index, descriptor) in watched.enumerated() where polled[index].revents != 0 {
                supervisor.read(from: descriptor)
            }
        }
        let endTime = clock.now
        supervisor.endAll(endingEveryDescendant: endingEveryDescendant)
        return requests.indices.map { position in
            var result =
                results[position]
                ?? ProcessResult(
                    identifier: position, command: requests[position].command, termination: .signaled(SIGTERM),
                    output: [], outputWasCut: false, firstErrorLine: nil, startTime: 0, endTime: endTime)
            result.identifier = requests[position].identifier
            return result
        }
    }
}
