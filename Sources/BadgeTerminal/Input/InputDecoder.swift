import BadgeKit

/// Turns the bytes a terminal sends into ``/BadgeKit/InputEvent`` values, however long its sequences and however its reads split them.
///
/// A state machine in the model of DEC's VT500 parser (ECMA-48), with UTF-8
/// assembled in the ground state, a bracketed paste matcher and the X10 mouse
/// report added:
///
/// ```text
/// ground ──ESC──▶ escape ──[──▶ CSI entry ─0-9;──▶ parameter ─SP-/──▶ intermediate ─@-~──▶ dispatch
///   │               │  │         │  └─<=>?──▶ parameter    └─:, late <=>?──▶ ignore ─@-~──▶ ground
///   │               │  │         └─ final M, nothing else ──▶ X10 mouse (3 raw bytes) ──▶ ground
///   │               │  ├─O──▶ SS3 ─@-~──▶ dispatch         CSI 200 ~ ──▶ paste ─ESC [ 2 0 1 ~──▶ ground
///   │               │  ├─] P _ ^ X──▶ string ─BEL──▶ ground, ─ESC──▶ escape (a following \ ends it: ST)
///   │               │  └─SP-/──▶ escape intermediate ─0-~──▶ ground
///   │               └─ another byte: Alt with that key; ESC: Escape, then a new escape
///   └─UTF-8 lead──▶ character ─continuations──▶ ground
/// ```
///
/// Every state but ground, paste and character reads ESC as the start of a
/// new escape (dropping what came before) and CAN or SUB as the end of the
/// sequence; other control bytes inside a sequence are dropped. A sequence of
/// any length is read to its end and none of its bytes acts as a key. The
/// decoder keeps only what its meaning needs — at most 16 parameters, each
/// clamped to 999,999 — and holds no buffer: it is a fixed-size
/// `BitwiseCopyable` value whatever it is fed.
///
/// Every state but ground waits, with one rule: a sequence (or character, or
/// paste) whose bytes stop coming for ``escapeTimeoutSeconds`` is over.
/// ``deadline`` says when, and ``expire(at:into:)`` then ends it with what a
/// person would have typed: a lone ESC is the Escape key, an introducer with
/// nothing after it (`ESC ]`, `ESC P`, `ESC [`, `ESC O`, `ESC (`…) is Alt with
/// that key, and anything longer is dropped. So no state can hold up the keys
/// that come after it. Bytes fed before that always continue it, even when fed
/// late, so a sequence whose reads were delayed still never leaks as keys.
package struct InputDecoder: Sendable, BitwiseCopyable {
    /// How long a lone ESC waits for more by default, in seconds: the 25 ms most terminal programs use.
    package static let defaultEscapeTimeoutSeconds = 0.025
    /// The longest a lone ESC ever waits for the rest of a sequence, in seconds, wherever the wait was asked
    /// for (ESCDELAY or a configuration): a longer wait would make the Escape key feel dead.
    package static let longestEscapeTimeoutSeconds = 0.5

    /// How long a lone ESC, or any sequence left open, waits for its next byte before it is over, in seconds.
    package let escapeTimeoutSeconds: Double
    /// Where in a sequence the bytes fed so far have left the decoder.
    var state = State.ground
    /// When the last byte was fed, in seconds: the sequence it left open is over ``escapeTimeoutSeconds`` later.
    var lastByteTime = 0.0
    /// The parameters of the control sequence being read.
    var parameters = ControlSequenceParameters()

    /// Creates a decoder in the ground state.
    ///
    /// - Parameter escapeTimeoutSeconds: How long a lone ESC, or any sequence left open, waits for more;
    ///   clamped to 0...``longestEscapeTimeoutSeconds`` (a value that is not a
    ///   number means the default).
    package init(escapeTimeoutSeconds: Double = InputDecoder.defaultEscapeTimeoutSeconds) {
        let timeout = escapeTimeoutSeconds.isNaN ? Self.defaultEscapeTimeoutSeconds : escapeTimeoutSeconds
        self.escapeTimeoutSeconds = min(max(timeout, 0), Self.longestEscapeTimeoutSeconds)
    }

    /// When the sequence left open must be ended by ``expire(at:into:)``, in seconds on the clock given to `feed`;
    /// `nil` in the ground state, where nothing waits.
    ///
    /// Every other state has one, whatever it is: ``escapeTimeoutSeconds`` after the last byte fed.
    package var deadline: Double? {
        guard state != .ground else { return nil }
        return lastByteTime + escapeTimeoutSeconds
    }

    /// Whether the decoder is between sequences and characters, with nothing begun.
    package var isIdle: Bool {
        state == .ground
    }

    /// Feeds bytes read at one instant and appends the events they complete.
    ///
    /// A sequence or character cut off at the end of `bytes` is continued by
    /// the next call. Nothing is allocated per byte beyond the events appended.
    ///
    /// - Parameters:
    ///   - bytes: What was read, in order.
    ///   - time: When it was read, in seconds on any clock; a sequence left open at the end waits from then.
    ///   - events: Where the completed events are appended.
    package mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes, at time: Double, into events: inout [InputEvent])
    {
        let fedContiguously: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer {
                consume(byte, at: time, into: &events)
            }
        }
        if fedContiguously == nil {
            for byte in bytes {
                consume(byte, at: time, into: &events)
            }
        }
    }

    /// Ends the sequence left open once ``deadline`` has passed, with the key a person would have typed, if any.
    ///
    /// Call it only once a read found nothing more. What the sequence gives is
    /// ``timedOutEvent``: the Escape key for a lone ESC, Alt with the key for
    /// an introducer alone, nothing for the rest. Before the deadline, or with
    /// nothing waiting, this does nothing.
    ///
    /// - Parameters:
    ///   - time: Now, in seconds on the clock given to ``feed(_:at:into:)``.
    ///   - events: Where the key is appended.
    package mutating func expire(at time: Double, into events: inout [InputEvent]) {
        guard let deadline, time >= deadline else { return }
        if let event = timedOutEvent {
            events.append(event)
        }
        state = .ground
    }

    /// What the bytes of the open sequence stand for when no more of it comes: what a person typed, or nothing.
    ///
    /// A person's keys come far slower than the escape delay, so a sequence
    /// that stopped after its introducer was typed as Alt with that key; one
    /// that stopped further on is the rest of something abandoned (a report
    /// cut short, an unterminated string or paste), and is dropped.
    var timedOutEvent: InputEvent? {
        switch state {
        case .ground, .character, .paste, .x10Mouse:
            return nil
        case .escape(let afterString):
            // An ESC that may be the first half of a string's ST is no key.
            return afterString ? nil : .key(.escape)
        case .escapeIntermediate(let onlyByte):
            return onlyByte.map { .key(.alt(Character(Unicode.Scalar($0)))) }
        case .controlSequence(let phase):
            return phase == .entry ? .key(.alt("[")) : nil
        case .singleShift(let hasParameters):
            return hasParameters ? nil : .key(.alt("O"))
        case .string(let introducer):
            return introducer.map { .key(.alt(Character(Unicode.Scalar($0)))) }
        }
    }

    /// Takes one byte in the current state.
    mutating func consume(_ byte: UInt8, at time: Double, into events: inout [InputEvent]) {
        lastByteTime = time
        switch state {
        case .ground:
            ground(byte, into: &events)
        case .character(var assembly, let isAlt):
            switch assembly.add(byte) {
            case .needsMore:
                state = .character(assembly, isAlt: isAlt)
            case .complete(let scalar):
                state = .ground
                events.append(isAlt ? .key(.alt(Character(scalar))) : .character(Character(scalar)))
            case .invalid:
                // The character is dropped, and decoding starts again at the byte that broke it.
                state = .ground
                ground(byte, into: &events)
            }
        case .paste(let matchedBytes):
            state = Self.pasteState(after: byte, matchedBytes: matchedBytes)
        default:
            inSequence(byte, into: &events)
        }
    }

    /// Takes a byte outside any sequence: a character, a control key or the start of an escape.
    private mutating func ground(_ byte: UInt8, into events: inout [InputEvent]) {
        switch byte {
        case 0x20...0x7E:
            events.append(.character(Character(Unicode.Scalar(byte))))
        case ASCII.escape:
            beginEscape(afterString: false)
        case 0x00...0x1F, 0x7F:
            events.append(.key(Self.controlKey(byte)))
        default:
            if let assembly = UTF8Assembly(lead: byte) {
                state = .character(assembly, isAlt: false)
            }
        }
    }

    /// The key a control byte typed on its own stands for.
    static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 3: return .interrupt
        case 9: return .tab
        case 10, 13: return .enter
        case 12: return .redraw
        case 26: return .suspend
        case 8, 127: return .backspace
        default: return .other(Int(byte))
        }
    }

    /// Starts an escape: the state after an ESC.
    private mutating func beginEscape(afterString: Bool) {
        state = .escape(afterString: afterString)
    }

    /// Takes a byte inside a sequence, where ESC, CAN and SUB mean the same in every state.
    private mutating func inSequence(_ byte: UInt8, into events: inout [InputEvent]) {
        if case .escape(let afterString) = state {
            escape(byte, afterString: afterString, into: &events)
            return
        }
        switch byte {
        case ASCII.escape:
            // A string sequence may be ending with ST (ESC \); any other sequence is cut short.
            beginEscape(afterString: state.isString)
        case ASCII.cancel, ASCII.substitute:
            state = .ground
        default:
            switch state {
            case .escapeIntermediate:
                state = (0x30...0x7E).contains(byte) ? .ground : .escapeIntermediate(onlyByte: nil)
            case .controlSequence(let phase):
                controlSequence(byte, phase: phase, into: &events)
            case .singleShift:
                singleShift(byte, into: &events)
            case .x10Mouse(let received, let button, let column):
                x10Mouse(byte, received: received, button: button, column: column, into: &events)
            case .string:
                state = byte == ASCII.bell ? .ground : .string(introducer: nil)
            case .ground, .character, .escape, .paste:
                break
            }
        }
    }

    /// Takes the byte after an ESC: the kind of sequence it begins, or the key pressed with Alt.
    private mutating func escape(_ byte: UInt8, afterString: Bool, into events: inout [InputEvent]) {
        switch byte {
        case 0x5C where afterString:  // "\": ST, the end of the string sequence
            state = .ground
        case ASCII.escape:
            // The first ESC had nothing after it but another: it was the Escape key (unless it ended a string).
            if !afterString {
                events.append(.key(.escape))
            }
            beginEscape(afterString: false)
        case ASCII.cancel, ASCII.substitute:
            state = .ground
        case 0x5B:  // "["
            parameters.reset()
            state = .controlSequence(.entry)
        case 0x4F:  // "O"
            state = .singleShift(hasParameters: false)
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58:  // "]" OSC, "P" DCS, "_" APC, "^" PM, "X" SOS
            state = .string(introducer: byte)
        case 0x20...0x2F:
            state = .escapeIntermediate(onlyByte: byte)
        case 0x00...0x7F:
            state = .ground
            events.append(.key(.alt(Character(Unicode.Scalar(byte)))))
        default:
            // Alt with a non-ASCII character; a byte that cannot start one drops the ESC with it.
            state = UTF8Assembly(lead: byte).map { .character($0, isAlt: true) } ?? .ground
        }
    }

    /// The bytes that end a bracketed paste: `ESC [ 2 0 1 ~`.
    private static let pasteEnd: InlineArray<6, UInt8> = [ASCII.escape, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The paste state after one more pasted byte: how much of ``pasteEnd`` has been matched, or ground at its end.
    private static func pasteState(after byte: UInt8, matchedBytes: Int) -> State {
        if byte == pasteEnd[matchedBytes] {
            return matchedBytes + 1 == pasteEnd.count ? .ground : .paste(matchedBytes: matchedBytes + 1)
        }
        // Only the first byte of the end is ESC, so a mismatch can only restart the match at an ESC.
        return .paste(matchedBytes: byte == ASCII.escape ? 1 : 0)
    }
}

