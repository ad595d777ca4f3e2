import BadgeKit
import Testing

/// One coordinate of a cubic Bézier from 0 to 1, in Bernstein form, independent of the library.
private func bernstein(_ parameter: Double, _ first: Double, _ second: Double) -> Double {
    let remaining = 1 - parameter
    return 3 * remaining * remaining * parameter * first
        + 3 * remaining * parameter * parameter * second
        + parameter * parameter * parameter
}

/// The curve's y where its x equals a progress, found by sampling the parametric curve densely.
private func sampledValue(_ curve: CubicBezierCurve, at progress: Double, samples: Int = 1_000_000)
    -> Double
{
    var previousX = 0.0
    var previousY = 0.0
    for index in 1...samples {
        let parameter = Double(index) / Double(samples)
        let x = bernstein(parameter, curve.x1, curve.x2)
        let y = bernstein(parameter, curve.y1, curve.y2)
        if x >= progress {
            // Interpolate linearly between the two samples around the progress.
            let fraction = x > previousX ? (progress - previousX) / (x - previousX) : 0
            return previousY + fraction * (y - previousY)
        }
        previousX = x
        previousY = y
    }
    return 1
}

/// The presets and a few curves with control points at the edges of the unit square.
private let monotonicCurves: [CubicBezierCurve] = [
    .easeInOut, .easeIn, .easeOut, .linear,
    CubicBezierCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
    CubicBezierCurve(x1: 0.1, y1: 1, x2: 0.9, y2: 0),
    CubicBezierCurve(x1: 1, y1: 0, x2: 0, y2: 1),
    CubicBezierCurve(x1: 0, y1: 1, x2: 1, y2: 0),
]

@Suite struct CubicBezierCurveTests {
    @Test(arguments: monotonicCurves)
    func endpointsAreExactAndProgressIsClamped(curve: CubicBezierCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: 2) == 1)
    }

    @Test(arguments: monotonicCurves)
    func valueIsMonotonic(curve: CubicBezierCurve) {
        var previous = 0.0
        for index in 1...10_000 {
            let value = curve.value(at: Double(index) / 10_000)
            #expect(value >= previous - 1e-12)
            previous = value
        }
    }

    @Test(arguments: monotonicCurves)
    func valueSolvesTheParametricCurve(curve: CubicBezierCurve) {
        // For each parameter t, the value at progress x(t) is y(t).
        for index in 0...1000 {
            let parameter = Double(index) / 1000
            let x = bernstein(parameter, curve.x1, curve.x2)
            let y = bernstein(parameter, curve.y1, curve.y2)
            let slopeX = (bernstein(parameter + 1e-7, curve.x1, curve.x2) - x) / 1e-7
            // Where x barely moves, y at a nearby parameter is as valid; allow for it.
            let allowance = slopeX < 1e-3 ? 1e-4 : 1e-9
            #expect(abs(curve.value(at: x) - y) < allowance, "t = \(parameter)")
        }
    }

    @Test func linearIsTheIdentity() {
        for index in 0...100 {
            let progress = Double(index) / 100
            #expect(abs(CubicBezierCurve.linear.value(at: progress) - progress) < 1e-12)
        }
    }

    @Test func easeInOutIsSymmetric() {
        let curve = CubicBezierCurve.easeInOut
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-12)
        for index in 0...1000 {
            let progress = Double(index) / 1000
            #expect(abs(curve.value(at: progress) + curve.value(at: 1 - progress) - 1) < 1e-12)
        }
    }

    @Test func easeOutMirrorsEaseIn() {
        for index in 0...1000 {
            let progress = Double(index) / 1000
            let mirrored = 1 - CubicBezierCurve.easeIn.value(at: 1 - progress)
            #expect(abs(CubicBezierCurve.easeOut.value(at: progress) - mirrored) < 1e-12)
        }
    }

    @Test func easeInOutAtAQuarterMatchesCSS() {
        // CSS ease-in-out at 25 % of the time is about 12.9 % of the change.
        let value = CubicBezierCurve.easeInOut.value(at: 0.25)
        #expect(abs(value - sampledValue(.easeInOut, at: 0.25)) < 1e-8)
        #expect(abs(value - 0.129) < 0.0005)
    }

    @Test func easeInAtHalfMatchesCSS() {
        // CSS ease-in at 50 % of the time is about 31.5 % of the change.
        let value = CubicBezierCurve.easeIn.value(at: 0.5)
        #expect(abs(value - sampledValue(.easeIn, at: 0.5)) < 1e-8)
        #expect(abs(value - 0.315) < 0.0005)
    }

    @Test(arguments: [0.05, 0.3, 0.49, 0.5 + 1e-9, 0.62, 0.97])
    func matchesDenseSamplingWhereNewtonsMethodStalls(progress: Double) {
        // x'(t) is 0 at t = 0.5, where Newton's method fails and bisection takes over.
        let curve = CubicBezierCurve(x1: 1, y1: 0.2, x2: 0, y2: 0.8)
        #expect(abs(curve.value(at: progress) - sampledValue(curve, at: progress)) < 1e-6)
    }

    @Test func solvesExactlyAtTheStationaryPointOfX() {
        // This curve is symmetric about (0.5, 0.5), and x'(0.5) = 0, where y(x) is vertical
        // and sampling cannot pin the value down; symmetry can.
        let curve = CubicBezierCurve(x1: 1, y1: 0.2, x2: 0, y2: 0.8)
        #expect(abs(curve.value(at: 0.5) - 0.5) < 1e-9)
        for index in 0...1000 {
            let progress = Double(index) / 1000
            #expect(abs(curve.value(at: progress) + curve.value(at: 1 - progress) - 1) < 1e-9)
        }
    }

    @Test func controlPointXCoordinatesAreClampedToTheUnitInterval() {
        let curve = CubicBezierCurve(x1: -0.5, y1: -0.2, x2: 1.5, y2: 1.3)
        #expect(curve.x1 == 0)
        #expect(curve.x2 == 1)
        #expect(curve.y1 == -0.2)
        #expect(curve.y2 == 1.3)
    }
}

@Suite struct TimingCurveTests {
    @Test func easeInOutOverADurationIsSwiftUIsCurve() {
        let fade = TimingCurve.easeInOut(duration: 0.2)
        #expect(fade.curve == CubicBezierCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(fade.progress(afterSeconds: 0) == 0)
        #expect(fade.progress(afterSeconds: 0.1) == 0.5)
        #expect(fade.progress(afterSeconds: 0.2) == 1)
        #expect(fade.progress(afterSeconds: 5) == 1)
        #expect(abs(fade.progress(afterSeconds: 0.05) - CubicBezierCurve.easeInOut.value(at: 0.25)) < 1e-12)
        #expect(TimingCurve.easeInOut(duration: 0).progress(afterSeconds: 0) == 1)
    }

    @Test func reduceMotionUsesAFifthOfASecondEaseInOut() {
        #expect(MotionTiming.standard.reducedMotion == .easeInOut(duration: 0.2))
        #expect(MotionTiming.standard.spring == Spring(duration: 0.35, bounce: 0.5))
    }
}
