/// A damped spring that moves a value toward a target, with SwiftUI's `Spring` semantics.
///
/// A spring is described either physically, by its mass, stiffness and damping,
/// or perceptually, by a duration and a bounce:
///
/// - `duration` is the period of the spring without damping, in seconds:
///   2π √(mass / stiffness). It is how long the motion feels, not how long it takes to settle
///   (see ``settlingDuration(target:initialVelocity:epsilon:)``).
/// - `bounce` is 0 for a critically damped spring, between 0 and 1 for a spring that overshoots
///   (1 never stops), and between −1 and 0 for an over-damped spring that approaches slowly.
///
/// The motion is computed in closed form: the spring starts at 0, at rest or with an initial
/// velocity, and moves toward a target. With a target of 0 and a non-zero initial velocity it
/// is a damped impulse that leaves 0 and returns to it.
public struct Spring: Sendable, Hashable {
    /// The mass attached to the spring.
    public var mass: Double
    /// The spring's stiffness: the restoring force per unit of displacement.
    public var stiffness: Double
    /// The damping coefficient: the friction force per unit of velocity.
    public var damping: Double

    /// How close to 1 the damping ratio must be for a spring to count as critically damped.
    public static let criticalDampingTolerance: Double = 1e-6

    /// Creates a spring from its mass, stiffness and damping, as SwiftUI's initializer does.
    ///
    /// - Parameters:
    ///   - mass: The mass attached to the spring; must be positive.
    ///   - stiffness: The spring's stiffness; must be positive.
    ///   - damping: The damping coefficient; 0 never settles.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Creates a spring of mass 1 from a duration and a bounce, as SwiftUI's initializer does.
    ///
    /// The stiffness is (2π / duration)². The damping is 4π (1 − bounce) / duration when the
    /// bounce is 0 or more, and 4π / (duration (1 + bounce)) when it is negative, so that the
    /// damping ratio is 1 − bounce or 1 / (1 + bounce) respectively.
    ///
    /// - Parameters:
    ///   - duration: The period of the undamped spring, in seconds; must be positive.
    ///   - bounce: How bouncy the spring is, greater than −1 and at most 1.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let angularFrequency = 2 * Double.pi / duration
        let dampingRatio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(
            mass: 1,
            stiffness: angularFrequency * angularFrequency,
            damping: 2 * dampingRatio * angularFrequency)
    }

    /// The period of the spring without damping, in seconds: 2π √(mass / stiffness).
    public var duration: Double {
        2 * Double.pi * (mass / stiffness).squareRoot()
    }

    /// How bouncy the spring is: 1 − ζ for a damping ratio ζ of at most 1, else 1 / ζ − 1.
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// The damping ratio ζ = damping / (2 √(stiffness · mass)); below 1 the spring overshoots.
    public var dampingRatio: Double {
        damping / (2 * (stiffness * mass).squareRoot())
    }

    /// The position of the spring at a time, moving from 0 toward a target.
    ///
    /// - Parameters:
    ///   - target: The position the spring comes to rest at.
    ///   - initialVelocity: The velocity at time 0, in units per second.
    ///   - time: The time since the motion started, in seconds; 0 or less gives 0, and
    ///     infinity gives the target when the spring is damped.
    public func value(target: Double = 1, initialVelocity: Double = 0, time: Double) -> Double {
        guard time > 0 else { return 0 }
        guard time.isFinite else { return damping > 0 ? target : .nan }
        let motion = Motion(spring: self, target: target, initialVelocity: initialVelocity)
        return target + motion.displacement(at: time)
    }

    /// The velocity of the spring at a time, in units per second, moving from 0 toward a target.
    ///
    /// - Parameters:
    ///   - target: The position the spring comes to rest at.
    ///   - initialVelocity: The velocity at time 0, in units per second.
    ///   - time: The time since the motion started, in seconds; 0 or less gives `initialVelocity`.
    public func velocity(target: Double = 1, initialVelocity: Double = 0, time: Double) -> Double {
        guard time > 0 else { return initialVelocity }
        guard time.isFinite else { return damping > 0 ? 0 : .nan }
        let motion = Motion(spring: self, target: target, initialVelocity: initialVelocity)
        return motion.velocity(at: time)
    }

    /// The time, in seconds, after which the spring stays near its target and nearly at rest.
    ///
    /// From this time on, both |value − target| and |velocity| stay at or below
    /// `epsilon · max(1, |target|)`. The time is bounded first from the decay envelope of the
    /// closed-form motion, then refined by stepping back from that bound and bisecting, so it
    /// is accurate to well under a millisecond.
    ///
    /// - Parameters:
    ///   - target: The position the spring comes to rest at.
    ///   - initialVelocity: The velocity at time 0, in units per second.
    ///   - epsilon: The tolerance, relative to the target when the target is larger than 1.
    /// - Returns: The settling time, 0 if the spring starts settled, or infinity if the spring
    ///   is undamped (or has negative damping) and does not start settled.
    public func settlingDuration(
        target: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001
    ) -> Double {
        let tolerance = epsilon * max(1, abs(target))
        let motion = Motion(spring: self, target: target, initialVelocity: initialVelocity)
        func isOutside(_ time: Double) -> Bool {
            let displacement = time > 0 ? motion.displacement(at: time) : -target
            let velocity = time > 0 ? motion.velocity(at: time) : initialVelocity
            return abs(displacement) > tolerance || abs(velocity) > tolerance
        }
        guard isOutside(0) else { return 0 }
        guard motion.envelopeDecayRate > 0, motion.envelopeDecayRate.isFinite else {
            return .infinity
        }

        // An upper bound: the envelopes of both displacement and velocity are within tolerance.
        let bound = max(
            motion.envelopeCrossing(motion.displacementCoefficients, tolerance: tolerance),
            motion.envelopeCrossing(motion.velocityCoefficients, tolerance: tolerance))
        guard bound > 0, bound.isFinite else { return max(bound, 0) }

        // Step back from the bound to the last time outside the tolerance, then bisect.
        var step = bound / 4096
        if motion.kind == .underDamped {
            step = min(step, 2 * Double.pi / motion.frequency / 64)
        }
        var inside = bound
        while inside > 0 {
            let candidate = max(0, inside - step)
            if isOutside(candidate) {
                var outside = candidate
                while inside - outside > 1e-12 * max(1, inside) {
                    let middle = (outside + inside) / 2
                    if isOutside(middle) { outside = middle } else { inside = middle }
                }
                return inside
            }
            inside = candidate
        }
        return 0
    }
}