extension InputDecoder {
    /// Where in a sequence the decoder is.
    ///
    /// Each state but ground has a deadline (``InputDecoder/deadline``) and
    /// says what it gives when its sequence times out
    /// (``InputDecoder/timedOutEvent``, a switch over every state).
    enum State: Equatable, BitwiseCopyable {
        /// Between sequences: bytes are characters and control keys.
        case ground
        /// Inside a UTF-8 character, after an ESC when `isAlt`.
        case character(UTF8Assembly, isAlt: Bool)
        /// After an ESC; `afterString` when the ESC ended a string sequence and may be the first half of ST.
        case escape(afterString: Bool)
        /// After ESC and an intermediate byte (0x20–0x2F), until a final byte; `onlyByte` while it is the one byte
        /// after the ESC.
        case escapeIntermediate(onlyByte: UInt8?)
        /// Inside a control sequence (CSI), after `ESC [`.
        case controlSequence(ControlSequencePhase)
        /// After SS3 (`ESC O`), until its final byte; `hasParameters` once a byte came after the `O`.
        case singleShift(hasParameters: Bool)
        /// Inside a string sequence (OSC, DCS, APC, PM, SOS), until BEL or ST; `introducer` (the byte after the
        /// ESC) while nothing has come after it.
        case string(introducer: UInt8?)

