import BadgeKit
import TestSupport
import Testing

@testable import BadgeTerminal

/// Input that stops in the middle of a sequence: every state is over once the escape delay passes, and the keys
/// typed after it are keys.
@Suite struct InputDecoderTimeoutTests {
    /// One input left open in each state the decoder has, and what it gives once it times out.
    struct OpenInput: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var timedOut: [InputEvent]
        var testDescription: String { name }
    }

    static let openInputs: [OpenInput] = [
        OpenInput(name: "a lone ESC", bytes: escape, timedOut: [.key(.escape)]),
        OpenInput(name: "ESC ESC", bytes: escape + escape, timedOut: [.key(.escape), .key(.escape)]),
        OpenInput(name: "Alt-] (ESC ], an OSC introducer)", bytes: escape + bytes("]"), timedOut: [.key(.alt("]"))]),
        OpenInput(name: "Alt-P (ESC P, DCS)", bytes: escape + bytes("P"), timedOut: [.key(.alt("P"))]),
        OpenInput(name: "Alt-_ (ESC _, APC)", bytes: escape + bytes("_"), timedOut: [.key(.alt("_"))]),
        OpenInput(name: "Alt-^ (ESC ^, PM)", bytes: escape + bytes("^"), timedOut: [.key(.alt("^"))]),
        OpenInput(name: "Alt-X (ESC X, SOS)", bytes: escape + bytes("X"), timedOut: [.key(.alt("X"))]),
        OpenInput(name: "Alt-[ (ESC [, CSI)", bytes: escape + bytes("["), timedOut: [.key(.alt("["))]),
        OpenInput(name: "Alt-O (ESC O, SS3)", bytes: escape + bytes("O"), timedOut: [.key(.alt("O"))]),
        OpenInput(name: "Alt-Space (ESC SP, an intermediate)", bytes: escape + bytes(" "), timedOut: [.key(.alt(" "))]),
        OpenInput(name: "Alt-( (ESC (, an intermediate)", bytes: escape + bytes("("), timedOut: [.key(.alt("("))]),
        OpenInput(name: "an OSC with a body", bytes: escape + bytes("]0;q title"), timedOut: []),
        OpenInput(name: "a DCS with a body", bytes: escape + bytes("P1$rq"), timedOut: []),
        OpenInput(name: "a string and the first half of its ST", bytes: escape + bytes("]0;q") + escape, timedOut: []),
        OpenInput(name: "a CSI with parameters", bytes: escape + bytes("[1;5"), timedOut: []),
        OpenInput(name: "a CSI with a private marker", bytes: escape + bytes("[<0;10"), timedOut: []),
        OpenInput(name: "a CSI with an intermediate", bytes: escape + bytes("[1 "), timedOut: []),
        OpenInput(name: "a malformed CSI", bytes: escape + bytes("[1:"), timedOut: []),
        OpenInput(name: "an SS3 with parameters", bytes: escape + bytes("O1;"), timedOut: []),
        OpenInput(name: "an X10 report with no byte", bytes: escape + bytes("[M"), timedOut: []),
        OpenInput(name: "an X10 report with one byte", bytes: escape + bytes("[M "), timedOut: []),
        OpenInput(name: "an X10 report with two bytes", bytes: escape + bytes("[M !"), timedOut: []),
        OpenInput(name: "two escape intermediates", bytes: escape + bytes("(("), timedOut: []),
        OpenInput(name: "half a UTF-8 character", bytes: [0xE2, 0x82], timedOut: []),
        OpenInput(name: "the lead of a four-byte character", bytes: [0xF0], timedOut: []),
        OpenInput(name: "ESC and half a character", bytes: escape + [0xC3], timedOut: []),
        OpenInput(name: "an unterminated bracketed paste", bytes: escape + bytes("[200~q1"), timedOut: []),
        OpenInput(
            name: "a paste cut inside its end", bytes: escape + bytes("[200~q") + escape + bytes("[20"), timedOut: []),
    ]

    @Test(arguments: openInputs)
    func everyStateLeftOpenIsOverAtTheEscapeDelayAndTheNextKeyIsAKey(_ input: OpenInput) {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        decoder.feed(input.bytes, at: 10, into: &events)
        let beforeTimeout = events
        #expect(!decoder.isIdle, "the input leaves a sequence open")
        #expect(decoder.deadline == 10.025)
        decoder.expire(at: 10.02, into: &events)
        #expect(events == beforeTimeout, "nothing gives up before the escape delay")
        #expect(!decoder.isIdle)

        decoder.expire(at: 10.03, into: &events)
        #expect(events == input.timedOut)
        #expect(decoder.isIdle)
        #expect(decoder.deadline == nil)

        events = []
        decoder.feed(bytes("q"), at: 11, into: &events)
        decoder.feed([3], at: 12, into: &events)
        #expect(events == [.character("q"), .key(.interrupt)], "q and Ctrl-C after the timed-out input")
    }

    @Test func theDelayCountsFromTheLastByteOfTheSequence() {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        decoder.feed(escape + bytes("]0;"), at: 0, into: &events)
        decoder.feed(bytes("title"), at: 0.02, into: &events)
        #expect(decoder.deadline == 0.045)
        decoder.expire(at: 0.03, into: &events)
        #expect(!decoder.isIdle, "still coming")
        decoder.feed([0x07] + bytes("q"), at: 0.04, into: &events)
        #expect(events == [.character("q")])
    }

    @Test func everyStateReachedByRandomBytesHasTheDeadlineAndEndsThere() {
        var generator = SeededGenerator(seed: 0xDEAD_11)
        // Bytes that start and shape sequences come often, so every state is reached.
        let shaping =
            bytes("\u{1B}\u{1B}[[]O<;;1200~M \u{7}\u{18}\\PX_^(") + [0xC3, 0xE2, 0xF0, 0x9F, 0x80, 0x20, 0x21]
        for stream in 0..<200 {
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var time = 0.0
            for index in 0..<200 {
                let byte =
                    Bool.random(using: &generator)
                    ? shaping.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                time += 0.001
                decoder.feed([byte], at: time, into: &events)
                #expect(
                    decoder.deadline == (decoder.isIdle ? nil : time + decoder.escapeTimeoutSeconds),
                    "stream \(stream), byte \(index)")
                // Input that stops here: over at the deadline, and a q then is q.
                var stopped = decoder
                var afterwards: [InputEvent] = []
                stopped.expire(at: time + 0.025, into: &afterwards)
                #expect(stopped.isIdle, "stream \(stream), byte \(index): \(stopped.state)")
                afterwards = []
                stopped.feed(bytes("q"), at: time + 1, into: &afterwards)
                #expect(afterwards == [.character("q")], "stream \(stream), byte \(index): \(decoder.state)")
                if !stopped.isIdle || afterwards != [.character("q")] { return }
            }
        }
    }
}
