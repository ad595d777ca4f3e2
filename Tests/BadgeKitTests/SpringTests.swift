import BadgeKit
import Testing

/// The springs the behaviour tests run on: under-damped, critically damped and over-damped.
private let representativeSprings: [Spring] = [
    Spring(duration: 0.35, bounce: 0.5),
    Spring(duration: 0.5, bounce: 0.15),
    Spring(duration: 0.5, bounce: 0),
    Spring(duration: 0.4, bounce: -0.3),
    Spring(mass: 2, stiffness: 300, damping: 90),
]

/// A spring of mass 1 with a given undamped angular frequency and damping ratio.
private func spring(angularFrequency: Double, dampingRatio: Double) -> Spring {
    Spring(
        mass: 1, stiffness: angularFrequency * angularFrequency,
        damping: 2 * dampingRatio * angularFrequency)
}

/// e raised to a power by its Taylor series, independent of the library's own exponential.
private func exponentialBySeries(_ value: Double) -> Double {
    var term = 1.0
    var sum = 1.0
    for index in 1...80 {
        term *= value / Double(index)
        sum += term
    }
    return sum
}

/// Integrates m x'' = −k (x − target) − c x' with the classical Runge–Kutta method.
private func integratedPosition(
    _ spring: Spring, target: Double, initialVelocity: Double, time: Double
) -> Double {
    var position = 0.0
    var velocity = initialVelocity
    let steps = Int((time / 1e-4).rounded())
    let step = time / Double(steps)
    func acceleration(_ position: Double, _ velocity: Double) -> Double {
        (-spring.stiffness * (position - target) - spring.damping * velocity) / spring.mass
    }
    for _ in 0..<steps {
        let position1 = velocity
        let velocity1 = acceleration(position, velocity)
        let position2 = velocity + step / 2 * velocity1
        let velocity2 = acceleration(
            position + step / 2 * position1, velocity + step / 2 * velocity1)
        let position3 = velocity + step / 2 * velocity2
        let velocity3 = acceleration(
            position + step / 2 * position2, velocity + step / 2 * velocity2)
        let position4 = velocity + step * velocity3
        let velocity4 = acceleration(position + step * position3, velocity + step * velocity3)
        position += step / 6 * (position1 + 2 * position2 + 2 * position3 + position4)
        velocity += step / 6 * (velocity1 + 2 * velocity2 + 2 * velocity3 + velocity4)
    }
    return position
}

