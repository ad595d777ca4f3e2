import TestSupport
import Testing

@testable import BadgeKit

/// The click events i3bar and swaybar write, read from bytes in any pieces, malformed ones skipped.
@Suite struct ClickEventReaderTests {
    typealias Click = ClickEventReader.Click

    /// What i3bar 4.22 writes for two clicks: `[`, then compact objects a line each, `,` before each after the first.
    static let i3bar = """
        [
        {"name":"badgebar","instance":"Mail","button":1,"modifiers":[],"x":1520,"y":12,"relative_x":30,\
        "relative_y":12,"output_x":1520,"output_y":0,"width":60,"height":24}
        ,{"name":"badgebar","instance":"Cart","button":3,"modifiers":["Shift","Mod4"],"x":1580,"y":9,\
        "relative_x":8,"relative_y":9,"output_x":1580,"output_y":0,"width":44,"height":24}

        """

    /// What swaybar 1.7 writes for two clicks: spaced JSON with more members, `,` and a line end after each.
    static let swaybar = """
        [
        { "name": "badgebar", "instance": "Mail", "button": 1, "event": 272, "x": 1520, "y": 12, \
        "relative_x": 30, "relative_y": 12, "width": 60, "height": 24, "scale": 1 },
        { "name": "badgebar", "instance": "Bell", "button": 5, "event": 276, "x": 1620.5, "y": 12, \
        "relative_x": 3.25e1, "relative_y": 12, "width": 60, "height": 24, "scale": 2 },

        """

    static func read(_ text: String, limit: Int = ClickEventReader.defaultObjectLimit) -> [ClickEventReader.Output] {
        var reader = ClickEventReader(objectLimit: limit)
        return reader.take(Array(text.utf8)) + reader.finish()
    }

    static func clicks(_ outputs: [ClickEventReader.Output]) -> [Click] {
        outputs.compactMap { if case .click(let click) = $0 { click } else { nil } }
    }

    static func problems(_ outputs: [ClickEventReader.Output]) -> [String] {
        outputs.compactMap { if case .problem(let text) = $0 { text } else { nil } }
    }

