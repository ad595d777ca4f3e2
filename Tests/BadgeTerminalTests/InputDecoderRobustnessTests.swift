import BadgeKit
import TestSupport
import Testing

@testable import BadgeTerminal

/// Hostile and unlucky input: long sequences, sequences split anywhere, random bytes, every byte after ESC.
@Suite struct InputDecoderRobustnessTests {
    /// One of each kind of input, with the events it must give.
    static let catalogue: [(bytes: [UInt8], events: [InputEvent])] = [
        (bytes("a"), [.character("a")]),
        (bytes("é"), [.character("é")]),
        (bytes("€"), [.character("€")]),
        (bytes("🔔"), [.character("🔔")]),
        ([3], [.key(.interrupt)]),
        (escape + bytes("[A"), [.key(.up)]),
        (escape + bytes("[1;5C"), [.key(.right)]),
        (escape + bytes("OB"), [.key(.down)]),
        (escape + bytes("O1;2D"), [.key(.left)]),
        (escape + bytes("[Z"), [.key(.backTab)]),
        (escape + bytes("OM"), [.key(.enter)]),
        (escape + bytes("Op"), [.character("0")]),
        (escape + bytes("[I"), [.focus(isFocused: true)]),
        (escape + bytes("[O"), [.focus(isFocused: false)]),
        (escape + bytes("q"), [.key(.alt("q"))]),
        (escape + bytes("ü"), [.key(.alt("ü"))]),
        (escape + escape + bytes("[A"), [.key(.escape), .key(.up)]),
        (escape + bytes("[<0;120;45M"), [.mouse(MouseEvent(column: 119, row: 44, action: .leftPress))]),
        (escape + bytes("[<0;120;45m"), [.mouse(MouseEvent(column: 119, row: 44, action: .leftRelease))]),
        (escape + bytes("[<65;3;4M"), [.mouse(MouseEvent(column: 2, row: 3, action: .other))]),
        (escape + bytes("[M") + [32, 0xC3, 0xA9], [.mouse(MouseEvent(column: 162, row: 136, action: .leftPress))]),
        (escape + bytes("[200~q\u{3}") + escape + bytes("[201") + escape + bytes("[201~"), []),
        (escape + bytes("]0;q title\u{7}"), []),
        (escape + bytes("]11;rgb:ffff/ffff/ffff") + escape + bytes("\\"), []),
        (escape + bytes("P1$r0;1m") + escape + bytes("\\"), []),
        (escape + bytes("_Gq=1\u{7}"), []),
        (escape + bytes("^privacy q") + escape + bytes("\\"), []),
        (escape + bytes("Xstart of string q") + escape + bytes("\\"), []),
        (escape + bytes("[?1;2c"), []),
        (escape + bytes("[15;2~"), []),
        (escape + bytes("[1;2\u{18}"), []),
        (escape + bytes("(B"), []),
        (escape + bytes("OP"), []),
        ([0xE2, 0x82], []),
    ]

    @Test func everyKindSplitAtEveryByteBoundaryGivesTheSameEvents() {
        for (input, expected) in Self.catalogue {
            let whole = input + bytes("x")
            let events = expected + [.character("x")]
            #expect(decode(whole) == events, "\(input)")
            for cut in 1..<whole.count {
                #expect(decode(whole, cuttingAt: [cut]) == events, "\(input) cut at \(cut)")
            }
            #expect(decode(whole, cuttingAt: Array(1..<whole.count)) == events, "\(input) byte by byte")
        }
    }

    @Test func theWholeCatalogueSplitAtEveryByteBoundaryGivesTheSameEvents() {
        let whole = Self.catalogue.flatMap(\.bytes)
        let events = Self.catalogue.flatMap(\.events)
        #expect(decode(whole) == events)
        for cut in 1..<whole.count {
            #expect(decode(whole, cuttingAt: [cut]) == events, "cut at \(cut)")
        }
    }

    @Test(arguments: LongSequence.allCases)
    func aMegabyteLongSequenceActsAsNoKey(_ sequence: LongSequence) {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        decoder.feed(sequence.start, at: 0, into: &events)
        let body = sequence.body
        #expect(body.count >= 1 << 20)
        decoder.feed(body, at: 0, into: &events)
        // Before the escape delay has passed, the sequence is still being read.
        decoder.expire(at: 0.01, into: &events)
        let leak = firstDifference(events, [])
        #expect(leak == nil)
        #expect(!decoder.isIdle, "ended early")
        var abandoned = decoder
        decoder.feed(sequence.end, at: 0.02, into: &events)
        #expect(decoder.isIdle, "did not end")
        decoder.feed(bytes("x"), at: 0.02, into: &events)
        let difference = firstDifference(events, [.character("x")])
        #expect(difference == nil)

        // The same sequence abandoned: over once the escape delay passes, dropped whole, and the next key is a key.
        var abandonedEvents: [InputEvent] = []
        abandoned.expire(at: 1, into: &abandonedEvents)
        #expect(abandoned.isIdle, "still open after the escape delay")
        abandoned.feed(bytes("q"), at: 2, into: &abandonedEvents)
        #expect(abandonedEvents == [.character("q")])
    }

