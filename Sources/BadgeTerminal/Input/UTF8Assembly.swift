/// A UTF-8 character being assembled byte by byte, checked as it goes.
///
/// Each continuation byte is checked against the range the bytes before it
/// allow, so overlong forms, surrogates and values past U+10FFFF are refused
/// at the first byte that makes them so.
struct UTF8Assembly: Equatable, BitwiseCopyable {
    /// What a byte did to the character.
    enum Step: Equatable {
        /// The character needs more bytes.
        case needsMore
        /// The character is complete.
        case complete(Unicode.Scalar)
        /// The byte cannot continue the character.
        case invalid
    }

    /// The bits of the scalar gathered so far.
    private var scalarValue: UInt32
    /// How many continuation bytes are still to come.
    private var remainingBytes: UInt8
    /// The lowest byte the next one may be.
    private var lowestNext: UInt8
    /// The highest byte the next one may be.
    private var highestNext: UInt8

    /// Starts a character at its lead byte, or `nil` when the byte cannot start one (ASCII, a continuation, C0, C1, F5–FF).
    init?(lead: UInt8) {
        switch lead {
        case 0xC2...0xDF: (scalarValue, remainingBytes, lowestNext, highestNext) = (UInt32(lead & 0x1F), 1, 0x80, 0xBF)
        case 0xE0: (scalarValue, remainingBytes, lowestNext, highestNext) = (0, 2, 0xA0, 0xBF)
        case 0xED: (scalarValue, remainingBytes, lowestNext, highestNext) = (0xD, 2, 0x80, 0x9F)
        case 0xE1...0xEF: (scalarValue, remainingBytes, lowestNext, highestNext) = (UInt32(lead & 0x0F), 2, 0x80, 0xBF)
        case 0xF0: (scalarValue, remainingBytes, lowestNext, highestNext) = (0, 3, 0x90, 0xBF)
        case 0xF1...0xF3: (scalarValue, remainingBytes, lowestNext, highestNext) = (UInt32(lead & 0x07), 3, 0x80, 0xBF)
        case 0xF4: (scalarValue, remainingBytes, lowestNext, highestNext) = (4, 3, 0x80, 0x8F)
        default: return nil
        }
    }

    /// Adds the next byte.
    mutating func add(_ byte: UInt8) -> Step {
        guard byte >= lowestNext && byte <= highestNext else { return .invalid }
        scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
        remainingBytes -= 1
        (lowestNext, highestNext) = (0x80, 0xBF)
        guard remainingBytes == 0 else { return .needsMore }
        // The ranges checked above leave only valid scalars.
        return Unicode.Scalar(scalarValue).map(Step.complete) ?? .invalid
    }
}