extension Spring {
    /// The closed-form motion of a spring toward a target, as a displacement from that target.
    ///
    /// With α = damping / (2 · mass) and s = ω₀ √|1 − ζ²|, the displacement is
    /// e^(−αt) (A c(t) + B S(t)) where c and S are cos(st) and sin(st)/s when under-damped,
    /// cosh(st) and sinh(st)/s when over-damped, and 1 and t when critically damped.
    /// The velocity has the same form with other coefficients.
    fileprivate struct Motion {
        /// Which of the three closed forms applies.
        enum Kind {
            /// The damping ratio is below 1: the spring oscillates.
            case underDamped
            /// The damping ratio is 1, within the tolerance.
            case criticallyDamped
            /// The damping ratio is above 1: the spring approaches without overshoot.
            case overDamped
        }

        /// The coefficients A of c(t) and B of S(t) in e^(−αt) (A c(t) + B S(t)).
        typealias Coefficients = (constant: Double, linear: Double)

        /// The closed form that applies.
        let kind: Kind
        /// The exponential decay rate α = damping / (2 · mass), per second.
        let decayRate: Double
        /// The rate s, per second: the damped angular frequency when under-damped.
        let frequency: Double
        /// The decay rate of the slowest part of the motion, per second.
        let envelopeDecayRate: Double
        /// The coefficients (A, B) of the displacement from the target.
        let displacementCoefficients: Coefficients
        /// The coefficients (A, B) of the velocity.
        let velocityCoefficients: Coefficients

        /// Sets up the motion of a spring that starts at 0 with a velocity toward a target.
        init(spring: Spring, target: Double, initialVelocity: Double) {
            let squaredNaturalFrequency = spring.stiffness / spring.mass
            let ratio = spring.dampingRatio
            let alpha = spring.damping / (2 * spring.mass)
            let rate = (squaredNaturalFrequency * abs(1 - ratio * ratio)).squareRoot()
            if abs(abs(ratio) - 1) <= Spring.criticalDampingTolerance {
                kind = .criticallyDamped
                frequency = 0
                envelopeDecayRate = alpha
            } else if abs(ratio) < 1 {
                kind = .underDamped
                frequency = rate
                envelopeDecayRate = alpha
            } else {
                kind = .overDamped
                frequency = rate
                // α − s, computed without cancellation: (α − s)(α + s) = ω₀².
                envelopeDecayRate =
                    alpha > 0 ? squaredNaturalFrequency / (alpha + rate) : alpha - rate
            }
            decayRate = alpha
            let signedSquaredFrequency: Double
            switch kind {
            case .underDamped: signedSquaredFrequency = -frequency * frequency
            case .criticallyDamped: signedSquaredFrequency = 0
            case .overDamped: signedSquaredFrequency = frequency * frequency
            }
            let initialDisplacement = -target
            let linear = initialVelocity + alpha * initialDisplacement
            displacementCoefficients = (initialDisplacement, linear)
            velocityCoefficients = (
                initialVelocity, signedSquaredFrequency * initialDisplacement - alpha * linear
            )
        }

        /// The displacement from the target at a positive time, in seconds.
        func displacement(at time: Double) -> Double {
            combination(displacementCoefficients, at: time)
        }

        /// The velocity at a positive time, in seconds.
        func velocity(at time: Double) -> Double {
            combination(velocityCoefficients, at: time)
        }

        /// Evaluates e^(−αt) (A c(t) + B S(t)) at a time, in seconds.
        func combination(_ coefficients: Coefficients, at time: Double) -> Double {
            let (constant, linear) = coefficients
            switch kind {
            case .criticallyDamped:
                let decay = Maths.exponential(-decayRate * time)
                guard decay != 0 else { return 0 }
                return decay * (constant + linear * time)
            case .underDamped:
                let decay = Maths.exponential(-decayRate * time)
                guard decay != 0 else { return 0 }
                let angle = frequency * time
                return decay
                    * (constant * Maths.cosine(angle)
                        + linear * Maths.sine(angle) / frequency)
            case .overDamped:
                let angle = frequency * time
                let slow = Maths.exponential(-envelopeDecayRate * time)
                let fast = Maths.exponential(-(decayRate + frequency) * time)
                let hyperbolicCosinePart = (slow + fast) / 2
                let hyperbolicSinePart: Double
                if angle <= 1 {
                    hyperbolicSinePart =
                        Maths.exponential(-decayRate * time)
                        * Self.hyperbolicSine(angle) / frequency
                } else {
                    hyperbolicSinePart = (slow - fast) / (2 * frequency)
                }
                return constant * hyperbolicCosinePart + linear * hyperbolicSinePart
            }
        }

        /// An upper bound on |e^(−αt) (A c(t) + B S(t))|, decreasing from t = 1 / decay rate on.
        func envelope(_ coefficients: Coefficients, at time: Double) -> Double {
            let cap: Double
            // Under-damped: |sin(st) / s| ≤ min(t, 1 / s), and e^(−αt) |cos(st)| ≤ e^(−αt).
            // Over-damped: e^(−αt) sinh(st) / s ≤ e^(−(α−s)t) min(t, 1 / 2s), and likewise cosh.
            switch kind {
            case .underDamped: cap = 1 / frequency
            case .criticallyDamped: cap = .infinity
            case .overDamped: cap = 1 / (2 * frequency)
            }
            let growth = abs(coefficients.constant) + abs(coefficients.linear) * min(time, cap)
            return Maths.exponential(-envelopeDecayRate * time) * growth
        }

        /// A time after which the envelope of a combination stays within a tolerance.
        func envelopeCrossing(_ coefficients: Coefficients, tolerance: Double) -> Double {
            guard coefficients.constant != 0 || coefficients.linear != 0 else { return 0 }
            // The envelope decreases from 1 / rate on; double until inside, then bisect.
            let start = 1 / envelopeDecayRate
            guard envelope(coefficients, at: start) > tolerance else { return start }
            var outside = start
            var inside = 2 * start
            while envelope(coefficients, at: inside) > tolerance {
                outside = inside
                inside *= 2
                if !inside.isFinite { return .infinity }
            }
            while inside - outside > 1e-9 * inside {
                let middle = (outside + inside) / 2
                if envelope(coefficients, at: middle) > tolerance {
                    outside = middle
                } else {
                    inside = middle
                }
            }
            return inside
        }

        /// The hyperbolic sine of a value within ±1, by its series, which stays accurate near 0.
        static func hyperbolicSine(_ value: Double) -> Double {
            let squared = value * value
            var term = value
            var sum = value
            var index = 1.0
            while abs(term) > 1e-18 * abs(sum) {
                term *= squared / ((index + 1) * (index + 2))
                sum += term
                index += 2
            }
            return sum
        }
    }
}
