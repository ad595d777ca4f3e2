import Foundation
import Testing

@testable import BadgeKit

/// Two updates of the fixed toolbar as a stream gives them, in every form, compared with `Tests/Golden/stream`:
/// the toolbar at rest, then Messages risen to 5 and Tag's watch failing.
@Suite struct StatusBarStreamTests {
    /// `Tests/Golden/stream`, beside `Tests/Golden/once`.
    static let goldenFolder = URL(fileURLWithPath: StatusBarFormatTests.goldenFolder).deletingLastPathComponent()
        .appendingPathComponent("stream").path

    static let style = StatusBarStyle(iconStyle: .emoji, colorDepth: .indexed256)

    /// What a stream in a form writes for the two updates, with a press command for polybar's click areas.
    static func twoUpdates(_ format: StatusBarFormat) throws -> String {
        var toolbar = try StatusBarFormatTests.toolbar()
        var stream = StatusBarStream(
            format: format, style: style,
            pressCommand: StatusBarPressCommand(template: "badgebar-press {title}"))
        var text = stream.line(for: toolbar)
        toolbar.setCount(5, forButtonAt: 0, at: 1)
        toolbar.setStale("failed, exit 1", forButtonAt: 5)
        text += stream.line(for: toolbar, state: StatusBarState(risingButtons: [0]))
        #expect(stream.linesGiven == 2)
        return text
    }

    @Test(arguments: [StatusBarFormat.i3bar, .waybar, .polybar, .i3blocks])
    func twoUpdatesOfTheFixedToolbar(format: StatusBarFormat) throws {
        let text = try Self.twoUpdates(format)
        let golden = try StatusBarFormatTests.golden(
            "\(format.rawValue).txt", writing: text, in: Self.goldenFolder)
        #expect(text == golden)
    }

    @Test func i3barIsTheHeaderThenAnArrayALineWithACommaBeforeEachAfterTheFirst() throws {
        let text = try Self.twoUpdates(.i3bar)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 5 && lines[4] == "", "a line end after the last update")
        #expect(lines[0] == #"{"version":1,"click_events":true}"#)
        #expect(lines[1] == "[")
        #expect(lines[2].hasPrefix("[{") && lines[2].hasSuffix("}]"))
        #expect(lines[3].hasPrefix(",[{") && lines[3].hasSuffix("}]"))
        #expect(StatusBarFormat.i3bar.streamHeader == lines[0] + "\n[\n")

        // What follows the header, closed, is one JSON array of updates, each an array of blocks.
        let header = try #require(
            JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 1 && header["click_events"] as? Bool == true)
        let body = lines[1...3].joined(separator: "\n") + "]"
        let updates = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[[String: Any]]])
        #expect(updates.count == 2 && updates.allSatisfy { $0.count == 7 })
        #expect(updates[1][0]["urgent"] as? Bool == true, "Messages rose")
        #expect(updates[0][0]["urgent"] == nil && updates[1][1]["urgent"] == nil)
        #expect(updates[1].map { $0["instance"] as? String } == updates[0].map { $0["instance"] as? String })
        #expect(
            updates[1][5]["full_text"] as? String == ##"⭐<span background="#AF52DE" foreground="#FFFFFF"> #1 </span>?"##
        )
    }

    @Test func everyOtherFormIsOneRenderedLinePerUpdate() throws {
        var toolbar = try StatusBarFormatTests.toolbar()
        for format in StatusBarFormat.allCases where format != .i3bar {
            #expect(format.streamHeader == "")
            var stream = StatusBarStream(format: format, style: Self.style)
            #expect(stream.line(for: toolbar) == format.render(toolbar, style: Self.style) + "\n")
            toolbar.setCount(9, forButtonAt: 1, at: 0)
            #expect(stream.line(for: toolbar) == format.render(toolbar, style: Self.style) + "\n")
            toolbar.setCount(1, forButtonAt: 1, at: 0)
        }
    }

    @Test func onlyI3barIsRefusedByOnceAndTheMessageSaysToUseStream() throws {
        #expect(StatusBarFormat.allCases.filter(\.isStreamOnly) == [.i3bar])
        let message = try #require(StatusBarFormat.i3bar.onceRefusal)
        #expect(message.contains("--stream") && message.contains("--once") && message.contains("i3bar"))
        #expect(StatusBarFormat.allCases.filter { $0.onceRefusal != nil } == [.i3bar])
    }

    @Test func everyWaybarAndI3barLineIsJSON() throws {
        var toolbar = try StatusBarFormatTests.toolbar()
        toolbar.setStale("failed", forButtonAt: 0)
        for format in [StatusBarFormat.waybar, .i3bar] {
            for depth in [ColorDepth.monochrome, .indexed256] {
                let text = format.render(
                    toolbar, style: StatusBarStyle(iconStyle: .ascii, colorDepth: depth),
                    state: StatusBarState(risingButtons: [1]))
                #expect(!text.contains("\n"))
                #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(text)")
            }
        }
    }
}
