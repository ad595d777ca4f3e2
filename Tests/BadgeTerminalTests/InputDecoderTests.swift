import BadgeKit
import Testing

@testable import BadgeTerminal

@Suite struct InputDecoderTests {
    @Test func printableASCIIIsCharacters() {
        let printable = Array(UInt8(0x20)...UInt8(0x7E))
        #expect(decode(printable) == printable.map { .character(Character(Unicode.Scalar($0))) })
    }

    @Test func controlBytesAreKeys() {
        #expect(decode([3]) == [.key(.interrupt)])
        #expect(decode([9]) == [.key(.tab)])
        #expect(decode([10, 13]) == [.key(.enter), .key(.enter)])
        #expect(decode([12]) == [.key(.redraw)])
        #expect(decode([26]) == [.key(.suspend)])
        #expect(decode([8, 127]) == [.key(.backspace), .key(.backspace)])
        for byte: UInt8 in [0, 1, 2, 4, 5, 6, 7, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 28, 29, 30, 31] {
            #expect(decode([byte]) == [.key(.other(Int(byte)))])
        }
    }

    @Test func utf8IsAssembledIntoCharacters() {
        #expect(decode(bytes("é€🔔ü")) == [.character("é"), .character("€"), .character("🔔"), .character("ü")])
        #expect(decode(bytes("\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}")).count == 6)
        // A combining mark comes as its own character, as it was typed.
        #expect(decode(bytes("e\u{301}")) == [.character("e"), .character("\u{301}")])
    }

    @Test func invalidUTF8IsDroppedAndDecodingRestartsAtTheByteThatBrokeIt() {
        // A stray continuation, overlong forms, a surrogate, a value past U+10FFFF, bytes no UTF-8 has.
        for invalid: [UInt8] in [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
        ] {
            #expect(decode(invalid + bytes("a")) == [.character("a")], "\(invalid)")
        }
        // A lead byte cut short by ASCII, a control, an escape sequence or another character.
        #expect(decode([0xC3] + bytes("q")) == [.character("q")])
        #expect(decode([0xE2, 0x82, 3]) == [.key(.interrupt)])
        #expect(decode([0xF0, 0x9F] + escape + bytes("[A")) == [.key(.up)])
        #expect(decode([0xE2] + bytes("é")) == [.character("é")])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyOnceItsDeadlinePasses() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        #expect(decoder.deadline == nil)
        decoder.feed(escape, at: 10, into: &events)
        #expect(events.isEmpty)
        #expect(decoder.deadline == 10.025)
        decoder.expire(at: 10.01, into: &events)
        #expect(events.isEmpty)
        #expect(!decoder.isIdle)
        decoder.expire(at: 10.025, into: &events)
        #expect(events == [.key(.escape)])
        #expect(decoder.deadline == nil)
        #expect(decoder.isIdle)
        decoder.expire(at: 20, into: &events)
        #expect(events == [.key(.escape)])
    }

