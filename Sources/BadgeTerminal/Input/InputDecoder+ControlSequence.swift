import BadgeKit

extension InputDecoder {
    /// Takes a byte of a control sequence (after `ESC [`), other than ESC, CAN and SUB.
    ///
    /// Digits and `;` are parameters, `<` `=` `>` `?` a private marker right
    /// after the `[`, 0x20–0x2F intermediates, 0x40–0x7E the final byte. A
    /// colon, a late marker, a parameter after an intermediate or a byte past
    /// 0x7F makes the sequence malformed: it is still read to its final byte.
    /// Control bytes and DEL are dropped.
    mutating func controlSequence(_ byte: UInt8, phase: ControlSequencePhase, into events: inout [InputEvent]) {
        switch byte {
        case 0x40...0x7E:
            state = .ground
            if phase != .ignore {
                dispatchControlSequence(final: byte, into: &events)
            }
        case 0x30...0x39 where phase == .entry || phase == .parameter:
            parameters.appendDigit(byte - 0x30)
            state = .controlSequence(.parameter)
        case 0x3B where phase == .entry || phase == .parameter:  // ";"
            parameters.endParameter()
            state = .controlSequence(.parameter)
        case 0x3C...0x3F where phase == .entry:
            parameters.privateMarker = byte
            state = .controlSequence(.parameter)
        case 0x20...0x2F:
            parameters.hasIntermediate = true
            if phase != .ignore {
                state = .controlSequence(.intermediate)
            }
        case 0x00...0x1F, 0x7F:
            break
        default:
            state = .controlSequence(.ignore)
        }
    }

    /// Acts on a complete control sequence: arrows, Shift-Tab, focus, mouse reports and the start of a paste.
    ///
    /// Any other sequence (function keys, Home, replies to queries) is dropped.
    private mutating func dispatchControlSequence(final: UInt8, into events: inout [InputEvent]) {
        guard !parameters.hasIntermediate else { return }
        switch (parameters.privateMarker, final) {
        case (0, 0x41...0x44):  // "A" to "D", with or without modifiers such as 1;5
            events.append(.key(Self.cursorKey(final)))
        case (0, 0x5A):  // "Z"
            events.append(.key(.backTab))
        case (0, 0x49) where parameters.isEmpty:  // "I"
            events.append(.focus(isFocused: true))
        case (0, 0x4F) where parameters.isEmpty:  // "O"
            events.append(.focus(isFocused: false))
        case (0, 0x7E) where parameters.count == 1 && parameters[0] == 200:  // "200~"
            state = .paste(matchedBytes: 0)
        case (0, 0x4D) where parameters.isEmpty:  // "M": three raw bytes follow
            state = .x10Mouse(received: 0, button: 0, column: 0)
        case (0x3C, 0x4D), (0x3C, 0x6D):  // "<" … "M" or "m"
            if parameters.count == 3 {
                events.append(.mouse(Self.sgrMouseEvent(parameters, isRelease: final == 0x6D)))
            }
        default:
            break
        }
    }

    /// Takes the byte after SS3 (`ESC O`): parameter bytes are skipped, a final byte (0x40–0x7E) ends it.
    ///
    /// Arrows and the keypad's Enter are keys; the keypad's digits and signs
    /// (application keypad mode) are the characters printed on them. A byte
    /// past 0x7F ends the sequence too, dropped with it.
    mutating func singleShift(_ byte: UInt8, into events: inout [InputEvent]) {
        switch byte {
        case 0x40...0x7E:
            state = .ground
            if let event = Self.singleShiftEvent(final: byte) {
                events.append(event)
            }
        case 0x80...:
            state = .ground
        default:
            state = .singleShift(hasParameters: true)
        }
    }

    /// The arrow a final byte `A` to `D` stands for.
    private static func cursorKey(_ final: UInt8) -> Key {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        default: return .left
        }
    }

    /// The event an SS3 sequence stands for, or `nil` for one that means nothing here (F1–F4, Home, End).
    private static func singleShiftEvent(final: UInt8) -> InputEvent? {
        switch final {
        case 0x41...0x44:
            return .key(cursorKey(final))
        case 0x4D:  // "M": the keypad's Enter
            return .key(.enter)
        case 0x6A...0x79:  // "j" to "y": * + , - . / 0 to 9 on the keypad
            return .character(Character(Unicode.Scalar(final - 0x6A + 0x2A)))
        case 0x58:  // "X": the keypad's =
            return .character("=")
        default:
            return nil
        }
    }
}
