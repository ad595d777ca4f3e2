import BadgeTerminal
import Foundation
import Synchronization

/// A result another thread sets once, and a way to wait for it.
final class AwaitedResult<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    /// Sets the result.
    func set(_ result: Value) {
        value.withLock { $0 = result }
    }

    /// Polls for the result for at most some seconds; `nil` if it has not come by then.
    func wait(seconds: Double) -> Value? {
        let clock = MonotonicClock()
        while clock.now < seconds {
            if let result = value.withLock({ $0 }) { return result }
            usleep(5_000)
        }
        return value.withLock { $0 }
    }
}
