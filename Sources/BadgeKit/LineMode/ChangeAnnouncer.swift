/// Turns changes of counts into line mode's lines: one line per button for the changes that come close together.
///
/// The announcer is shown the board's events (``BoardEvent``) after anything that
/// may have changed a count (a key, a line of counts, a step of auto-play, a
/// command's result) and keeps the count each button had before its first change,
/// as the event says it. A button's line is
/// due ``mergeWindowSeconds`` after that first change and says the change from
/// then to the count at the time it is taken, so a burst of changes to one
/// button reads as one line, and a change undone within the window as none.
/// Like everything in BadgeKit it reads no clock: times are passed in.
package struct ChangeAnnouncer: Sendable, Equatable {
    /// How long changes to one button are gathered into one line, in seconds.
    package static let defaultMergeWindowSeconds = 0.25

    /// A button whose count changed and whose line is not yet due.
    struct PendingChange: Sendable, Equatable {
        /// The button's index.
        var index: Int
        /// Its count before the first change.
        var previousCount: Int
        /// When the first change was seen, in seconds on the clock.
        var firstChangeTime: Double
    }

    /// How long changes to one button are gathered into one line, in seconds.
    package let mergeWindowSeconds: Double
    /// The buttons whose lines are not yet due, in the order their first changes were seen.
    private var pending: [PendingChange] = []

    /// Starts with nothing to say.
    ///
    /// - Parameter mergeWindowSeconds: How long changes to one button are gathered into one line.
    package init(mergeWindowSeconds: Double = ChangeAnnouncer.defaultMergeWindowSeconds) {
        self.mergeWindowSeconds = max(mergeWindowSeconds, 0)
    }

    /// Notes presses and changes: the first change of a button starts its window, from the count before it.
    package mutating func observe(_ events: [BoardEvent]) {
        for event in events where event.count != event.previousCount {
            if !pending.contains(where: { $0.index == event.buttonIndex }) {
                pending.append(
                    PendingChange(
                        index: event.buttonIndex, previousCount: event.previousCount, firstChangeTime: event.time))
            }
        }
    }

    /// When the next line is due, in seconds on the clock, or `nil` when no change waits.
    package var nextLineTime: Double? {
        pending.map { $0.firstChangeTime + mergeWindowSeconds }.min()
    }

    /// Whether changes wait to be said.
    package var hasPendingChanges: Bool { !pending.isEmpty }

    /// The lines due by an instant, in the order their changes began; a change undone within its window says nothing.
    package mutating func takeLines(for buttons: [BadgedButton], at time: Double) -> [String] {
        let window = mergeWindowSeconds
        return take(for: buttons) { $0.firstChangeTime + window <= time }
    }

    /// Every waiting line now, due or not, as when the program ends.
    package mutating func takeAllLines(for buttons: [BadgedButton]) -> [String] {
        take(for: buttons) { _ in true }
    }

    private mutating func take(for buttons: [BadgedButton], where isDue: (PendingChange) -> Bool) -> [String] {
        var lines: [String] = []
        var waiting: [PendingChange] = []
        for change in pending {
            guard isDue(change) else {
                waiting.append(change)
                continue
            }
            if buttons.indices.contains(change.index),
                let line = LineModeWording.change(of: buttons[change.index], from: change.previousCount)
            {
                lines.append(line)
            }
        }
        pending = waiting
        return lines
    }
}
