import BadgeKit
import TestSupport

/// Random pieces of terminal input, each with the events it must give whatever comes before or after it.
///
/// The expected events are written out here, independently of the decoder:
/// keys give their event, and every sequence with a random body gives none.
enum RandomInput {
    /// A piece of input and the events it must give.
    struct Token {
        var bytes: [UInt8]
        var events: [InputEvent]
    }

    /// A random piece of input.
    static func token(using generator: inout SeededGenerator) -> Token {
        switch Int.random(in: 0..<12, using: &generator) {
        case 0...3: return key(using: &generator)
        case 4: return Token(bytes: unknownControlSequence(using: &generator), events: [])
        case 5:
            let end = Bool.random(using: &generator) ? [0x07] : escape + bytes("\\")
            return Token(bytes: unfinishedString(using: &generator) + end, events: [])
        case 6: return Token(bytes: paste(using: &generator), events: [])
        case 7: return Token(bytes: escapeIntermediate(using: &generator), events: [])
        case 8:
            // A sequence cut off by CAN or SUB.
            let cancel: UInt8 = Bool.random(using: &generator) ? 0x18 : 0x1A
            return Token(bytes: unfinishedSequence(using: &generator) + [cancel], events: [])
        case 9:
            // A sequence cut off by the ESC of the next one.
            let next = escapeKey(using: &generator)
            return Token(bytes: unfinishedSequence(using: &generator) + next.bytes, events: next.events)
        case 10:
            // An Escape key pressed just before a sequence.
            let next = escapeKey(using: &generator)
            return Token(bytes: escape + next.bytes, events: [.key(.escape)] + next.events)
        default:
            // Invalid UTF-8. A character cut short must not be followed by a continuation byte, which would end it.
            let invalid: [[UInt8]] = [
                [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x94], [0xC0, 0xAF], [0xFF], [0xED, 0xA0, 0x80],
            ]
            if Bool.random(using: &generator) {
                return Token(bytes: bytes("A") + [0x80, 0xBF], events: [.character("A")])
            }
            return Token(bytes: invalid.randomElement(using: &generator)!, events: [])
        }
    }

