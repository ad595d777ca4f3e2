/// Measures how many terminal columns a Unicode scalar takes.
///
/// The terminal backend measures with the C library's `wcwidth`, which is what the
/// terminal itself uses; ``estimate`` is a pure-Swift stand-in for hosts and tests
/// without one. A width below zero marks a scalar that cannot be printed.
public struct ColumnWidth: Sendable {
    private let measure: @Sendable (Unicode.Scalar) -> Int

    /// Creates a measure from a function returning 0, 1 or 2 columns, or -1 for a control character.
    public init(_ measure: @escaping @Sendable (Unicode.Scalar) -> Int) {
        self.measure = measure
    }

    /// The columns a scalar takes: 0, 1 or 2, or -1 if it cannot be printed.
    ///
    /// Printable ASCII takes one column, whatever the measure: every terminal agrees, and it is not asked.
    public func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return -1 }
        return measure(scalar)
    }

    /// A glyph if the terminal shows it in exactly one column, else a fallback (usually ASCII).
    public func glyph(_ preferred: Unicode.Scalar, orElse fallback: Unicode.Scalar) -> Unicode.Scalar {
        columns(of: preferred) == 1 ? preferred : fallback
    }

    /// The columns a string takes, skipping what cannot be printed.
    public func columns(of text: String) -> Int {
        // Printable ASCII, such as a badge's number: a column a byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return text.utf8.count
        }
        var total = 0
        for scalar in text.unicodeScalars {
            total += max(columns(of: scalar), 0)
        }
        return total
    }

    /// A pure-Swift estimate of `wcwidth`: wide for East Asian wide ranges and emoji, zero for combining marks.
    public static let estimate = ColumnWidth { scalar in
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        case .control: return -1
        default: break
        }
        for range in wideRanges where range.contains(value) {
            // Within the emoji blocks, a few scalars default to text presentation.
            if (0x1F300...0x1F6FF).contains(value), !scalar.properties.isEmojiPresentation {
                return 1
            }
            return 2
        }
        return 1
    }

    /// The East Asian wide and emoji ranges the estimate counts as two columns.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x3FFFD,
    ]
}
