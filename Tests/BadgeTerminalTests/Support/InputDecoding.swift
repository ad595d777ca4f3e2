import BadgeKit
import BadgeTerminal
import TestSupport

/// ESC, as bytes to concatenate.
let escape: [UInt8] = [0x1B]

/// The UTF-8 bytes of a string.
func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}

/// The events a fresh decoder gives for `input` fed at once, then left to wait past any deadline.
func decode(_ input: [UInt8], expiring: Bool = true) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    decoder.feed(input, at: 0, into: &events)
    if expiring {
        decoder.expire(at: 10, into: &events)
    }
    return events
}

/// The events a fresh decoder gives for `input` fed in pieces, cut before each offset in `cuts` (ascending).
func decode(_ input: [UInt8], cuttingAt cuts: [Int]) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var start = 0
    for cut in cuts + [input.count] {
        decoder.feed(input[start..<cut], at: 0, into: &events)
        start = cut
    }
    decoder.expire(at: 10, into: &events)
    return events
}

/// Cut offsets that split `count` bytes into random pieces of 1 to `longest` bytes.
func randomCuts(count: Int, longest: Int, using generator: inout SeededGenerator) -> [Int] {
    var cuts: [Int] = []
    var offset = Int.random(in: 1...longest, using: &generator)
    while offset < count {
        cuts.append(offset)
        offset += Int.random(in: 1...longest, using: &generator)
    }
    return cuts
}

/// Where `actual` first differs from `expected`, in a few words; `nil` when they are the same.
///
/// Long inputs that leak give hundreds of thousands of events: a failure
/// message must name the first wrong one, not print them all.
func firstDifference(_ actual: [InputEvent], _ expected: [InputEvent]) -> String? {
    guard actual != expected else { return nil }
    let index = zip(actual, expected).prefix { $0 == $1 }.count
    let found = index < actual.count ? "\(actual[index])" : "nothing"
    let wanted = index < expected.count ? "\(expected[index])" : "nothing"
    return "\(actual.count) events instead of \(expected.count); at \(index): \(found) instead of \(wanted)"
}
