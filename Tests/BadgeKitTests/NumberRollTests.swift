import Foundation
import Testing

@testable import BadgeKit

/// Every frame of a number roll shows the old count, the new one or a number between, in order: checked on a
/// millisecond grid for every change below, and written out at 60 frames a second in `Tests/Golden/roll/rolls.txt`.
@Suite struct NumberRollTests {
    /// A change of one badge's count, with the badge's limit.
    struct Change: CustomStringConvertible {
        var from: Int
        var to: Int
        var limit = BadgeText.defaultLimit

        var description: String { "\(from) → \(to)" + (limit == BadgeText.defaultLimit ? "" : " (limit \(limit))") }
    }

    /// Single and multiple digits, widths that grow and shrink, the limit crossed, each in both directions.
    static let changes: [Change] = [
        Change(from: 1, to: 2), Change(from: 2, to: 1),
        Change(from: 2, to: 7), Change(from: 7, to: 2),
        Change(from: 8, to: 12), Change(from: 12, to: 8),
        Change(from: 12, to: 9), Change(from: 9, to: 12),
        Change(from: 9, to: 10), Change(from: 10, to: 9),
        Change(from: 19, to: 21), Change(from: 21, to: 19),
        Change(from: 38, to: 64), Change(from: 64, to: 38),
        Change(from: 96, to: 98), Change(from: 98, to: 95),
        Change(from: 1, to: 99), Change(from: 99, to: 1),
        Change(from: 95, to: 150), Change(from: 150, to: 95),
        Change(from: 99, to: 100), Change(from: 100, to: 99),
        Change(from: 3, to: 500), Change(from: 500, to: 3),
        Change(from: 998, to: 1003, limit: 9999), Change(from: 1003, to: 998, limit: 9999),
        Change(from: 7, to: 12_345, limit: 99_999), Change(from: 12_345, to: 7, limit: 99_999),
        Change(from: 4, to: 12, limit: 9), Change(from: 12, to: 4, limit: 9),
    ]

    /// A toolbar of one button with a count and a limit.
    static func toolbar(count: Int, limit: Int, reduceMotion: Bool = false) -> BadgeToolbar {
        BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "B", symbolName: "bell", count: count, limit: limit)],
            reduceMotion: reduceMotion)
    }

    /// The value a badge text stands for: the number, or one past the limit for the limit form.
    static func value(of text: String) -> Int? {
        RollingNumber(text)?.value
    }

    /// The texts a badge shows from a change at 0 until well after it ends, sampled every `step` seconds.
    static func texts(of change: Change, step: Double, reduceMotion: Bool = false) -> [(text: String, columns: Int)] {
        var toolbar = toolbar(count: change.from, limit: change.limit, reduceMotion: reduceMotion)
        toolbar.setCount(change.to, forButtonAt: 0, at: 0)
        return stride(from: 0, through: 1.5, by: step).map { time in
            let frame = toolbar.badgeFrame(forButtonAt: 0, at: time)
            return (frame.text ?? "", frame.columns)
        }
    }

    @Test(arguments: changes)
    func everyMillisecondShowsANumberBetweenTheEndsInOrder(change: Change) throws {
        let before = try #require(BadgeText.text(for: change.from, limit: change.limit))
        let after = try #require(BadgeText.text(for: change.to, limit: change.limit))
        let (start, end) = (try #require(Self.value(of: before)), try #require(Self.value(of: after)))
        var previous = start
        for (index, frame) in Self.texts(of: change, step: 0.001).enumerated() {
            let value = try #require(Self.value(of: frame.text), "\(change): \(frame.text) at \(index) ms")
            #expect(min(start, end) <= value && value <= max(start, end), "\(change): \(frame.text) at \(index) ms")
            // In order: up for an increase, down for a decrease, never back.
            #expect(end > start ? value >= previous : value <= previous, "\(change): \(frame.text) at \(index) ms")
            // The width is the number's own: a digit more, a column more.
            #expect(frame.columns == frame.text.count + 2, "\(change): \(frame.text) in \(frame.columns) columns")
            previous = value
        }
        #expect(previous == end)
    }

    @Test(arguments: changes)
    func reduceMotionCrossFadesFromTheOldNumberToTheNew(change: Change) throws {
        let before = try #require(BadgeText.text(for: change.from, limit: change.limit))
        let after = try #require(BadgeText.text(for: change.to, limit: change.limit))
        let shown = Set(Self.texts(of: change, step: 0.001, reduceMotion: true).map(\.text))
        #expect(shown == [before, after])
    }

    /// Each change's frames at 60 a second until the roll ends, one line a change.
    static func goldenText() -> String {
        changes.map { change in
            let frames = texts(of: change, step: 1.0 / 60).map(\.text)
            let settled = frames.last ?? ""
            // Leave off the frames after the roll has arrived, which all show the new number.
            let moving = frames.lastIndex { $0 != settled }.map { frames[...($0 + 1)] } ?? frames[...0]
            return "\(change): " + moving.joined(separator: " ")
        }.joined(separator: "\n") + "\n"
    }

    @Test func theFramesAt60AGoldenFileHolds() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/roll/rolls.txt").path
        if ProcessInfo.processInfo.environment["BADGEBAR_WRITE_GOLDEN"] == "1" {
            try Self.goldenText().write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(Self.goldenText() == (try String(contentsOfFile: path, encoding: .utf8)))
    }
}
