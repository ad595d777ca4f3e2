// The one file in BadgeKit that reaches the C library, and only for the maths library's elementary
// functions: each is imported by name, so nothing else of the C library (no I/O) is visible here,
// and the platform's own, correctly rounded implementations are used on Linux and macOS alike.

#if canImport(Darwin)
    import func Darwin.cbrt
    import func Darwin.cos
    import func Darwin.exp
    import func Darwin.pow
    import func Darwin.sin
#elseif canImport(Glibc)
    import func Glibc.cbrt
    import func Glibc.cos
    import func Glibc.exp
    import func Glibc.pow
    import func Glibc.sin
#elseif canImport(Musl)
    import func Musl.cbrt
    import func Musl.cos
    import func Musl.exp
    import func Musl.pow
    import func Musl.sin
#endif

/// The elementary functions the spring and the colour maths need, from the platform's maths library.
enum Maths {
    /// e raised to a power (wraps `exp`).
    static func exponential(_ value: Double) -> Double { exp(value) }

    /// The sine of an angle in radians (wraps `sin`).
    static func sine(_ angle: Double) -> Double { sin(angle) }

    /// The cosine of an angle in radians (wraps `cos`).
    static func cosine(_ angle: Double) -> Double { cos(angle) }

    /// A number raised to a power (wraps `pow`).
    static func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }

    /// The cube root, negative for a negative number (wraps `cbrt`).
    static func cubeRoot(_ value: Double) -> Double { cbrt(value) }
}
