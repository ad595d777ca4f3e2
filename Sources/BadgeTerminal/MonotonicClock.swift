/// A clock that reads seconds since it was made, never going backwards.
///
/// The run loop reads it once per iteration and passes the time to the model,
/// which never reads a clock itself; tests use a virtual time instead.
public struct MonotonicClock: Sendable {
    private let origin: ContinuousClock.Instant

    /// Creates a clock that reads 0 now.
    public init() {
        origin = ContinuousClock.now
    }

    /// Seconds since the clock was made.
    public var now: Double {
        let elapsed = origin.duration(to: ContinuousClock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
