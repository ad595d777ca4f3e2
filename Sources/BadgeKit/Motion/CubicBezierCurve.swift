/// A timing curve from (0, 0) to (1, 1) shaped by two control points, like CSS `cubic-bezier()`.
///
/// The curve maps the progress of an animation, 0 through 1, to the fraction of the change
/// applied at that point. The control points' x coordinates are kept within 0 through 1, so
/// that the curve is a function of progress; when the y coordinates also lie within 0 through 1,
/// the result is monotonic.
public struct CubicBezierCurve: Sendable, Hashable {
    /// The x coordinate of the first control point, 0 through 1.
    public let x1: Double
    /// The y coordinate of the first control point.
    public let y1: Double
    /// The x coordinate of the second control point, 0 through 1.
    public let x2: Double
    /// The y coordinate of the second control point.
    public let y2: Double

    /// Creates a curve from its two control points; x coordinates are clamped to 0 through 1.
    ///
    /// - Parameters:
    ///   - x1: The x coordinate of the first control point.
    ///   - y1: The y coordinate of the first control point.
    ///   - x2: The x coordinate of the second control point.
    ///   - y2: The y coordinate of the second control point.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// The curve that starts slowly and ends slowly, CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// The curve that starts slowly, CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezierCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// The curve that ends slowly, CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezierCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// The curve that moves at constant speed, CSS `linear`: (0, 0, 1, 1).
    public static let linear = CubicBezierCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// The fraction of the change applied at a progress, which is clamped to 0 through 1.
    ///
    /// Solves x(t) = progress for the curve parameter t, by Newton's method with a bisection
    /// fallback, and returns y(t). Progress 0 gives exactly 0 and progress 1 exactly 1.
    public func value(at progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        return Self.coordinate(at: parameter(forX: progress), first: y1, second: y2)
    }

    /// The curve parameter t, 0 through 1, at which the x coordinate equals a value in 0 through 1.
    ///
    /// Newton's method converges in a few steps where x(t) is steep enough; where it is nearly
    /// flat, or a step leaves 0 through 1, bisection takes over, since x(t) never decreases.
    func parameter(forX x: Double) -> Double {
        let tolerance = 1e-15
        var parameter = x
        for _ in 0..<8 {
            let slope = Self.slope(at: parameter, first: x1, second: x2)
            guard slope > 1e-6 else { break }
            let step = (Self.coordinate(at: parameter, first: x1, second: x2) - x) / slope
            parameter -= step
            guard parameter >= 0, parameter <= 1 else { break }
            if abs(step) < tolerance { return parameter }
        }
        var lower = 0.0
        var upper = 1.0
        while upper - lower > tolerance {
            let middle = (lower + upper) / 2
            let value = Self.coordinate(at: middle, first: x1, second: x2)
            if value == x { return middle }
            if value < x { lower = middle } else { upper = middle }
        }
        return (lower + upper) / 2
    }

    /// One coordinate of the curve at parameter t, for control values 0, first, second and 1.
    static func coordinate(at parameter: Double, first: Double, second: Double) -> Double {
        // 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³, in Horner form.
        let linear = 3 * first
        let quadratic = 3 * (second - first) - linear
        let cubic = 1 - linear - quadratic
        return ((cubic * parameter + quadratic) * parameter + linear) * parameter
    }

    /// The derivative of one coordinate with respect to the parameter t.
    static func slope(at parameter: Double, first: Double, second: Double) -> Double {
        let linear = 3 * first
        let quadratic = 3 * (second - first) - linear
        let cubic = 1 - linear - quadratic
        return (3 * cubic * parameter + 2 * quadratic) * parameter + linear
    }
}