        /// Whether this is a string sequence, which an ESC may be ending (ST is `ESC \`).
        var isString: Bool {
            if case .string = self { return true }
            return false
        }
        /// Inside a bracketed paste, with the first `matchedBytes` of its end seen.
        case paste(matchedBytes: Int)
        /// Inside an X10 mouse report, with `received` of its three bytes read.
        case x10Mouse(received: Int, button: UInt8, column: UInt8)
    }

    /// How far a control sequence has got: the CSI states of the DEC model.
    enum ControlSequencePhase: Equatable, BitwiseCopyable {
        /// Just after `ESC [`, where a private marker (`<`, `=`, `>`, `?`) may come.
        case entry
        /// Among the parameter digits and separators.
        case parameter
        /// After an intermediate byte (0x20–0x2F).
        case intermediate
        /// Malformed: read to its final byte and dropped.
        case ignore
    }

    /// The byte values the decoder names.
    enum ASCII {
        /// BEL, which ends a string sequence.
        static let bell: UInt8 = 0x07
        /// CAN, which cancels a sequence.
        static let cancel: UInt8 = 0x18
        /// SUB, which cancels a sequence too.
        static let substitute: UInt8 = 0x1A
        /// ESC, which starts a sequence.
        static let escape: UInt8 = 0x1B
    }
}