    @Test func bytesFedAfterTheDeadlineButBeforeExpiryStillContinueTheSequence() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        decoder.feed(escape, at: 10, into: &events)
        decoder.feed(bytes("["), at: 10.5, into: &events)
        #expect(decoder.deadline == 10.525, "the control sequence waits from its last byte")
        decoder.feed(bytes("A"), at: 11, into: &events)
        #expect(events == [.key(.up)])
    }

    @Test func theEscapeTimeoutIsCapped() {
        #expect(InputDecoder().escapeTimeoutSeconds == 0.025)
        #expect(InputDecoder(escapeTimeoutSeconds: 0.1).escapeTimeoutSeconds == 0.1)
        #expect(
            InputDecoder.longestEscapeTimeoutSeconds == 0.5,
            "docs/keys-and-options.md and the end-to-end tests say half a second")
        #expect(InputDecoder(escapeTimeoutSeconds: 60).escapeTimeoutSeconds == 0.5)
        #expect(InputDecoder(escapeTimeoutSeconds: 0.5).escapeTimeoutSeconds == 0.5)
        #expect(InputDecoder(escapeTimeoutSeconds: -1).escapeTimeoutSeconds == 0)
        #expect(InputDecoder(escapeTimeoutSeconds: .nan).escapeTimeoutSeconds == 0.025)
        #expect(InputDecoder(escapeTimeoutSeconds: .infinity).escapeTimeoutSeconds == 0.5)
        var decoder = InputDecoder(escapeTimeoutSeconds: 60)
        var events: [InputEvent] = []
        decoder.feed(escape, at: 0, into: &events)
        #expect(decoder.deadline == 0.5)
    }

    @Test func escapeThenEscapeKeepsTheFirstAsTheEscapeKey() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        decoder.feed(escape + escape, at: 5, into: &events)
        #expect(events == [.key(.escape)])
        #expect(decoder.deadline == 5.025)
        decoder.expire(at: 6, into: &events)
        #expect(events == [.key(.escape), .key(.escape)])
        // The second ESC may start a sequence, or Alt with a key.
        #expect(decode(escape + escape + bytes("[B")) == [.key(.escape), .key(.down)])
        #expect(decode(escape + escape + bytes("q")) == [.key(.escape), .key(.alt("q"))])
    }

    @Test func escapeThenAKeyIsAltWithIt() {
        #expect(decode(escape + bytes("q")) == [.key(.alt("q"))])
        #expect(decode(escape + bytes("Q")) == [.key(.alt("Q"))])
        #expect(decode(escape + bytes("1")) == [.key(.alt("1"))])
        #expect(decode(escape + [0x7F]) == [.key(.alt("\u{7F}"))])
        #expect(decode(escape + [13]) == [.key(.alt("\r"))])
        #expect(decode(escape + bytes("é")) == [.key(.alt("é"))])
        #expect(decode(escape + bytes("🔔x")) == [.key(.alt("🔔")), .character("x")])
        // A byte no character starts with drops the ESC with it.
        #expect(decode(escape + [0x80] + bytes("x")) == [.character("x")])
        // An ESC plus a lead byte cut short: the character is dropped, decoding restarts at the byte.
        #expect(decode(escape + [0xC3] + bytes("x")) == [.character("x")])
    }

    @Test func cursorKeysInBothModesWithAndWithoutModifiers() {
        #expect(
            decode(escape + bytes("[A") + escape + bytes("[B") + escape + bytes("[C") + escape + bytes("[D")) == [
                .key(.up), .key(.down), .key(.right), .key(.left),
            ])
        #expect(
            decode(escape + bytes("OA") + escape + bytes("OB") + escape + bytes("OC") + escape + bytes("OD")) == [
                .key(.up), .key(.down), .key(.right), .key(.left),
            ])
        #expect(
            decode(escape + bytes("[1;5C") + escape + bytes("[1;2D") + escape + bytes("O5A")) == [
                .key(.right), .key(.left), .key(.up),
            ])
        #expect(decode(escape + bytes("[Z")) == [.key(.backTab)])
        #expect(decode(escape + bytes("OM")) == [.key(.enter)])
    }

    @Test func theKeypadInApplicationModeTypesWhatIsPrintedOnIt() {
        let finals = bytes("pqrstuvwxyjklmnoX")
        let events = decode(finals.flatMap { escape + bytes("O") + [$0] })
        #expect(events == "0123456789*+,-./=".map { .character($0) })
    }

    @Test func otherSequencesAreDroppedWhole() {
        for sequence in [
            "[3~", "[15;2~", "[H", "[1;5F", "OP", "OH", "[201~", "[?1;2c", "[>0;276;0c", "[2;1R", "[1I", "[?I",
            "[ A", "[1:2A", "[<0;1;1;1M", "[<0;1M", "[=A", "[1<A", "[>A", "(B", "#8", " F", "7", "c",
        ] {
            let events = decode(escape + bytes(sequence) + bytes("x"))
            let altEvents: [InputEvent] = sequence.count == 1 ? [.key(.alt(Character(sequence)))] : []
            #expect(events == altEvents + [.character("x")], "ESC \(sequence)")
        }
    }

    @Test func focusReports() {
        #expect(
            decode(escape + bytes("[I") + escape + bytes("[O")) == [.focus(isFocused: true), .focus(isFocused: false)])
    }

    @Test func sgrMouseReportsInZeroBasedCells() {
        let press = decode(escape + bytes("[<0;10;3M"))
        #expect(press == [.mouse(MouseEvent(column: 9, row: 2, action: .leftPress))])
        let release = decode(escape + bytes("[<0;10;3m"))
        #expect(release == [.mouse(MouseEvent(column: 9, row: 2, action: .leftRelease))])
        // Shift, Meta and Control with the left button still press it.
        #expect(decode(escape + bytes("[<28;1;1M")) == [.mouse(MouseEvent(column: 0, row: 0, action: .leftPress))])
        // Middle, right, drag, motion, the wheel, extra buttons.
        for code in [1, 2, 32, 35, 64, 65, 128, 129] {
            #expect(
                decode(escape + bytes("[<\(code);5;6M")) == [.mouse(MouseEvent(column: 4, row: 5, action: .other))],
                "button code \(code)")
        }
    }

    @Test func sgrMouseAtLargeCoordinates() {
        #expect(
            decode(escape + bytes("[<0;5000;2000M")) == [
                .mouse(MouseEvent(column: 4999, row: 1999, action: .leftPress))
            ])
        #expect(
            decode(escape + bytes("[<0;99999999999999999999;1M")) == [
                .mouse(MouseEvent(column: 999_998, row: 0, action: .leftPress))
            ])
        #expect(decode(escape + bytes("[<0;0;0M")) == [.mouse(MouseEvent(column: 0, row: 0, action: .leftPress))])
    }

    @Test func x10MouseReportsWithRawBytes() {
        func x10(_ button: UInt8, _ column: UInt8, _ row: UInt8) -> [UInt8] {
            escape + bytes("[M") + [button, column, row]
        }
        #expect(decode(x10(32, 33 + 9, 33 + 2)) == [.mouse(MouseEvent(column: 9, row: 2, action: .leftPress))])
        #expect(decode(x10(35, 33 + 9, 33 + 2)) == [.mouse(MouseEvent(column: 9, row: 2, action: .leftRelease))])
        #expect(decode(x10(32 + 16, 33, 33)) == [.mouse(MouseEvent(column: 0, row: 0, action: .leftPress))])
        for code: UInt8 in [1, 2, 32, 35, 64, 65] {
            #expect(decode(x10(32 + code, 40, 40)) == [.mouse(MouseEvent(column: 7, row: 7, action: .other))])
        }
        // Coordinates past 94 arrive as bytes past 0x7F, which are no UTF-8 here.
        #expect(
            decode(x10(32, 0xFF, 0x80) + bytes("q")) == [
                .mouse(MouseEvent(column: 222, row: 95, action: .leftPress)), .character("q"),
            ])
        // Bytes that no report has (below 32) drop it, still as one report.
        #expect(decode(x10(32, 0, 40) + bytes("q")) == [.character("q")])
    }

    @Test func aBracketedPasteIsSwallowedWhole() {
        let paste =
            escape + bytes("[200~") + bytes("q1 \r\u{3}\u{1A}") + escape + bytes("[201") + escape + escape
            + bytes("[200~") + [0xFF] + escape + bytes("[201~") + bytes("x")
        #expect(decode(paste) == [.character("x")])
    }

    @Test func stringSequencesEndAtBELOrST() {
        for introducer in ["]", "P", "_", "^", "X"] {
            let body = bytes(introducer + "0;q\u{3}\r\u{9C}é")
            #expect(decode(escape + body + [7] + bytes("x")) == [.character("x")], "\(introducer) BEL")
            #expect(decode(escape + body + escape + bytes("\\x")) == [.character("x")], "\(introducer) ST")
        }
    }

    @Test func anEscapeThatEndsAStringIsNeverTheEscapeKey() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        decoder.feed(escape + bytes("]11;rgb:0/0/0") + escape, at: 0, into: &events)
        #expect(decoder.deadline == 0.025)
        decoder.expire(at: 1, into: &events)
        #expect(events.isEmpty)
        #expect(decoder.isIdle)
    }

    @Test func escapeInsideASequenceStartsANewOne() {
        #expect(decode(escape + bytes("[1;2") + escape + bytes("[A")) == [.key(.up)])
        #expect(decode(escape + bytes("]0;title") + escape + bytes("[B")) == [.key(.down)])
        #expect(decode(escape + bytes("O1") + escape + bytes("q")) == [.key(.alt("q"))])
        #expect(decode(escape + bytes("(") + escape + bytes("[C")) == [.key(.right)])
        #expect(decode(escape + bytes("[M ") + escape + bytes("[D")) == [.key(.left)])
    }

    @Test func cancelAndSubstituteAbortASequenceAndAreSwallowed() {
        for abort: UInt8 in [0x18, 0x1A] {
            for start in ["[1;2", "]0;title", "O", "(", "[M!", "P1$r"] {
                #expect(decode(escape + bytes(start) + [abort] + bytes("x")) == [.character("x")], "\(start)")
            }
            #expect(decode(escape + [abort] + bytes("x")) == [.character("x")])
        }
    }

    @Test func controlBytesInsideASequenceAreSwallowed() {
        #expect(decode(escape + bytes("[1\u{3};\r5\u{7F}C")) == [.key(.right)])
        #expect(decode(escape + bytes("O\u{3}\tA")) == [.key(.up)])
    }

    @Test func feedsAnySequenceOfBytes() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        // A sequence without contiguous storage, and raw memory, as read(2) fills it.
        decoder.feed(AnySequence(escape + bytes("[")), at: 0, into: &events)
        let rest = bytes("Aé")
        rest.withUnsafeBytes { decoder.feed($0, at: 0, into: &events) }
        #expect(events == [.key(.up), .character("é")])
    }
}