@Suite struct SpringTests {
    @Test func matchesApplesDocumentedParametersForDurationAndBounce() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
    }

    @Test func matchesApplesDocumentedDurationAndBounceForPhysicalParameters() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 1e-12)
        #expect(abs(spring.dampingRatio - 0.5) < 1e-12)
    }

    @Test func defaultSpringIsCriticallyDampedWithHalfSecondDuration() {
        let spring = Spring()
        #expect(abs(spring.duration - 0.5) < 1e-12)
        #expect(abs(spring.bounce) < 1e-12)
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
    }

    @Test func dampingRatioFollowsSwiftUIsBounceMapping() {
        #expect(abs(Spring(duration: 0.5, bounce: 0.3).dampingRatio - 0.7) < 1e-12)
        #expect(abs(Spring(duration: 0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
        // Over-damped: damping 4π / (duration (1 + bounce)).
        let overDamped = Spring(duration: 0.8, bounce: -0.25)
        #expect(abs(overDamped.damping - 4 * Double.pi / (0.8 * 0.75)) < 1e-9)
    }

    @Test(arguments: [-0.9, -0.6, -0.25, -0.01, 0, 0.01, 0.3, 0.5, 0.8, 1])
    func durationAndBounceRoundTrip(bounce: Double) {
        for duration in [0.1, 0.35, 0.5, 1.7] {
            let spring = Spring(duration: duration, bounce: bounce)
            #expect(abs(spring.duration - duration) < 1e-12 * duration)
            #expect(abs(spring.bounce - bounce) < 1e-12)

            let physical = Spring(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
            #expect(physical == spring)
        }
    }

    @Test(arguments: [0.0, 5, 20, 34.641_016_151_377_55, 60, 400])
    func physicalParametersRoundTripThroughDurationAndBounce(damping: Double) {
        // Mass 3, so the round trip must scale stiffness and damping by the mass.
        let physical = Spring(mass: 3, stiffness: 100, damping: damping)
        let perceptual = Spring(duration: physical.duration, bounce: physical.bounce)
        #expect(abs(perceptual.stiffness - physical.stiffness / 3) < 1e-9)
        #expect(abs(perceptual.damping - physical.damping / 3) < 1e-9)
    }

    @Test func startsAtZeroAndIgnoresNonPositiveTimes() {
        let spring = Spring(duration: 0.35, bounce: 0.5)
        #expect(spring.value(time: 0) == 0)
        #expect(spring.value(time: -1) == 0)
        #expect(spring.value(target: 5, initialVelocity: 3, time: 0) == 0)
        #expect(spring.velocity(target: 5, initialVelocity: 3, time: 0) == 3)
        #expect(spring.velocity(time: -0.5) == 0)
    }

    @Test func overshootOfSeedSpringMatchesTheory() {
        let spring = Spring(duration: 0.35, bounce: 0.5)
        var peak = 0.0
        var peakTime = 0.0
        for index in 1...100_000 {
            let time = Double(index) * 1e-5
            let value = spring.value(target: 1, time: time)
            if value > peak {
                peak = value
                peakTime = time
            }
        }
        let ratio = spring.dampingRatio
        let dampedRoot = (1 - ratio * ratio).squareRoot()
        let theoreticalOvershoot = exponentialBySeries(-ratio * Double.pi / dampedRoot)
        #expect(abs(peak - (1 + theoreticalOvershoot)) < 1e-6)
        #expect(abs(peak - 1.16) < 0.01)
        // The first peak is half a damped period in.
        let naturalFrequency = 2 * Double.pi / spring.duration
        #expect(abs(peakTime - Double.pi / (naturalFrequency * dampedRoot)) < 2e-5)
    }

    @Test func overDampedAndCriticalSpringsNeverOvershoot() {
        for spring in [Spring(duration: 0.5, bounce: 0), Spring(duration: 0.5, bounce: -0.4)] {
            var previous = 0.0
            for index in 1...5000 {
                let value = spring.value(time: Double(index) * 1e-3)
                #expect(value <= 1 + 1e-12)
                #expect(value >= previous)
                previous = value
            }
        }
    }

    @Test(arguments: representativeSprings)
    func settlesWithinEpsilonAtSettlingDuration(spring: Spring) {
        for (target, initialVelocity) in [(1.0, 0.0), (1, 6), (-3, 0), (250, -40)] {
            let epsilon = 0.001
            let tolerance = epsilon * max(1, abs(target))
            let settling = spring.settlingDuration(
                target: target, initialVelocity: initialVelocity, epsilon: epsilon)
            #expect(settling.isFinite)
            #expect(settling > 0)
            func isOutside(_ time: Double) -> Bool {
                abs(
                    spring.value(target: target, initialVelocity: initialVelocity, time: time)
                        - target)
                    > tolerance
                    || abs(
                        spring.velocity(
                            target: target, initialVelocity: initialVelocity, time: time))
                        > tolerance
            }
            // Stays settled from the settling duration on.
            for index in 0...4000 {
                let time = settling * (1 + Double(index) / 1000)
                #expect(!isOutside(time), "outside at \(time) s, settled at \(settling) s")
            }
            // Tight: still moving a microsecond before.
            #expect(isOutside(settling - 1e-6))
        }
    }

    @Test func underDampedSpringIsNotSettledAtEightyPercentOfSettlingDuration() {
        let spring = Spring(duration: 0.35, bounce: 0.5)
        let settling = spring.settlingDuration()
        func isOutside(_ time: Double) -> Bool {
            abs(spring.value(time: time) - 1) > 0.001 || abs(spring.velocity(time: time)) > 0.001
        }
        #expect(isOutside(0.8 * settling))
        // The last time outside epsilon, sampled every 0.1 ms, is within a millisecond of it.
        let lastOutside = stride(from: settling, to: 0.8 * settling, by: -1e-4).first(
            where: isOutside)
        #expect(lastOutside.map { settling - $0 < 0.001 } == true)
    }

    @Test func undampedSpringNeverSettles() {
        let spring = Spring(duration: 0.5, bounce: 1)
        #expect(spring.settlingDuration() == .infinity)
        #expect(spring.settlingDuration(target: 0) == 0)
    }

    @Test(arguments: representativeSprings)
    func velocityIsTheDerivativeOfValue(spring: Spring) {
        let step = 1e-6
        for (target, initialVelocity) in [(1.0, 0.0), (1, -5), (0, 8), (-2, 3)] {
            for index in 1...200 {
                let time = Double(index) * 0.005
                let before = spring.value(
                    target: target, initialVelocity: initialVelocity, time: time - step)
                let after = spring.value(
                    target: target, initialVelocity: initialVelocity, time: time + step)
                let numerical = (after - before) / (2 * step)
                let analytic = spring.velocity(
                    target: target, initialVelocity: initialVelocity, time: time)
                #expect(abs(numerical - analytic) < 1e-5 * max(1, abs(analytic)))
            }
        }
    }

    @Test(arguments: representativeSprings)
    func valueMatchesNumericalIntegrationOfTheSpringEquation(spring: Spring) {
        for (target, initialVelocity) in [(1.0, 0.0), (-2, 7), (0, 4)] {
            for time in [0.05, 0.2, 0.5, 1.1] {
                let integrated = integratedPosition(
                    spring, target: target, initialVelocity: initialVelocity, time: time)
                let analytic = spring.value(
                    target: target, initialVelocity: initialVelocity, time: time)
                #expect(abs(integrated - analytic) < 1e-8, "at \(time) s")
            }
        }
    }

    @Test(arguments: [0.3, 1, 3.5])
    func allThreeDampingCasesReachTheTarget(dampingRatio: Double) {
        let spring = spring(angularFrequency: 15, dampingRatio: dampingRatio)
        let settling = spring.settlingDuration(target: 2)
        #expect(settling.isFinite)
        #expect(abs(spring.value(target: 2, time: settling) - 2) <= 0.002)
        #expect(abs(spring.value(target: 2, time: 10 * settling) - 2) < 1e-9)
        #expect(abs(spring.velocity(target: 2, time: 10 * settling)) < 1e-9)
    }

    @Test func settlingDurationGrowsWithOverDamping() {
        // Heavier damping slows the approach, so the spring takes longer to settle.
        let critical = Spring(duration: 0.5, bounce: 0).settlingDuration()
        let overDamped = Spring(duration: 0.5, bounce: -0.5).settlingDuration()
        let heavilyOverDamped = Spring(duration: 0.5, bounce: -0.9).settlingDuration()
        #expect(critical < overDamped)
        #expect(overDamped < heavilyOverDamped)
        #expect(heavilyOverDamped.isFinite)
    }

    @Test(arguments: [0.5, 1, 2])
    func valueIsContinuousInTime(dampingRatio: Double) {
        let spring = spring(angularFrequency: 18, dampingRatio: dampingRatio)
        assertContinuousInTime(spring)
    }

    @Test func valueIsContinuousAcrossTheCriticalDampingTolerance() {
        let tolerance = Spring.criticalDampingTolerance
        let ratios = [
            1 - 1.01 * tolerance, 1 - 0.99 * tolerance, 1, 1 + 0.99 * tolerance,
            1 + 1.01 * tolerance,
        ]
        let springs = ratios.map { spring(angularFrequency: 18, dampingRatio: $0) }
        for spring in springs {
            assertContinuousInTime(spring)
        }
        // Springs on either side of the tolerance boundary move alike: their damping ratios
        // differ by 2e-6, which moves the value by under 1e-6, far below any jump.
        for index in 1...1000 {
            let time = Double(index) * 1e-3
            let values = springs.map { $0.value(target: 1, initialVelocity: 3, time: time) }
            let velocities = springs.map { $0.velocity(target: 1, initialVelocity: 3, time: time) }
            #expect(values.max()! - values.min()! < 1e-5)
            #expect(velocities.max()! - velocities.min()! < 2e-4)
        }
    }

    /// Checks that value(t + 1 µs) − value(t) is velocity · 1 µs, with no jump.
    private func assertContinuousInTime(_ spring: Spring) {
        let step = 1e-6
        for index in 0...2000 {
            let time = Double(index) * 5e-4
            for initialVelocity in [0.0, -4] {
                let now = spring.value(initialVelocity: initialVelocity, time: time)
                let next = spring.value(initialVelocity: initialVelocity, time: time + step)
                let velocity = spring.velocity(initialVelocity: initialVelocity, time: time)
                #expect(abs(next - now - velocity * step) < 1e-9)
            }
        }
    }

    @Test(arguments: [0.35, 0.6])
    func impulseLeavesZeroAndReturnsToZero(duration: Double) {
        // A bounce impulse: target 0, pushed by an initial velocity.
        let spring = Spring(duration: duration, bounce: 0.5)
        let initialVelocity = 4.0
        #expect(spring.value(target: 0, initialVelocity: initialVelocity, time: 0) == 0)
        #expect(
            spring.velocity(target: 0, initialVelocity: initialVelocity, time: 0) == initialVelocity
        )
        let early = spring.value(target: 0, initialVelocity: initialVelocity, time: 0.01)
        // Leaves 0 in the direction of the push, slowed by the spring and the damping.
        #expect(early > 0)
        #expect(early < initialVelocity * 0.01)

        var peak = 0.0
        for index in 1...2000 {
            peak = max(
                peak,
                spring.value(
                    target: 0, initialVelocity: initialVelocity, time: Double(index) * 1e-3))
        }
        #expect(peak > early)

        let settling = spring.settlingDuration(target: 0, initialVelocity: initialVelocity)
        #expect(settling.isFinite)
        #expect(
            abs(spring.value(target: 0, initialVelocity: initialVelocity, time: settling)) <= 0.001)
        #expect(
            abs(spring.value(target: 0, initialVelocity: initialVelocity, time: 10 * settling))
                < 1e-9)
    }
}
