/// Decides which rises of a count become desktop notifications: by the mode, the window's focus, and a rate limit.
///
/// A value fed the changes, the focus reports and the time: a rise notifies when
/// the mode allows it (``NotificationMode/always``, or ``NotificationMode/unfocused``
/// while the window is not focused) and the same button has not notified in the
/// last ``minimumIntervalSeconds``. Rises within that time are not queued: the next
/// notification tells the count as it is then.
package struct NotificationGate: Sendable, Equatable {
    /// The mode.
    package let mode: NotificationMode
    /// Whether the terminal's window has the focus, as last reported; focused until told otherwise.
    package private(set) var isFocused = true
    /// The fewest seconds between two notifications for the same button.
    package static let minimumIntervalSeconds = 5.0
    /// When each button last notified, by index.
    private var lastNotificationTimes: [Int: Double] = [:]

    /// Creates a gate for a mode.
    package init(mode: NotificationMode) {
        self.mode = mode
    }

    /// Whether focus reports are needed: only for ``NotificationMode/unfocused``.
    package var needsFocusReports: Bool { mode == .unfocused }

    /// Takes a focus report from the terminal.
    package mutating func focusChanged(isFocused: Bool) {
        self.isFocused = isFocused
    }

    /// Whether a change should notify, noting the time when it does.
    ///
    /// - Parameters:
    ///   - event: A press or a change; only a change that raises a count can notify.
    ///   - time: Now, in seconds on the clock.
    package mutating func admits(_ event: BoardEvent, at time: Double) -> Bool {
        guard event.kind == .change, event.isIncrease else { return false }
        switch mode {
        case .never: return false
        case .unfocused where isFocused: return false
        case .unfocused, .always: break
        }
        if let last = lastNotificationTimes[event.buttonIndex], time - last < Self.minimumIntervalSeconds {
            return false
        }
        lastNotificationTimes[event.buttonIndex] = time
        return true
    }
}
