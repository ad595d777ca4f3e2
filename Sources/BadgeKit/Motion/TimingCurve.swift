/// An animation of fixed length that follows a cubic Bézier curve, like SwiftUI's `easeInOut(duration:)`.
public struct TimingCurve: Sendable, Equatable {
    /// The shape of the progress over time.
    public var curve: CubicBezierCurve
    /// How long the animation lasts, in seconds.
    public var durationSeconds: Double

    /// Creates an animation from a curve and a length in seconds.
    public init(curve: CubicBezierCurve, durationSeconds: Double) {
        self.curve = curve
        self.durationSeconds = max(durationSeconds, 0)
    }

    /// SwiftUI's ease-in-out: the curve (0.42, 0, 0.58, 1) over a duration in seconds.
    public static func easeInOut(duration: Double) -> TimingCurve {
        TimingCurve(curve: .easeInOut, durationSeconds: duration)
    }

    /// The progress after some seconds, from 0 at the start to exactly 1 at the end and after.
    public func progress(afterSeconds elapsed: Double) -> Double {
        guard durationSeconds > 0 else { return 1 }
        return curve.value(at: elapsed / durationSeconds)
    }
}
