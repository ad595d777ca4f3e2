/// The curves badge motion follows: a spring for full motion, an ease for Reduce Motion.
public struct MotionTiming: Sendable, Equatable {
    /// The spring that drives pop-in, roll and bounce.
    public let spring: Spring
    /// The fade used under Reduce Motion.
    public let reducedMotion: TimingCurve

    /// The length of a fade under Reduce Motion, in seconds.
    public var reducedDurationSeconds: Double { reducedMotion.durationSeconds }
    /// How long a badge stays emphasized after its count goes up under Reduce Motion, in seconds: the still
    /// cue that stands in for the bounce.
    public let stillCueSeconds: Double

    /// Creates timing; by default the original's: `spring(duration: 0.35, bounce: 0.5)`, and `easeInOut(duration: 0.2)`
    /// under Reduce Motion, with a still cue of a second.
    public init(
        spring: Spring = Spring(duration: 0.35, bounce: 0.5),
        reducedMotion: TimingCurve = .easeInOut(duration: 0.2),
        stillCueSeconds: Double = 1
    ) {
        self.spring = spring
        self.reducedMotion = reducedMotion
        self.stillCueSeconds = max(stillCueSeconds, 0)
        self.settleSeconds = MotionTiming.visibleSettle(of: spring, tolerance: Self.visibleTolerance)
        self.arrivalSeconds = MotionTiming.firstArrival(of: spring, horizon: settleSeconds)
        let impulse = MotionTiming.impulseShape(of: spring)
        self.bounceVelocity = impulse.velocity
        self.bounceSettleSeconds = impulse.settleSeconds
    }

    /// The original's timing.
    public static let standard = MotionTiming()

    /// How far from its target the spring may be with no cell showing it, as a fraction.
    ///
    /// Widths up to six columns round the same within 4 % (the overshoot shows from a
    /// quarter column), and a digit rolling up to nine steps stays on its target.
    public static let visibleTolerance = 0.04

    /// How long the spring takes to stay within ``visibleTolerance`` of its target, in seconds: past it no cell changes.
    public let settleSeconds: Double
    /// When the spring first reaches its target, in seconds; a fade is complete from then on.
    public let arrivalSeconds: Double
    /// The initial velocity that makes a bounce's impulse peak at ``bounceDepthColumns``.
    let bounceVelocity: Double
    /// How long a bounce keeps the brackets off their places, in seconds: they stay at rest after.
    let bounceSettleSeconds: Double

    /// How far a bounce's impulse would push the brackets toward the icon at its peak, in columns.
    ///
    /// The icon stops them at one column, so the squeeze holds for most of the
    /// impulse's first swing; the spring's rebound, a sixth of the peak with the
    /// original's bounce of 0.5, then passes a quarter column outward and shows as
    /// the brackets springing one column wide.
    public static let bounceDepthColumns = 2.0

    /// The spring's progress from 0 toward 1 after some seconds; it overshoots 1 on the way.
    public func springProgress(afterSeconds elapsed: Double) -> Double {
        guard elapsed < settleSeconds else { return 1 }
        return spring.value(target: 1, initialVelocity: 0, time: max(elapsed, 0))
    }

    /// The eased progress of a Reduce Motion fade after some seconds, 0 to 1.
    public func reducedProgress(afterSeconds elapsed: Double) -> Double {
        reducedMotion.progress(afterSeconds: elapsed)
    }

    /// How far a bounce pushes the brackets toward the icon after some seconds, in columns.
    ///
    /// The spring's impulse response: it swings in to ``bounceDepthColumns``, back out
    /// past rest (a negative squeeze, the brackets stretched) and settles at 0.
    public func bounceSqueeze(afterSeconds elapsed: Double) -> Double {
        guard elapsed > 0 else { return 0 }
        return spring.value(target: 0, initialVelocity: bounceVelocity, time: elapsed)
    }

    /// How many columns each bracket has moved toward the icon after some seconds: 1 squeezed, −1 stretched, 0 at rest.
    ///
    /// The squeeze rounds to the nearest column and stops at one, where the bracket
    /// meets the icon; the stretch shows from a quarter column, as a pop's overshoot does.
    public func bracketInset(afterSeconds elapsed: Double) -> Int {
        guard elapsed > 0, elapsed < bounceSettleSeconds else { return 0 }
        return Self.bracketInset(squeeze: bounceSqueeze(afterSeconds: elapsed))
    }

    /// The bracket inset for a squeeze in columns.
    static func bracketInset(squeeze: Double) -> Int {
        if squeeze >= 0.5 { return 1 }
        if squeeze <= -0.25 { return -1 }
        return 0
    }

    /// The last time the spring's step response is farther than a tolerance from 1, plus one sample.
    private static func visibleSettle(of spring: Spring, tolerance: Double) -> Double {
        let horizon = max(spring.settlingDuration(target: 1, initialVelocity: 0, epsilon: tolerance / 10), 0.01)
        let samples = 4000
        let step = horizon / Double(samples)
        var last = 0
        for index in 1...samples
        where abs(spring.value(target: 1, initialVelocity: 0, time: step * Double(index)) - 1) >= tolerance {
            last = index
        }
        return step * Double(last + 1)
    }

    /// The first time the spring's step response reaches 1 (or the horizon, if it never overshoots).
    private static func firstArrival(of spring: Spring, horizon: Double) -> Double {
        let samples = 4000
        let step = horizon / Double(samples)
        for index in 1...samples where spring.value(target: 1, initialVelocity: 0, time: step * Double(index)) >= 1 {
            return step * Double(index)
        }
        return horizon
    }

    /// The opacity of a badge popping in, after some seconds: it follows the spring up to its first arrival, then stays opaque.
    public func popOpacity(afterSeconds elapsed: Double) -> Double {
        arrivalProgress(afterSeconds: elapsed)
    }

    /// The spring's progress up to its first arrival, then 1: from 0 to 1 without ever going back, after some seconds.
    ///
    /// A spring from rest rises without turning back until its first peak, past
    /// its target, so this follows the spring's pace while never overshooting:
    /// what a number roll needs, whose every step must lie between its ends.
    public func arrivalProgress(afterSeconds elapsed: Double) -> Double {
        guard elapsed < arrivalSeconds else { return 1 }
        return min(max(springProgress(afterSeconds: elapsed), 0), 1)
    }

    /// Finds the velocity that pushes an impulse to a peak of ``bounceDepthColumns``, and the last time it moves a bracket.
    private static func impulseShape(of spring: Spring) -> (velocity: Double, settleSeconds: Double) {
        let horizon = max(spring.settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.0005), 0.05)
        let samples = 4000
        let step = horizon / Double(samples)
        var peak = 0.0
        for index in 1...samples {
            peak = max(peak, spring.value(target: 0, initialVelocity: 1, time: step * Double(index)))
        }
        guard peak > 0 else { return (1, 0) }
        let velocity = bounceDepthColumns / peak
        var lastMoved = 0
        for index in 1...samples
        where bracketInset(squeeze: spring.value(target: 0, initialVelocity: velocity, time: step * Double(index))) != 0
        {
            lastMoved = index
        }
        return (velocity, step * Double(lastMoved + 1))
    }
}
