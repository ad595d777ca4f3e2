import BadgeKit
import BadgeTerminal
import Testing

@testable import badgebar

@Suite struct OptionsTests {
    func parse(_ arguments: [String], environment: [String: String] = [:]) throws(Options.UsageError) -> Options.Request
    {
        try Options.parse(arguments) { environment[$0] }
    }

    func message(_ arguments: [String]) -> String? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func defaultsAreTheOriginalDemo() throws {
        #expect(try parse([]) == .run(Options()))
        let options = Options()
        #expect(options.limit == 99)
        #expect(options.autoPlays)
        #expect(!options.reduceMotion)
        #expect(options.framesPerSecond == 60)
        #expect(options.colorMode == .auto)
        #expect(options.iconStyle == nil)
    }

    @Test func everyFlagInBothSpellings() throws {
        var expected = Options()
        expected.limit = 9
        expected.autoPlays = false
        expected.reduceMotion = true
        expected.framesPerSecond = 240
        expected.colorMode = .never
        expected.iconStyle = .ascii
        #expect(
            try parse([
                "--limit", "9", "--no-autoplay", "--reduce-motion", "--fps", "240", "--color", "never", "--icons",
                "ascii",
            ])
                == .run(expected))
        #expect(
            try parse(["--limit=9", "--no-autoplay", "--reduce-motion", "--fps=240", "--color=never", "--icons=ascii"])
                == .run(expected))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse(["--help"]) == .help)
        #expect(try parse(["-h"]) == .help)
        #expect(try parse(["--no-autoplay", "--version"]) == .version)
    }

    @Test func reduceMotionFromTheEnvironment() throws {
        guard case .run(let on) = try parse([], environment: ["BADGEBAR_REDUCE_MOTION": "1"]) else {
            Issue.record("expected to run")
            return
        }
        #expect(on.reduceMotion)
        guard case .run(let off) = try parse([], environment: ["BADGEBAR_REDUCE_MOTION": "0"]) else {
            Issue.record("expected to run")
            return
        }
        #expect(!off.reduceMotion)
    }

    @Test func everyMistakeHasItsOwnMessage() {
        #expect(message(["--limit", "0"]) == "--limit needs a whole number 1 or more, not '0'")
        #expect(message(["--limit", "abc"]) == "--limit needs a whole number 1 or more, not 'abc'")
        #expect(message(["--limit", "-3"]) == "--limit needs a whole number 1 or more, not '-3'")
        #expect(message(["--limit"]) == "--limit needs a value")
        #expect(message(["--fps", "0"]) == "--fps needs a whole number from 1 to 240, not '0'")
        #expect(message(["--fps", "241"]) == "--fps needs a whole number from 1 to 240, not '241'")
        #expect(message(["--icons", "nope"]) == "--icons must be emoji, unicode or ascii, not 'nope'")
        #expect(message(["--color", "sometimes"]) == "--color must be auto, always or never, not 'sometimes'")
        #expect(message(["--bogus"]) == "unknown option '--bogus'")
        #expect(message(["extra"]) == "unexpected argument 'extra'")
        #expect(message(["--no-autoplay=yes"]) == "--no-autoplay takes no value")
        #expect(message(["--limit", "99999999999999999999999"]) != nil)
    }

    @Test func messagesNeverCarryControlCharacters() {
        let text = message(["--icons", "\u{1B}[2Jx"])!
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(text.contains("?[2Jx"))
    }

    @Test func usageListsEveryFlagAndKey() {
        for word in [
            "--limit", "--no-autoplay", "--reduce-motion", "--fps", "--color", "--icons", "--help", "--version",
            "Tab", "Shift-Tab", "Enter", "Space", "Esc", "Ctrl-C", "Ctrl-L", "Ctrl-Z", "1-3", "NO_COLOR",
            "BADGEBAR_REDUCE_MOTION", "--title", "--button", "--counts-from", "Name+=N",
        ] {
            #expect(Usage.text.contains(word), "\(word)")
        }
    }

    @Test func colorModeAndNoColor() {
        #expect(ColorMode.auto.wantsColor(noColorVariable: nil))
        #expect(ColorMode.auto.wantsColor(noColorVariable: ""))
        #expect(!ColorMode.auto.wantsColor(noColorVariable: "1"))
        #expect(ColorMode.always.wantsColor(noColorVariable: "1"))
        #expect(!ColorMode.never.wantsColor(noColorVariable: nil))
    }
}

@Suite struct CustomToolbarOptionsTests {
    @Test func buttonsReplaceTheInboxAndStartStill() throws {
        let request = try Options.parse([
            "--title", "Status", "--button", "Mail:envelope:5", "--button=Builds:hammer:0:yellow",
        ])
        guard case .run(let options) = request else {
            Issue.record("expected to run")
            return
        }
        #expect(options.title == "Status")
        #expect(options.buttons.map(\.title) == ["Mail", "Builds"])
        #expect(options.buttons[1].badgeColor == .systemYellow)
        #expect(!options.autoPlays)
    }