    @Test func i3barsCompactClicks() {
        #expect(
            Self.read(Self.i3bar) == [
                .click(Click(name: "badgebar", instance: "Mail", button: 1)),
                .click(Click(name: "badgebar", instance: "Cart", button: 3)),
            ])
    }

    @Test func swaybarsSpacedClicksWithMoreMembers() {
        #expect(
            Self.read(Self.swaybar) == [
                .click(Click(name: "badgebar", instance: "Mail", button: 1)),
                .click(Click(name: "badgebar", instance: "Bell", button: 5)),
            ])
    }

    @Test func everySplitPointGivesTheSameClicks() {
        let bytes = Array((Self.i3bar + #"{"button":2,"instance":"a\"b\u00e9"}"# + "\n").utf8)
        let whole = Self.read(Self.i3bar + #"{"button":2,"instance":"a\"b\u00e9"}"# + "\n")
        #expect(Self.clicks(whole).count == 3 && Self.problems(whole).isEmpty)
        for split in 0...bytes.count {
            var reader = ClickEventReader()
            let outputs = reader.take(bytes[..<split]) + reader.take(bytes[split...]) + reader.finish()
            #expect(outputs == whole, "split at \(split)")
        }
        var reader = ClickEventReader()
        #expect(bytes.flatMap { reader.take([$0]) } == whole, "a byte at a time")
        let swaybar = Array(Self.swaybar.utf8)
        for split in stride(from: 0, through: swaybar.count, by: 1) {
            var reader = ClickEventReader()
            #expect(reader.take(swaybar[..<split]) + reader.take(swaybar[split...]) == Self.read(Self.swaybar))
        }
    }

    @Test func aClickCutAtTheEndOfTheInputIsAProblem() {
        var reader = ClickEventReader()
        #expect(reader.take(Array(#"[{"button":1,"instance":"Ma"#.utf8)) == [])
        #expect(reader.finish() == [.problem("the input ended inside a click event")])
        #expect(reader.take(Array(#"{"button":2}"#.utf8)) == [.click(Click(name: nil, instance: nil, button: 2))])
    }

    @Test(arguments: [
        (#"{"name":"badgebar",}"#, "a click event that is not JSON was skipped: expected a key in quotes, found '}'"),
        ("{\"instance\":\"Mail\n", "a click event that is not JSON was skipped: a line end inside a string"),
        (#"{"button":1 "x":2}"#, "a click event that is not JSON was skipped: expected ',' or '}', found '\"'"),
        (#"{"button" 1}"#, "a click event that is not JSON was skipped: expected ':' after a key, found '1'"),
        (#"{"button":01}"#, "a click event that is not JSON was skipped: expected ',' or '}', found '1'"),
        (#"{"button":-}"#, "a click event that is not JSON was skipped: a number cut short by '}'"),
        (#"{"button":1e}"#, "a click event that is not JSON was skipped: a number cut short by '}'"),
        (#"{"button":tru}"#, "a click event that is not JSON was skipped: expected true, false or null, found '}'"),
        (#"{"button":1,"x":[1,}"#, "a click event that is not JSON was skipped: expected a value, found '}'"),
        (
            #"{"x":"\q","button":1}"#,
            "a click event that is not JSON was skipped: a backslash before 'q', which escapes nothing"
        ),
        (
            #"{"x":"\u12g4","button":1}"#,
            "a click event that is not JSON was skipped: expected four hex digits after \\u, found 'g'"
        ),
        (#"{"name":"badgebar"}"#, "a click event without a button number was skipped"),
        (#"{"button":"1"}"#, "a click event whose button is not a number was skipped"),
        (#"{"button":1.5}"#, "a click event whose button is not a whole number was skipped"),
        (#"{"button":123456789012345678901234567890}"#, "a click event whose button is not a whole number was skipped"),
        (#"{"instance":7,"button":1}"#, "a click event whose instance is not a string was skipped"),
        ("hello", "skipped 'h' between click events"),
        ("\u{01}", "skipped byte 0x01 between click events"),
    ])
    func aMalformedEventIsReportedAndTheNextClickIsStillRead(malformed: String, problem: String) {
        let next = #"{"name":"badgebar","instance":"Cart","button":1}"#
        for separator in ["\n,", ",\n", ""] {
            let outputs = Self.read(#"[{"instance":"Mail","button":1}"# + "\n," + malformed + separator + next + "\n")
            #expect(
                outputs == [
                    .click(Click(name: nil, instance: "Mail", button: 1)), .problem(problem),
                    .click(Click(name: "badgebar", instance: "Cart", button: 1)),
                ], "\(malformed) then \(separator.debugDescription)")
        }
    }

    @Test func stringsWithEveryEscapeAndSurrogatePairs() {
        let event =
            #"{"button":1,"instance":"a\"b\\c\/d\b\f\n\r\t\u00e9\u2603\ud83d\udce8\uD83D\uDCE8|\ud800x|\udc00|\ud800"}"#
        #expect(
            Self.clicks(Self.read(event)) == [
                Click(name: nil, instance: "a\"b\\c/d\u{08}\u{0C}\n\r\té☃📨📨|\u{FFFD}x|\u{FFFD}|\u{FFFD}", button: 1)
            ])
        #expect(
            Self.clicks(Self.read(#"{"button":1,"instance":"\ud83d\u0041"}"#)) == [
                Click(name: nil, instance: "\u{FFFD}A", button: 1)
            ], "a high half followed by another character")
        #expect(
            Self.clicks(Self.read("{\"button\":1,\"instance\":\"caf\u{E9} \u{1F4E8}\"}")) == [
                Click(name: nil, instance: "café 📨", button: 1)
            ], "UTF-8 as it is")
        var reader = ClickEventReader()
        let invalid = reader.take(Array(#"{"button":1,"instance":""#.utf8) + [0xFF, 0x22, 0x7D])
        #expect(invalid == [.click(Click(name: nil, instance: "\u{FFFD}", button: 1))], "invalid UTF-8 replaced")
    }

    @Test func nestedValuesNumbersAndLiteralsAreSkippedWhateverTheyHold() {
        let event = """
            { "x": {"a": [1, {"b": [true, false, null, -0.5e+10, 0, 1E5, 2.25]}], "instance": "inner", "c": "}"},
              "name" : "badgebar", "button" : 2, "instance" : "}{", "modifiers": [], "empty": {}, "deep": [[[]]] }
            """
        #expect(Self.read(event) == [.click(Click(name: "badgebar", instance: "}{", button: 2))])
        #expect(Self.clicks(Self.read(#"{"button":-3}"#)) == [Click(name: nil, instance: nil, button: -3)])
        #expect(
            Self.clicks(Self.read(#"{"button":1,"button":4}"#)) == [Click(name: nil, instance: nil, button: 4)],
            "the last of a repeated key")
    }

    @Test func nestingTooDeepIsAProblemAndTheNextClickIsRead() {
        let deep = "{\"x\":" + String(repeating: "[", count: 100) + "\n"
        let outputs = Self.read(deep + #"{"button":1}"#)
        #expect(outputs.first == .problem("a click event that is not JSON was skipped: nested deeper than 32 levels"))
        #expect(outputs.last == .click(Click(name: nil, instance: nil, button: 1)))
    }

    @Test func anEventOfAMegabyteIsSkippedWholeAndTheRestRead() {
        let big = #"{"name":"badgebar","instance":""# + String(repeating: "x", count: 1 << 20) + #"","button":1}"#
        let text = #"[{"instance":"Mail","button":1}"# + "\n," + big + "\n," + #"{"instance":"Cart","button":2}"# + "\n"
        let expected: [ClickEventReader.Output] = [
            .click(Click(name: nil, instance: "Mail", button: 1)),
            .problem("a click event longer than 65536 bytes was skipped"),
            .click(Click(name: nil, instance: "Cart", button: 2)),
        ]
        let bytes = Array(text.utf8)
        var reader = ClickEventReader()
        var outputs: [ClickEventReader.Output] = []
        var largestKept = 0
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            outputs += reader.take(bytes[start..<min(start + 4096, bytes.count)])
            largestKept = max(largestKept, reader.stringBytes.count)
        }
        #expect(outputs == expected)
        #expect(largestKept <= ClickEventReader.defaultObjectLimit, "nothing past the limit is kept")
        // Just at the limit is read; one byte more is not.
        let event = #"{"button":1,"instance":""# + String(repeating: "y", count: 100) + #""}"#
        #expect(Self.clicks(Self.read(event, limit: event.utf8.count)).count == 1)
        #expect(
            Self.read(event, limit: event.utf8.count - 1) == [
                .problem("a click event longer than \(event.utf8.count - 1) bytes was skipped")
            ])
        // A long event that is malformed too is reported once, as long.
        let malformed = #"{"instance":""# + String(repeating: "z", count: 200) + "\n" + #"{"button":3}"#
        #expect(
            Self.read(malformed, limit: 100) == [
                .problem("a click event longer than 100 bytes was skipped"),
                .click(Click(name: nil, instance: nil, button: 3)),
            ])
    }

    @Test func randomBytesNeverCrashAndAClickAfterThemIsRead() {
        var random = SeededGenerator(seed: 0xC11C)
        let alphabet = Array(#"{}[]:,"\u0123456789abcdefetrunl -+.Ee"#.utf8) + [0x0A, 0x00, 0xFF, 0xC3, 0xA9]
        for round in 0..<200 {
            var reader = ClickEventReader(objectLimit: 512)
            let count = Int.random(in: 0..<2000, using: &random)
            let bytes: [UInt8] = (0..<count).map { _ in
                Bool.random(using: &random)
                    ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
            }
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...64, using: &random))
                _ = reader.take(bytes[start..<end])
                start = end
            }
            _ = reader.finish()
            #expect(
                reader.take(Array(#"{"button":1}"#.utf8)) == [.click(Click(name: nil, instance: nil, button: 1))],
                "round \(round)")
        }
        // Valid events with bytes flipped: still no crash, and the reader's memory stays within the limit.
        let valid = Array((Self.i3bar + Self.swaybar).utf8)
        for _ in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            var reader = ClickEventReader(objectLimit: 256)
            _ = reader.take(bytes)
            #expect(reader.stringBytes.count <= 256 && reader.containers.count <= ClickEventReader.depthLimit)
        }
    }
}
