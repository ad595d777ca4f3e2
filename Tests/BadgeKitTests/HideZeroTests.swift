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

/// A badge's colour by thresholds of its count, as warning and critical levels: `green,orange@5,red@20`.
@Suite struct ColorThresholdTests {
    @Test func theColourIsTheHighestStepTheCountHasReached() throws {
        var button = try ButtonSpecification.parse("Builds:hammer:0:green,orange@5,red@20")
        #expect(button.badgeColor == .systemGreen && button.colorsFromCount == [5: .systemOrange, 20: .systemRed])
        for (count, color) in [
            (1, RGBColor.systemGreen), (4, .systemGreen), (5, .systemOrange), (19, .systemOrange),
            (20, .systemRed), (500, .systemRed),
        ] {
            button.count = count
            #expect(button.shownBadgeColor == color, "\(count)")
        }
        #expect(try ButtonSpecification.parse("B:hammer:0:yellow@3").badgeColor == .systemRed, "red below the step")
    }

    @Test func everyFormShowsTheColourOfTheCount() {
        var button = BadgedButton(title: "Builds", symbolName: "hammer", count: 7, badgeColor: .systemGreen)
        button.colorsFromCount = [5: .systemOrange]
        let toolbar = BadgeToolbar(title: "S", buttons: [button])
        let style = StatusBarStyle(iconStyle: .ascii, colorDepth: .direct)
        let orange = RGBColor.systemOrange.description
        #expect(StatusBarFormat.i3bar.render(toolbar, style: style).contains(#"background=\"\#(orange)\""#))
        #expect(StatusBarFormat.polybar.render(toolbar, style: style).contains("%{B\(orange)}"))
        #expect(StatusBarFormat.json.render(toolbar, style: style).contains(#""badgeColor":"\#(orange)""#))
    }

    @Test(arguments: [
        ("B:hammer:0:green,blue", "has two colours without a count"), ("B:hammer:0:orange@0", "1 or more"),
        ("B:hammer:0:orange@5,red@5", "gives two colours from 5"), ("B:hammer:0:mauve@5", "unknown colour 'mauve'"),
        ("B:hammer:0:red:orange@5,blue", "a second colour"),
    ])
    func aBadListSaysWhatIsWrong(specification: String, problem: String) {
        #expect(ButtonSpecificationTests().failure(specification)?.contains(problem) == true, "\(specification)")
    }
}

/// A button's own layout in a status bar: `format={icon} {title} {count}`.
@Suite struct BarFormatTests {
    private func toolbar(_ format: String, count: Int = 3, stale: Bool = false) throws -> BadgeToolbar {
        var toolbar = BadgeToolbar(
            title: "S", buttons: [try ButtonSpecification.parse("Mail:envelope:\(count):format=\(format)")])
        if stale { toolbar.setStale("failed", forButtonAt: 0) }
        return toolbar
    }
    private let ascii = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome)
    private let colour = StatusBarStyle(iconStyle: .ascii, colorDepth: .indexed256)

    @Test func theIconTheTitleAndTheBadgeGoWhereTheFormatSays() throws {
        let mail = try toolbar("{icon} {title} {count}")
        #expect(StatusBarFormat.plain.render(mail, style: ascii) == "@ Mail 3")
        #expect(StatusBarFormat.plain.render(try toolbar("{icon} {title} {count}", count: 0), style: ascii) == "@ Mail")
        #expect(StatusBarFormat.plain.render(try toolbar("{title}: {count}", stale: true), style: ascii) == "Mail: 3?")
        #expect(
            StatusBarFormat.i3blocks.render(mail, style: colour)
                == ##"@ Mail <span background="#FF3B30" foreground="#FFFFFF"> 3 </span>"##)
        #expect(StatusBarFormat.tmux.render(mail, style: colour) == "@ Mail #[fg=colour231,bg=colour196] 3 #[default] ")
        #expect(StatusBarFormat.polybar.render(mail, style: colour) == "@ Mail %{B#FF3B30}%{F#FFFFFF} 3 %{B- F-}")
        #expect(StatusBarFormat.i3bar.render(mail, style: ascii).contains(#""short_text":"@ Mail 3""#))
    }

    @Test func whatTheFormatSaysOfItsOwnIsEscapedForEachBar() throws {
        let mail = try toolbar("<b>#{title} {count}")
        #expect(StatusBarFormat.i3blocks.render(mail, style: ascii) == "&lt;b&gt;#Mail 3")
        #expect(StatusBarFormat.tmux.render(mail, style: ascii).hasPrefix("<b>##Mail"))
    }

    @Test func aFormatShowsSomethingOfTheButton() throws {
        #expect(
            ButtonSpecificationTests().failure("Mail:envelope:0:format=hello")?.contains(
                "shows nothing of the button: give {icon}, {count} or {title}") == true)
        #expect(
            try ButtonSpecification.parse("M:envelope:0:format={icon}: {title}:red").barFormat == "{icon}: {title}:red",
            "the rest of the specification, colons and all")
    }
}
