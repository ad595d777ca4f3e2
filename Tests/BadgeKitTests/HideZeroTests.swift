import Testing

@testable import BadgeKit

/// `hide-zero`: a status bar leaves the whole button out while its count is 0 and not stale.
@Suite struct HideZeroTests {
    private let style = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome)

    private func toolbar(mail: Int) -> BadgeToolbar {
        BadgeToolbar(
            title: "Status",
            buttons: [
                BadgedButton(title: "Mail", symbolName: "envelope", count: mail, hidesAtZero: true),
                BadgedButton(title: "Jobs", symbolName: "gear", count: 0),
            ])
    }

    @Test func aHiddenButtonAtZeroIsLeftOutOfEveryBarsLine() {
        let hidden = toolbar(mail: 0)
        #expect(StatusBarFormat.plain.render(hidden, style: style) == "%")
        #expect(StatusBarFormat.tmux.render(hidden, style: style) == "% ")
        #expect(StatusBarFormat.i3blocks.render(hidden, style: style) == "%")
        #expect(StatusBarFormat.polybar.render(hidden, style: style) == "%")
        let blocks = StatusBarFormat.i3bar.render(hidden, style: style)
        #expect(!blocks.contains("\"instance\":\"Mail\"") && blocks.contains("\"instance\":\"Jobs\""))
        #expect(StatusBarFormat.json.render(hidden, style: style).contains("\"title\":\"Mail\""), "JSON has it all")
        #expect(StatusBarFormat.plain.render(toolbar(mail: 2), style: style) == "@ 2  %", "back with a count")
    }

    @Test func aStaleCountShowsTheButtonWithItsMark() {
        var stale = toolbar(mail: 0)
        stale.setStale("failed, exit 1", forButtonAt: 0)
        #expect(StatusBarFormat.plain.render(stale, style: style) == "@?  %", "never a missing button for a `?`")
    }

    @Test func theSpecificationTakesItOnceForACountOnly() throws {
        #expect(try ButtonSpecification.parse("Mail:envelope:0:hide-zero").hidesAtZero)
        #expect(try !ButtonSpecification.parse("Mail:envelope:0").hidesAtZero)
        let failure = ButtonSpecificationTests().failure
        #expect(failure("News:newspaper:dot:hide-zero")?.hasSuffix("hide-zero applies to count badges only") == true)
        #expect(failure("Mail:envelope:0:hide-zero:hide-zero")?.hasSuffix("hide-zero is given twice") == true)
        #expect(
            failure("Mail:envelope:0:show-zero:hide-zero")?.hasSuffix(
                "show-zero shows 0 and hide-zero hides the button at 0; give one") == true)
    }
}

/// `--padding`: spaces that keep a status bar's buttons off the screen's edge, at both ends of the line.
@Suite struct StatusBarPaddingTests {
    private let style = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome, padding: 2)
    private let toolbar = BadgeToolbar(
        title: "Status",
        buttons: [
            BadgedButton(title: "Mail", symbolName: "envelope", count: 3),
            BadgedButton(title: "Jobs", symbolName: "gear", count: 0),
        ])

    @Test func everyLineFormIsPaddedAtBothEnds() {
        #expect(StatusBarFormat.plain.render(toolbar, style: style) == "  @ 3  %  ")
        #expect(StatusBarFormat.i3blocks.render(toolbar, style: style).hasPrefix("  ") == true)
        #expect(StatusBarFormat.polybar.render(toolbar, style: style).hasSuffix("  "))
        #expect(StatusBarFormat.waybar.render(toolbar, style: style).hasPrefix(#"{"text":"  @"#))
        #expect(!StatusBarFormat.json.render(toolbar, style: style).contains(#""  "#), "JSON is data, not a line")
    }

    @Test func i3barPadsTheFirstBlocksStartAndTheLastBlocksEnd() {
        let blocks = StatusBarFormat.i3bar.render(toolbar, style: style)
        #expect(blocks.contains(#""instance":"Mail","full_text":"  @ 3""#), "monochrome: no colour span")
        #expect(blocks.contains(#""instance":"Jobs","full_text":"%  ""#))
        #expect(StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome, padding: -3).padding == 0)
    }
}
