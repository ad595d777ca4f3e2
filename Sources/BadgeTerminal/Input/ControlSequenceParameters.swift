/// The numeric parameters of a control sequence, kept within fixed bounds however many arrive.
///
/// Only the first ``maximumCount`` parameters are kept and each is clamped to
/// ``maximumValue``; ``count`` still counts them all.
struct ControlSequenceParameters: Sendable, BitwiseCopyable {
    /// The most parameters kept; the rest are counted and dropped.
    static let maximumCount = 16
    /// The largest value kept: more than any screen coordinate, and no arithmetic on it can overflow.
    static let maximumValue: UInt32 = 999_999

    /// The parameters kept, 0 where none was given.
    private var values = InlineArray<16, UInt32>(repeating: 0)
    /// How many parameters the sequence has so far: 0 before any digit or separator.
    private(set) var count = 0
    /// The private marker (`<`, `=`, `>` or `?`) right after `ESC [`, or 0.
    var privateMarker: UInt8 = 0
    /// Whether an intermediate byte (0x20–0x2F) came.
    var hasIntermediate = false

    /// Creates an empty list.
    init() {}

    /// Whether no parameter came: no digit and no separator.
    var isEmpty: Bool {
        count == 0
    }

    /// The parameter at `index`, 0 when it was not given or not kept.
    subscript(index: Int) -> UInt32 {
        index >= 0 && index < min(count, Self.maximumCount) ? values[index] : 0
    }

    /// Empties the list for a new sequence.
    mutating func reset() {
        self = Self()
    }

    /// Adds a decimal digit to the last parameter, clamped to ``maximumValue``.
    mutating func appendDigit(_ digit: UInt8) {
        if count == 0 {
            count = 1
        }
        let index = count - 1
        guard index < Self.maximumCount else { return }
        let value = values[index]
        values[index] =
            value > (Self.maximumValue - UInt32(digit)) / 10 ? Self.maximumValue : value * 10 + UInt32(digit)
    }

    /// Ends the last parameter at a `;`: what follows is the next one.
    mutating func endParameter() {
        // An empty first parameter counts too: ";5" is two parameters.
        count = max(count, 1) + 1
        if count <= Self.maximumCount {
            values[count - 1] = 0
        }
    }
}