    @Test func theDecoderIsAFixedSizeValueThatHoldsNoMemory() {
        // No reference, array or string inside: nothing it is fed can grow it.
        #expect(_isPOD(InputDecoder.self))
        #expect(MemoryLayout<InputDecoder>.size <= 128)
    }

    @Test func theAttackStringsOfTheIssueActAsNoKey() {
        let attacks: [[UInt8]] = [
            escape + bytes("[" + String(repeating: "1;", count: 32) + "q"),
            escape + bytes("[" + String(repeating: "0", count: 64) + "1;2;3m"),
            escape + bytes("]0;" + String(repeating: "q", count: 5000)) + [7],
            escape + bytes("P" + String(repeating: "q", count: 5000)) + escape + bytes("\\"),
        ]
        for attack in attacks {
            let difference = firstDifference(decode(attack + bytes("x")), [.character("x")])
            #expect(difference == nil, "\(attack.prefix(8))")
        }
        let paste =
            escape + bytes("[200~") + Array(repeating: UInt8(ascii: "q"), count: 1_000_001) + escape
            + bytes("[201~") + bytes("q")
        let difference = firstDifference(decode(paste), [.character("q")])
        #expect(difference == nil)
    }

    @Test func escapeFollowedByEachByteValue() {
        // CAN then "x" after each pair ends whatever the pair began and shows that decoding goes on.
        let tail: [UInt8] = [0x18] + bytes("x")
        let cancelThenX: [InputEvent] = [.key(.other(0x18)), .character("x")]
        for value in 0...255 {
            let byte = UInt8(value)
            let expected: [InputEvent]
            switch byte {
            case 0x1B:
                // Escape, then ESC CAN: a sequence cancelled.
                expected = [.key(.escape), .character("x")]
            case 0x18, 0x1A, 0x20...0x2F, 0x4F, 0x50, 0x58, 0x5B, 0x5D, 0x5E, 0x5F:
                // A cancel, or the start of a sequence that CAN then cancels.
                expected = byte == 0x18 || byte == 0x1A ? cancelThenX : [.character("x")]
            case 0x00...0x7F:
                expected = [.key(.alt(Character(Unicode.Scalar(byte))))] + cancelThenX
            default:
                // No character is a lone byte past 0x7F: dropped with the ESC, or cut short by CAN.
                expected = cancelThenX
            }
            #expect(decode(escape + [byte] + tail) == expected, "ESC \(byte)")
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            decoder.feed(escape + [byte], at: 0, into: &events)
            // Whatever the pair left open (ESC ESC the second ESC, ESC [ a control sequence) waits the escape delay.
            #expect(decoder.deadline == (decoder.isIdle ? nil : 0.025), "ESC \(byte)")
        }
    }

    @Test func escapeFollowedByEachUTF8LeadIsAltWithThatCharacter() {
        for lead in UInt8(0xC2)...UInt8(0xF4) {
            let second: UInt8
            switch lead {
            case 0xE0: second = 0xA0
            case 0xF0: second = 0x90
            default: second = 0x80
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let character = [lead, second] + Array(repeating: 0x80, count: length - 2)
            let expected = Character(String(decoding: character, as: UTF8.self))
            #expect(decode(escape + character) == [.key(.alt(expected))], "ESC \(character)")
        }
    }

    @Test func randomStreamsOfKeysAndSequencesGiveExactlyTheKeysHoweverTheyAreSplit() {
        var generator = SeededGenerator(seed: 0x5EED)
        for iteration in 0..<400 {
            var input: [UInt8] = []
            var expected: [InputEvent] = []
            for _ in 0..<40 {
                let token = RandomInput.token(using: &generator)
                input += token.bytes
                expected += token.events
            }
            let cuts = randomCuts(count: input.count, longest: 1 + iteration % 64, using: &generator)
            let whole = firstDifference(decode(input), expected)
            let inPieces = firstDifference(decode(input, cuttingAt: cuts), expected)
            #expect(whole == nil, "stream \(iteration)")
            #expect(inPieces == nil, "stream \(iteration) in pieces")
            // One failing stream says enough.
            if whole != nil || inPieces != nil { break }
        }
    }

    @Test func randomBytesGiveTheSameEventsWholeOrInPieces() {
        var generator = SeededGenerator(seed: 0xB17E5)
        // Bytes that start and shape sequences come often, so every state is reached.
        let shaping = bytes("\u{1B}\u{1B}[[]O<;;1200~M\u{7}\u{18}\\PX_^") + [0xC3, 0xE2, 0xF0, 0x9F, 0x80]
        for iteration in 0..<300 {
            let input = (0..<2000).map { _ in
                Bool.random(using: &generator)
                    ? shaping.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            let cuts = randomCuts(count: input.count, longest: 1 + iteration % 32, using: &generator)
            let difference = firstDifference(decode(input, cuttingAt: cuts), decode(input))
            #expect(difference == nil, "stream \(iteration)")
            if difference != nil { break }
        }
    }
}