    @Test func theLimitAppliesWhereverItIsGiven() throws {
        guard case .run(let options) = try Options.parse(["--button", "Mail:envelope:50", "--limit", "9"]) else {
            Issue.record("expected to run")
            return
        }
        #expect(options.buttons[0].badgeText == "9+")
    }

    @Test func badSpecsAndPathsAreUsageErrors() throws {
        #expect(throws: Options.UsageError.self) { try Options.parse(["--button", "Mail:rocket:1"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--button"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--title", "\u{1B}"]) }
        #expect(throws: Options.UsageError.self) { try Options.parse(["--counts-from", ""]) }
        #expect(try Options.parse(["--counts-from", "-"]) == .run(Options(countsPath: "-")))
    }
}

@Suite struct BadgeVariantOptionsTests {
    @Test func everyCornerByName() throws {
        for corner in BadgeCorner.allCases {
            guard case .run(let options) = try Options.parse(["--badge-corner", corner.rawValue]) else {
                Issue.record("expected to run")
                return
            }
            #expect(options.badgeCorner == corner)
        }
        #expect(Options().badgeCorner == .topTrailing)
    }

    @Test func aBadCornerOrVariantIsAUsageError() {
        do {
            _ = try Options.parse(["--badge-corner", "middle"])
            Issue.record("expected an error")
        } catch {
            #expect(
                error.message
                    == "--badge-corner must be top-trailing, top-leading, bottom-trailing or bottom-leading, not 'middle'"
            )
        }
        do {
            _ = try Options.parse(["--button", "News:newspaper:dots"])
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("the badge 'dots'"))
        }
    }

    @Test func variantsFromTheCommandLine() throws {
        let request = try Options.parse([
            "--button", "News:newspaper:dot", "--button", "Beta:star:text=new", "--button",
            "Jobs:gear:0:blue:show-zero",
        ])
        guard case .run(let options) = request else {
            Issue.record("expected to run")
            return
        }
        #expect(options.buttons.map(\.badgeText) == [BadgeText.dot, "new", "0"])
    }
}

/// The options of clicks per mouse button: `--on-middle` and the others, `--press-with`, `--mouse-button`.
@Suite struct MouseButtonOptionsTests {
    func parse(_ arguments: [String]) throws(Options.UsageError) -> Options.Request {
        try OptionsTests().parse(arguments)
    }

    func message(_ arguments: [String]) -> String? { OptionsTests().message(arguments) }

    @Test func eachMouseButtonHasAnOptionThatAddsACommandWithIt() throws {
        guard
            case .run(let options) = try parse([
                "--button", "Mail:envelope:0", "--on-middle", "Mail=archive", "--on-scroll-down", "Mail=next",
            ])
        else {
            Issue.record("not a run")
            return
        }
        #expect(
            options.clickCommands == [
                ButtonCommand(buttonTitle: "Mail", command: "archive", mouseButton: .middle),
                ButtonCommand(buttonTitle: "Mail", command: "next", mouseButton: .scrollDown),
            ])
        #expect(options.pressingMouseButtons == [.left])
        #expect(
            message(["--button", "Mail:envelope:0", "--on-right", "Jobs=x"])
                == "--on-right: no button is titled 'Jobs' (the buttons are Mail)")
    }

    @Test func pressWithTakesAListOrNoneAndSaysAWrongWord() throws {
        guard case .run(let options) = try parse(["--press-with", "right, scroll-up"]) else {
            Issue.record("not a run")
            return
        }
        #expect(options.pressingMouseButtons == [.right, .scrollUp])
        guard case .run(let none) = try parse(["--press-with", "none"]) else { return }
        #expect(none.pressingMouseButtons.isEmpty)
        #expect(
            message(["--press-with", "left,wheel"])
                == "--press-with: 'wheel' is no mouse button: give left, middle, right, scroll-up, scroll-down or "
                + "none, or several with commas")
        #expect(MouseButton.describeList([.scrollDown, .left]) == "left,scroll-down")
        #expect(MouseButton.describeList([]) == "none")
    }

    @Test func mouseButtonMakesPressAClickLine() throws {
        let request = try parse(["--press", "Mail", "--mouse-button", "middle", "--control", "/run/c"])
        guard case .run(let options) = request else {
            Issue.record("not a run")
            return
        }
        #expect(
            options.presentation(environment: { _ in nil }, standardOutputIsTerminal: true)
                == .send(line: "click middle Mail", controlPath: "/run/c"))
        #expect(
            message(["--mouse-button", "right", "--control", "/run/c"])
                == "--mouse-button says how --press clicks; give --press NAME too")
        #expect(
            message(["--press", "Mail", "--mouse-button", "up", "--control", "/run/c"])?.contains("--mouse-button")
                == true)
    }
}