    /// A key typed on its own: a character, a control key, or a key sent as an escape sequence.
    private static func key(using generator: inout SeededGenerator) -> Token {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            let byte = UInt8.random(in: 0x20...0x7E, using: &generator)
            return Token(bytes: [byte], events: [.character(Character(Unicode.Scalar(byte)))])
        case 1:
            var value = UInt32.random(in: 0xA0...0x10_FFFF, using: &generator)
            if (0xD800...0xDFFF).contains(value) {
                value = 0xE9
            }
            let scalar = Unicode.Scalar(value)!
            return Token(bytes: Array(String(scalar).utf8), events: [.character(Character(scalar))])
        case 2:
            let controls: [(UInt8, Key)] = [
                (3, .interrupt), (9, .tab), (10, .enter), (13, .enter), (12, .redraw), (26, .suspend),
                (8, .backspace), (127, .backspace), (0, .other(0)), (24, .other(24)), (31, .other(31)),
            ]
            let (byte, key) = controls.randomElement(using: &generator)!
            return Token(bytes: [byte], events: [.key(key)])
        default:
            return escapeKey(using: &generator)
        }
    }

    /// A key, mouse report or focus change that the terminal sends as a sequence starting with ESC.
    private static func escapeKey(using generator: inout SeededGenerator) -> Token {
        let arrows: [(String, Key)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left)]
        let (final, arrow) = arrows.randomElement(using: &generator)!
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
            let modifiers = ["", "1;2", "1;5", "1;8", "1;99999999999"].randomElement(using: &generator)!
            return Token(bytes: escape + bytes("[" + modifiers + final), events: [.key(arrow)])
        case 1:
            return Token(bytes: escape + bytes("O" + final), events: [.key(arrow)])
        case 2:
            let column = Int.random(in: 1...100_000, using: &generator)
            let row = Int.random(in: 1...100_000, using: &generator)
            let (code, isRelease, action) = [
                (0, false, MouseEvent.Action.leftPress), (0, true, .leftRelease), (4, false, .leftPress),
                (2, false, .other), (32, false, .other), (64, false, .other), (65, true, .other),
            ].randomElement(using: &generator)!
            return Token(
                bytes: escape + bytes("[<\(code);\(column);\(row)" + (isRelease ? "m" : "M")),
                events: [.mouse(MouseEvent(column: column - 1, row: row - 1, action: action))])
        case 3:
            let column = UInt8.random(in: 33...255, using: &generator)
            let row = UInt8.random(in: 33...255, using: &generator)
            let (code, action) = [(UInt8(0), MouseEvent.Action.leftPress), (3, .leftRelease), (64, .other)]
                .randomElement(using: &generator)!
            return Token(
                bytes: escape + bytes("[M") + [32 + code, column, row],
                events: [.mouse(MouseEvent(column: Int(column) - 33, row: Int(row) - 33, action: action))])
        case 4:
            let isFocused = Bool.random(using: &generator)
            return Token(bytes: escape + bytes(isFocused ? "[I" : "[O"), events: [.focus(isFocused: isFocused)])
        default:
            let letter = Array("abcdefghijklmnopqrstuvwxyzQ0123456789").randomElement(using: &generator)!
            return Token(bytes: escape + bytes(String(letter)), events: [.key(.alt(letter))])
        }
    }

    /// Random bytes from `ranges`, `count` of them.
    private static func randomBytes(
        _ count: Int, from ranges: [ClosedRange<UInt8>], using generator: inout SeededGenerator
    ) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: ranges.randomElement(using: &generator)!, using: &generator) }
    }

    /// A random length, now and then a long one.
    private static func length(using generator: inout SeededGenerator) -> Int {
        Int.random(in: 0..<50, using: &generator) == 0
            ? Int.random(in: 0...5000, using: &generator) : Int.random(in: 0...40, using: &generator)
    }

    /// Control bytes that a sequence swallows: all of C0 but ESC, CAN and SUB, and DEL.
    private static let swallowedControls: [ClosedRange<UInt8>] = [0x00...0x17, 0x19...0x19, 0x1C...0x1F, 0x7F...0x7F]

    /// A control sequence the decoder does not act on, with random parameters, intermediates and noise.
    private static func unknownControlSequence(using generator: inout SeededGenerator) -> [UInt8] {
        let body = randomBytes(
            length(using: &generator), from: [0x30...0x3F, 0x30...0x3F, 0x20...0x2F, 0x80...0xFF] + swallowedControls,
            using: &generator)
        let final = Array(bytes("@EFGHJKLNPQRSTXYacdfghlnpqrstuxyz{|}`")).randomElement(using: &generator)!
        return escape + bytes("[") + body + [final]
    }

    /// An OSC, DCS, APC, PM or SOS with a random body, without its end (BEL or ST).
    private static func unfinishedString(using generator: inout SeededGenerator) -> [UInt8] {
        let introducer = Array(bytes("]P_^X")).randomElement(using: &generator)!
        let body = randomBytes(
            length(using: &generator), from: [0x00...0x06, 0x08...0x17, 0x19...0x19, 0x1C...0xFF, 0x20...0x7E],
            using: &generator)
        return escape + [introducer] + body
    }

    /// A bracketed paste of random bytes, any at all but its end.
    private static func paste(using generator: inout SeededGenerator) -> [UInt8] {
        var body = randomBytes(
            length(using: &generator), from: [0x00...0xFF, 0x1B...0x1B, 0x5B...0x5B], using: &generator)
        let end = escape + bytes("[201~")
        // A random end inside is all but impossible; cut it out if it came.
        while let range = body.firstRange(of: end) {
            body.removeSubrange(range)
        }
        return escape + bytes("[200~") + body + end
    }

    /// ESC, intermediate bytes and a final byte (such as `ESC ( B`).
    private static func escapeIntermediate(using generator: inout SeededGenerator) -> [UInt8] {
        let intermediates = randomBytes(
            Int.random(in: 1...3, using: &generator), from: [0x20...0x2F], using: &generator)
        let noise = randomBytes(Int.random(in: 0...2, using: &generator), from: swallowedControls, using: &generator)
        return escape + intermediates + noise + [UInt8.random(in: 0x30...0x7E, using: &generator)]
    }

    /// The start of a sequence, with no end.
    private static func unfinishedSequence(using generator: inout SeededGenerator) -> [UInt8] {
        let sequence: [UInt8]
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: sequence = unknownControlSequence(using: &generator).dropLast()
        case 1: sequence = unfinishedString(using: &generator)
        case 2: sequence = escapeIntermediate(using: &generator).dropLast()
        case 3:
            sequence =
                escape + bytes("O")
                + randomBytes(Int.random(in: 0...3, using: &generator), from: [0x30...0x3F], using: &generator)
        default:
            sequence =
                escape + bytes("[M")
                + randomBytes(Int.random(in: 0...2, using: &generator), from: [0x20...0xFF], using: &generator)
        }
        return sequence
    }
}
