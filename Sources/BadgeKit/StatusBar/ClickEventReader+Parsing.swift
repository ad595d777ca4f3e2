/// The JSON parser of ``ClickEventReader``: one byte at a time, so input may break anywhere.
extension ClickEventReader {
    /// The problem an event longer than the limit is.
    var oversizedProblem: String { "a click event longer than \(objectLimit) bytes was skipped" }

    /// Reads one byte of the input, counting it against the limit when it is inside an event.
    mutating func consume(_ byte: UInt8, into outputs: inout [Output]) {
        if step != .between && step != .junk {
            eventLength += 1
            if eventLength > objectLimit && !oversized {
                oversized = true
                stringBytes = []
                numberBytes = []
            }
        }
        dispatch(byte, into: &outputs)
    }

    /// Reads one byte at the step the reader is at.
    mutating func dispatch(_ byte: UInt8, into outputs: inout [Output]) {
        switch step {
        case .between:
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: "]"): break
            case UInt8(ascii: "{"): startEvent()
            default:
                outputs.append(.problem("skipped \(Self.describe(byte)) between click events"))
                step = .junk
            }
        case .junk:
            if byte == UInt8(ascii: "{") {
                startEvent()
            }
        case .keyOrEnd, .key:
            if Self.isWhiteSpace(byte) { return }
            if byte == UInt8(ascii: "\"") {
                beginString(isKey: true)
            } else if byte == UInt8(ascii: "}") && step == .keyOrEnd {
                closeContainer(into: &outputs)
            } else {
                fail("expected a key in quotes, found \(Self.describe(byte))", at: byte, into: &outputs)
            }
        case .colon:
            if Self.isWhiteSpace(byte) { return }
            if byte == UInt8(ascii: ":") {
                step = .value
            } else {
                fail("expected ':' after a key, found \(Self.describe(byte))", at: byte, into: &outputs)
            }
        case .valueOrEnd, .value:
            if Self.isWhiteSpace(byte) { return }
            if byte == UInt8(ascii: "]") && step == .valueOrEnd {
                closeContainer(into: &outputs)
            } else {
                beginValue(byte, into: &outputs)
            }
        case .commaOrEnd:
            consumeAfterValue(byte, into: &outputs)
        case .string:
            consumeInString(byte, into: &outputs)
        case .escape:
            consumeEscape(byte, into: &outputs)
        case .unicode:
            guard let digit = Self.hexValue(byte) else {
                fail("expected four hex digits after \\u, found \(Self.describe(byte))", at: byte, into: &outputs)
                return
            }
            unicodeValue = unicodeValue * 16 + digit
            unicodeDigits += 1
            if unicodeDigits == 4 {
                takeCodeUnit(unicodeValue)
                step = .string
            }
        case .number(let part):
            consumeInNumber(byte, part: part, into: &outputs)
        case .literal:
            guard byte == literalRest.first else {
                fail("expected true, false or null, found \(Self.describe(byte))", at: byte, into: &outputs)
                return
            }
            literalRest.removeFirst()
            if literalRest.isEmpty {
                endValue(.other, into: &outputs)
            }
        }
    }

    /// Starts an event at its `{`.
    mutating func startEvent() {
        endEvent()
        containers = [true]
        eventLength = 1
        step = .keyOrEnd
    }

    /// Forgets the event being read.
    mutating func endEvent() {
        containers = []
        eventLength = 0
        oversized = false
        stringBytes = []
        numberBytes = []
        highSurrogate = nil
        memberKey = nil
        name = nil
        instance = nil
        button = nil
        memberProblem = nil
    }

    /// Reports the event as not JSON, skips it, and reads the byte that was wrong again as the next event's start.
    mutating func fail(_ reason: String, at byte: UInt8, into outputs: inout [Output]) {
        outputs.append(.problem(oversized ? oversizedProblem : "a click event that is not JSON was skipped: \(reason)"))
        endEvent()
        step = .junk
        dispatch(byte, into: &outputs)
    }

    /// A byte after a value: `,`, or the end of the object or array the value is in.
    mutating func consumeAfterValue(_ byte: UInt8, into outputs: inout [Output]) {
        if Self.isWhiteSpace(byte) { return }
        let inObject = containers.last ?? true
        switch byte {
        case UInt8(ascii: ","):
            step = inObject ? .key : .value
        case UInt8(ascii: "}") where inObject, UInt8(ascii: "]") where !inObject:
            closeContainer(into: &outputs)
        default:
            let expected = inObject ? "',' or '}'" : "',' or ']'"
            fail("expected \(expected), found \(Self.describe(byte))", at: byte, into: &outputs)
        }
    }

    /// The first byte of a value.
    mutating func beginValue(_ byte: UInt8, into outputs: inout [Output]) {
        switch byte {
        case UInt8(ascii: "\""):
            beginString(isKey: false)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < Self.depthLimit else {
                fail("nested deeper than \(Self.depthLimit) levels", at: byte, into: &outputs)
                return
            }
            containers.append(byte == UInt8(ascii: "{"))
            step = byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            keepsNumber = !oversized && containers.count == 1 && memberKey == "button"
            numberBytes = keepsNumber ? [byte] : []
            step = .number(byte == UInt8(ascii: "-") ? .minus : byte == UInt8(ascii: "0") ? .zero : .integer)
        case UInt8(ascii: "t"):
            literalRest = Array("rue".utf8)
            step = .literal
        case UInt8(ascii: "f"):
            literalRest = Array("alse".utf8)
            step = .literal
        case UInt8(ascii: "n"):
            literalRest = Array("ull".utf8)
            step = .literal
        default:
            fail("expected a value, found \(Self.describe(byte))", at: byte, into: &outputs)
        }
    }

    /// The end of an object or array: the end of the event, or of a value in it.
    mutating func closeContainer(into outputs: inout [Output]) {
        containers.removeLast()
        guard containers.isEmpty else {
            endValue(.other, into: &outputs)
            return
        }
        if oversized {
            outputs.append(.problem(oversizedProblem))
        } else if let memberProblem {
            outputs.append(.problem(memberProblem))
        } else if let button {
            outputs.append(.click(Click(name: name, instance: instance, button: button)))
        } else {
            outputs.append(.problem("a click event without a button number was skipped"))
        }
        endEvent()
        step = .between
    }

    /// A value has been read: a member of the event the reader needs is kept, and a `,` or an end comes next.
    mutating func endValue(_ value: Value, into outputs: inout [Output]) {
        step = .commaOrEnd
        guard containers.count == 1, let key = memberKey else { return }
        switch (key, value) {
        case ("name", .string(let text)): name = text
        case ("instance", .string(let text)): instance = text
        case ("button", .number):
            button = numberBytes.count <= Self.numberLimit ? Int(String(decoding: numberBytes, as: UTF8.self)) : nil
            if button == nil {
                memberProblem = "a click event whose button is not a whole number was skipped"
            }
        case ("name", _), ("instance", _):
            memberProblem = "a click event whose \(key) is not a string was skipped"
        case ("button", _):
            memberProblem = "a click event whose button is not a number was skipped"
        default: break
        }
    }

    /// A byte of a number, or the byte after it.
    mutating func consumeInNumber(_ byte: UInt8, part: NumberPart, into outputs: inout [Output]) {
        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        let next: NumberPart? =
            switch (part, byte) {
            case (.minus, UInt8(ascii: "0")): .zero
            case (.minus, _) where isDigit: .integer
            case (.integer, _) where isDigit: .integer
            case (.zero, UInt8(ascii: ".")), (.integer, UInt8(ascii: ".")): .point
            case (.point, _) where isDigit, (.fraction, _) where isDigit: .fraction
            case (.zero, UInt8(ascii: "e")), (.zero, UInt8(ascii: "E")), (.integer, UInt8(ascii: "e")),
                (.integer, UInt8(ascii: "E")), (.fraction, UInt8(ascii: "e")), (.fraction, UInt8(ascii: "E")):
                .exponentMark
            case (.exponentMark, UInt8(ascii: "+")), (.exponentMark, UInt8(ascii: "-")): .exponentSign
            case (.exponentMark, _) where isDigit, (.exponentSign, _) where isDigit, (.exponent, _) where isDigit:
                .exponent
            default: nil
            }
        if let next {
            if keepsNumber && !oversized && numberBytes.count <= Self.numberLimit {
                numberBytes.append(byte)
            }
            step = .number(next)
        } else if part.isComplete {
            endValue(.number, into: &outputs)
            dispatch(byte, into: &outputs)
        } else {
            fail("a number cut short by \(Self.describe(byte))", at: byte, into: &outputs)
        }
    }

    /// Starts a string at its opening quote.
    mutating func beginString(isKey: Bool) {
        stringIsKey = isKey
        keepsString =
            !oversized && containers.count == 1 && (isKey || memberKey == "name" || memberKey == "instance")
        stringBytes = []
        highSurrogate = nil
        step = .string
    }

    /// A byte inside a string: its end, a backslash, or a byte of its text.
    mutating func consumeInString(_ byte: UInt8, into outputs: inout [Output]) {
        switch byte {
        case UInt8(ascii: "\\"):
            step = .escape
        case UInt8(ascii: "\""):
            settleSurrogate()
            let text = keepsString && !oversized ? String(decoding: stringBytes, as: UTF8.self) : nil
            stringBytes = []
            if stringIsKey {
                if containers.count == 1 {
                    memberKey = text
                }
                step = .colon
            } else {
                endValue(.string(text), into: &outputs)
            }
        case 0..<0x20:
            fail("\(Self.describe(byte)) inside a string", at: byte, into: &outputs)
        default:
            settleSurrogate()
            keep([byte])
        }
    }

    /// The byte after a backslash in a string.
    mutating func consumeEscape(_ byte: UInt8, into outputs: inout [Output]) {
        let escaped: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let escaped {
            settleSurrogate()
            keep([escaped])
            step = .string
        } else if byte == UInt8(ascii: "u") {
            unicodeValue = 0
            unicodeDigits = 0
            step = .unicode
        } else {
            fail("a backslash before \(Self.describe(byte)), which escapes nothing", at: byte, into: &outputs)
        }
    }

    /// The UTF-16 code unit of a `\u` escape: a character, or half of a surrogate pair.
    ///
    /// A half without its other half becomes U+FFFD, as invalid UTF-8 does.
    mutating func takeCodeUnit(_ unit: UInt32) {
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                keep(scalar: 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                return
            }
            keep(scalar: 0xFFFD)
        }
        switch unit {
        case 0xD800...0xDBFF: highSurrogate = unit
        case 0xDC00...0xDFFF: keep(scalar: 0xFFFD)
        default: keep(scalar: unit)
        }
    }

    /// A first half of a surrogate pair that no second half followed becomes U+FFFD.
    mutating func settleSurrogate() {
        if highSurrogate != nil {
            highSurrogate = nil
            keep(scalar: 0xFFFD)
        }
    }

    /// Keeps a character of the string, as UTF-8, when the string is kept.
    mutating func keep(scalar value: UInt32) {
        keep(Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8))
    }

    /// Keeps bytes of the string, when the string is kept.
    mutating func keep(_ bytes: [UInt8]) {
        if keepsString && !oversized {
            stringBytes += bytes
        }
    }

    /// Whether a byte is JSON's white space.
    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The value of a hex digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A byte as a message names it: `'x'`, `a line end`, `byte 0x01`.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: "a line end"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: "a space"
        default: (byte < 0x10 ? "byte 0x0" : "byte 0x") + String(byte, radix: 16, uppercase: true)
        }
    }
}
