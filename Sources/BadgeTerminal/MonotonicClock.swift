/// A clock that reads seconds since it was made, never going backwards.
///
/// The run loop reads it once per iteration and passes the time to the model,
/// which never reads a clock itself; tests use a virtual time instead.
package struct MonotonicClock: Sendable {
    private let origin: ContinuousClock.Instant

    /// Creates a clock that reads 0 now.
    package init() {
        origin = ContinuousClock.now
    }

    /// Seconds since the clock was made.
    package var now: Double {
        let elapsed = origin.duration(to: ContinuousClock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// The wait until a time on this clock as `poll` takes it: whole milliseconds rounded up, at most a
    /// minute, or -1 (wait however long) for no time.
    package func pollTimeoutMilliseconds(until deadline: Double?) -> Int32 {
        guard let deadline else { return -1 }
        return Int32(min(max(((deadline - now) * 1000).rounded(.up), 0), 60_000))
    }
}
