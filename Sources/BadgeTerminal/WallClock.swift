import CNCursesW

/// The time of day, for stamping what the program writes out; the run loop's own clock is ``MonotonicClock``.
package enum WallClock {
    /// Seconds since 1970 (wraps `clock_gettime` with `CLOCK_REALTIME`).
    package static var unixTime: Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
