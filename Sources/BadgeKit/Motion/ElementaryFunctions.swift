/// The exponential, logarithm and trigonometric functions BadgeKit needs, in pure Swift.
///
/// The standard library has no `exp` or `sin` without importing the C library;
/// BadgeKit stays free of C, so these are computed here by argument reduction and
/// short series, accurate to a few units in the last place over the ranges used.
public enum ElementaryFunctions {
    static let ln2 = 0.693_147_180_559_945_309_4
    static let pi = Double.pi

    /// e raised to a power.
    public static func exp(_ value: Double) -> Double {
        if value.isNaN { return .nan }
        if value < -745 { return 0 }
        if value > 709 { return .infinity }
        // exp(x) = 2^k * exp(r), |r| <= ln2 / 2.
        let k = (value / ln2).rounded()
        let remainder = value - k * ln2
        var term = 1.0
        var sum = 1.0
        var index = 1.0
        while Swift.abs(term) > 1e-18 {
            term *= remainder / index
            sum += term
            index += 1
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    /// The natural logarithm of a positive number; `-infinity` at 0 and NaN below.
    public static func log(_ value: Double) -> Double {
        if value.isNaN || value < 0 { return .nan }
        if value == 0 { return -.infinity }
        if value == .infinity { return .infinity }
        // value = m * 2^e with m in [1, 2); ln m = 2 atanh((m - 1) / (m + 1)).
        var mantissa = value.significand
        var exponent = Double(value.exponent)
        if mantissa > 1.414_213_562_373_095 {
            mantissa /= 2
            exponent += 1
        }
        let ratio = (mantissa - 1) / (mantissa + 1)
        let squared = ratio * ratio
        var term = ratio
        var sum = 0.0
        var index = 1.0
        while Swift.abs(term) > 1e-18 {
            sum += term / index
            term *= squared
            index += 2
        }
        return 2 * sum + exponent * ln2
    }

    /// A positive base raised to a power; 0 for a base of 0 or less.
    public static func power(_ base: Double, _ exponent: Double) -> Double {
        guard base > 0 else { return 0 }
        return exp(exponent * log(base))
    }

    /// The real cube root, negative for a negative number.
    public static func cubeRoot(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value }
        let magnitude = Swift.abs(value)
        // A first guess from the exponent, within a factor of 2; Halley's iteration for x³ = magnitude
        // then triples the correct digits each step, so five steps reach full precision.
        var root = Double(sign: .plus, exponent: magnitude.exponent / 3, significand: 1)
        for _ in 0..<5 {
            let cube = root * root * root
            root *= (cube + 2 * magnitude) / (2 * cube + magnitude)
        }
        return value < 0 ? -root : root
    }

    /// The sine of an angle in radians.
    public static func sin(_ radians: Double) -> Double {
        let (quadrant, remainder) = reduce(radians)
        switch quadrant {
        case 0: return sinSeries(remainder)
        case 1: return cosSeries(remainder)
        case 2: return -sinSeries(remainder)
        default: return -cosSeries(remainder)
        }
    }

    /// The cosine of an angle in radians.
    public static func cos(_ radians: Double) -> Double {
        let (quadrant, remainder) = reduce(radians)
        switch quadrant {
        case 0: return cosSeries(remainder)
        case 1: return -sinSeries(remainder)
        case 2: return -cosSeries(remainder)
        default: return sinSeries(remainder)
        }
    }

    /// Splits an angle into a quadrant (0 to 3) and a remainder within ±π/4.
    static func reduce(_ radians: Double) -> (quadrant: Int, remainder: Double) {
        guard radians.isFinite, abs(radians) < 1e15 else { return (0, .nan) }
        let halfPi = pi / 2
        let turns = (radians / halfPi).rounded()
        let remainder = radians - turns * halfPi
        let quadrant = Int(turns.truncatingRemainder(dividingBy: 4))
        return ((quadrant + 4) % 4, remainder)
    }

    static func sinSeries(_ x: Double) -> Double {
        let squared = x * x
        var term = x
        var sum = x
        var index = 1.0
        while Swift.abs(term) > 1e-19 {
            term *= -squared / ((index + 1) * (index + 2))
            sum += term
            index += 2
        }
        return sum
    }

    static func cosSeries(_ x: Double) -> Double {
        let squared = x * x
        var term = 1.0
        var sum = 1.0
        var index = 0.0
        while Swift.abs(term) > 1e-19 {
            term *= -squared / ((index + 1) * (index + 2))
            sum += term
            index += 2
        }
        return sum
    }
}
