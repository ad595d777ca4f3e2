/// The one deadline every wait on the way out shares, so that leaving takes at most a known time in all.
///
/// Ending the children, writing what sinks still hold, restoring the terminal and
/// finishing a recording each wait for something that may never come (a child
/// that ignores SIGTERM, a reader or a terminal that stopped reading). Each takes
/// ``secondsLeft`` as its bound instead of a timeout of its own, so the waits add
/// up to ``seconds`` at most. The countdown starts at the first wait.
package final class ExitDeadline {
    /// The longest the way out may take, in seconds.
    package let seconds: Double
    private var clock: MonotonicClock?

    /// The bound on leaving by default: time for children to exit and for output to drain, short enough
    /// not to be felt as a hang.
    package static let defaultSeconds = 2.0

    /// Creates a deadline that starts counting at its first use.
    package init(seconds: Double = ExitDeadline.defaultSeconds) {
        self.seconds = seconds
    }

    /// Starts the countdown, unless it has started already.
    package func start() {
        if clock == nil {
            clock = MonotonicClock()
        }
    }

    /// The seconds left before the deadline, 0 once it has passed; the countdown starts if it has not.
    package var secondsLeft: Double {
        start()
        return max(seconds - (clock?.now ?? 0), 0)
    }

    /// The seconds left with some kept back for what comes later, such as restoring the terminal, which no
    /// wait before it may use up.
    package func secondsLeft(keeping reserved: Double) -> Double {
        max(secondsLeft - reserved, 0)
    }
}
