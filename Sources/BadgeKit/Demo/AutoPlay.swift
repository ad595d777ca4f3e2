/// The demo's script that plays by itself: every 1.3 s one count goes up, in turn, until someone touches it.
public struct AutoPlay: Sendable, Equatable {
    /// One scripted change: add an amount to a button's count.
    public struct Step: Sendable, Equatable {
        /// The index of the button.
        public var buttonIndex: Int
        /// How much to add.
        public var amount: Int

        /// Creates a step.
        public init(buttonIndex: Int, amount: Int) {
            self.buttonIndex = buttonIndex
            self.amount = amount
        }
    }

    /// The original demo's script for Messages, Cart and Notifications: notifications +2, cart +1, messages +1.
    public static let inboxScript = [
        Step(buttonIndex: 2, amount: 2), Step(buttonIndex: 1, amount: 1), Step(buttonIndex: 0, amount: 1),
    ]
    /// The original's pause between steps, in seconds.
    public static let defaultIntervalSeconds = 1.3

    /// The steps, played in turn and then again.
    public let script: [Step]
    /// The pause between steps, in seconds.
    public let intervalSeconds: Double
    /// When the script started, in seconds on the clock.
    public let startTime: Double
    /// Whether it still plays; once stopped it never starts again.
    public private(set) var isRunning: Bool
    /// How many steps have been played.
    public private(set) var playedSteps: Int

    /// Creates a script that starts at an instant.
    public init(
        script: [Step] = AutoPlay.inboxScript, intervalSeconds: Double = AutoPlay.defaultIntervalSeconds,
        startTime: Double, isRunning: Bool = true
    ) {
        self.script = script
        self.intervalSeconds = max(intervalSeconds, 0.001)
        self.startTime = startTime
        self.isRunning = isRunning && !script.isEmpty
        self.playedSteps = 0
    }

    /// When the next step is due, or `nil` when stopped.
    public var nextStepTime: Double? {
        guard isRunning else { return nil }
        return startTime + Double(playedSteps + 1) * intervalSeconds
    }

    /// Stops for good.
    public mutating func stop() {
        isRunning = false
    }

    /// Plays every step due by an instant, each at its own scheduled time.
    ///
    /// - Parameters:
    ///   - time: The instant, in seconds on the clock.
    ///   - play: Called with each step and the time it was due.
    public mutating func advance(to time: Double, play: (Step, Double) -> Void) {
        while let due = nextStepTime, due <= time {
            play(script[playedSteps % script.count], due)
            playedSteps += 1
        }
    }
}
