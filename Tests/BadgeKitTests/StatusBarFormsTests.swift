import Testing

@testable import BadgeKit

/// The bars' own forms (i3bar and swaybar, Waybar, polybar, i3blocks): escaping, colour and its absence, the stale
/// mark, rising counts, and every kind of badge.
@Suite struct StatusBarFormsTests {
    static let colour = StatusBarStyle(iconStyle: .emoji, colorDepth: .direct)
    static let noColour = StatusBarStyle(iconStyle: .emoji, colorDepth: .monochrome)
    static let barForms: [StatusBarFormat] = [.i3bar, .waybar, .polybar, .i3blocks]

    static func toolbar(_ buttons: BadgedButton...) -> BadgeToolbar {
        BadgeToolbar(title: "T", buttons: buttons)
    }

    // MARK: Escaping

    @Test func pangoEscapesItsFiveCharactersAndLeavesControlsOut() {
        #expect(PangoMarkup.escaped(#"a&b<c>d"e'f"#) == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
        #expect(PangoMarkup.escaped("line\nend\u{1B}[0m\u{7F}é") == "lineend[0mé")
        #expect(PangoMarkup.escaped("&amp;") == "&amp;amp;", "an entity in a title is text, not an entity")
    }

    @Test func aTitleAndAWordBadgeWithPangoCharactersAreEscapedWhereverTheyAreMarkup() {
        let toolbar = Self.toolbar(
            BadgedButton(title: #"R&D <"ops"> 'x'"#, symbolName: "star", count: 1, style: .text("<b>&")))
        let i3bar = StatusBarFormat.i3bar.render(toolbar, style: Self.colour)
        // The instance is no markup: JSON only, so a click names the title as it is.
        #expect(i3bar.contains(#""instance":"R&D <\"ops\"> 'x'""#))
        #expect(i3bar.contains(##"foreground=\"#FFFFFF\"> &lt;b&gt;&amp; </span>""##), "\(i3bar)")
        #expect(i3bar.contains(#""short_text":"⭐&lt;b&gt;&amp;""#))
        let waybar = StatusBarFormat.waybar.render(toolbar, style: Self.colour)
        #expect(
            waybar.contains(#""tooltip":"R&amp;D &lt;&quot;ops&quot;&gt; &#39;x&#39;: &lt;b&gt;&amp;""#), "\(waybar)")
        #expect(
            StatusBarFormat.i3blocks.render(toolbar, style: Self.noColour) == "⭐ &lt;b&gt;&amp;",
            "escaped without colour too")
    }

    @Test func asciiIconsThatArePangoCharactersAreEscaped() {
        let toolbar = Self.toolbar(
            BadgedButton(title: "Love", symbolName: "heart", count: 2),
            BadgedButton(title: "Chat", symbolName: "bubble.left", count: 0))
        let ascii = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome)
        #expect(StatusBarFormat.i3blocks.render(toolbar, style: ascii) == "&amp; 2  &quot;")
        #expect(StatusBarFormat.polybar.render(toolbar, style: ascii) == "& 2  \"", "polybar has no entities")
    }

    @Test func polybarKeepsAPercentBeforeABraceFromStartingATag() {
        let toolbar = Self.toolbar(
            BadgedButton(title: "Disk", symbolName: "gear", count: 1, style: .text("50%{F#f00}")),
            BadgedButton(title: "Load", symbolName: "gear", count: 1, style: .text("100%")))
        let text = StatusBarFormat.polybar.render(toolbar, style: Self.noColour)
        #expect(text == "🔧 50%\u{200B}{F#f00}  🔧 100%")
        #expect(!text.contains("%{"), "no format tag but the form's own")
        let ascii = StatusBarStyle(iconStyle: .ascii, colorDepth: .direct)
        // The ASCII gear is `%`: before a badge's tag it stays one sign, and polybar reads the tag after it.
        #expect(StatusBarFormat.polybar.render(toolbar, style: ascii).hasPrefix("%%{B#FF3B30}%{F#FFFFFF} 50%\u{200B}{"))
    }

    @Test func polybarClickAreasRunTheCommandWithTheTitleQuotedAndColonsEscaped() {
        let toolbar = Self.toolbar(
            BadgedButton(title: "Mail", symbolName: "envelope", count: 3),
            BadgedButton(title: "Bob's: inbox", symbolName: "tray", count: 0))
        let command = StatusBarPressCommand(template: #"badgebar-press {title} "at: 5%""#)
        #expect(command.command(forTitle: "Bob's: inbox") == #"badgebar-press 'Bob'\''s: inbox' "at: 5%""#)
        let text = StatusBarFormat.polybar.render(toolbar, style: Self.colour, pressCommand: command)
        #expect(
            text == #"%{A1:badgebar-press 'Mail' "at\: 5%":}📨%{B#FF3B30}%{F#FFFFFF} 3 %{B- F-}%{A}  "#
                + #"%{A1:badgebar-press 'Bob'\''s\: inbox' "at\: 5%":}📥%{A}"#)
        #expect(!StatusBarFormat.polybar.render(toolbar, style: Self.colour).contains("%{A"), "no command, no area")
        // A command that ends in a backslash would escape the closing colon: a space follows it.
        #expect(StatusBarText.escapedForPolybarAction(#"echo \"#) == #"echo \ "#)
        #expect(StatusBarText.escapedForPolybarAction(#"a\:b"#) == #"a\\:b"#, "read back as the a\\:b it was")
        #expect(
            StatusBarPressCommand(template: "say {title}\n").command(forTitle: "a\nb") == "say 'a?b'?",
            "one line, always")
    }

    // MARK: Colour

    @Test func withoutColourNoBarFormHasAColourAndEachShowsThePlainText() throws {
        let toolbar = try StatusBarFormatTests.toolbar()
        let plain = StatusBarFormat.plain.render(toolbar, style: Self.noColour)
        for format in Self.barForms {
            let text = format.render(toolbar, style: Self.noColour)
            #expect(!text.contains("#FF") && !text.contains("span") && !text.contains("%{"), "\(format): \(text)")
        }
        #expect(StatusBarFormat.i3blocks.render(toolbar, style: Self.noColour) == plain)
        #expect(StatusBarFormat.polybar.render(toolbar, style: Self.noColour) == plain)
        #expect(StatusBarFormat.waybar.render(toolbar, style: Self.noColour).hasPrefix(#"{"text":"\#(plain)","#))
        #expect(
            StatusBarFormat.i3bar.render(toolbar, style: Self.noColour).contains(
                #""full_text":"🔔 99+","short_text":"🔔99+","markup":"pango""#))
    }

    @Test func aCountOrWordBadgeIsOnItsColourInBlackOrWhiteAndADotIsInItsColour() {
        let toolbar = Self.toolbar(
            BadgedButton(title: "Cart", symbolName: "cart", count: 1, badgeColor: .systemYellow),
            BadgedButton(title: "News", symbolName: "newspaper", count: 4, badgeColor: .systemBlue, style: .dot),
            BadgedButton(title: "Tag", symbolName: "star", count: 1, badgeColor: .systemPurple, style: .text("new")))
        #expect(
            StatusBarFormat.i3blocks.render(toolbar, style: Self.colour)
                == ##"🛒<span background="#FFCC00" foreground="#000000"> 1 </span>  "##
                + ##"📰 <span foreground="#007AFF">●</span>  ⭐<span background="#AF52DE" foreground="#FFFFFF"> new </span>"##
        )
        #expect(
            StatusBarFormat.polybar.render(toolbar, style: Self.colour)
                == "🛒%{B#FFCC00}%{F#000000} 1 %{B- F-}  📰 %{F#007AFF}●%{F-}  ⭐%{B#AF52DE}%{F#FFFFFF} new %{B- F-}")
        // The bars show exact colours: the depth only says whether there is colour at all.
        #expect(
            StatusBarFormat.i3blocks.render(toolbar, style: StatusBarStyle(iconStyle: .emoji, colorDepth: .ansi8))
                == StatusBarFormat.i3blocks.render(toolbar, style: Self.colour))
        let ascii = StatusBarStyle(iconStyle: .ascii, colorDepth: .monochrome)
        #expect(StatusBarFormat.i3blocks.render(toolbar, style: ascii) == "$ 1  = *  * new", "a dot in ASCII is *")
    }

    @Test func aCountPastItsLimitReads99PlusInEveryForm() {
        let toolbar = Self.toolbar(BadgedButton(title: "Bell", symbolName: "bell", count: Int.max))
        #expect(StatusBarFormat.polybar.render(toolbar, style: Self.colour) == "🔔%{B#FF3B30}%{F#FFFFFF} 99+ %{B- F-}")
        #expect(StatusBarFormat.i3bar.render(toolbar, style: Self.colour).contains(#""short_text":"🔔99+""#))
        let waybar = StatusBarFormat.waybar.render(toolbar, style: Self.colour)
        #expect(waybar.contains("> 99+ </span>") && waybar.contains("Bell: \(Int.max) unread"), "spoken in full")
    }

    // MARK: Stale and rising

    @Test func aStaleButtonKeepsItsIconAndBadgeWithTheMarkInEveryForm() throws {
        var toolbar = Self.toolbar(
            BadgedButton(title: "Mail", symbolName: "envelope", count: 3),
            BadgedButton(title: "Jobs", symbolName: "gear", count: 0))
        toolbar.setStale("failed, exit 1", forButtonAt: 0)
        toolbar.setStale("", forButtonAt: 1)
        let state = StatusBarState()
        #expect(
            StatusBarFormat.i3blocks.render(toolbar, style: Self.colour, state: state)
                == ##"📨<span background="#FF3B30" foreground="#FFFFFF"> 3 </span>?  🔧?"##)
        #expect(
            StatusBarFormat.polybar.render(toolbar, style: Self.colour, state: state)
                == "📨%{B#FF3B30}%{F#FFFFFF} 3 %{B- F-}?  🔧?")
        let i3bar = StatusBarFormat.i3bar.render(toolbar, style: Self.noColour, state: state)
        #expect(i3bar.contains(#""full_text":"📨 3?","short_text":"📨3?""#))
        #expect(i3bar.contains(#""full_text":"🔧?","short_text":"🔧?""#))
        let waybar = StatusBarFormat.waybar.render(toolbar, style: Self.noColour, state: state)
        #expect(
            waybar
                == #"{"text":"📨 3?  🔧?","tooltip":"Mail: 3 unread (stale: failed, exit 1)\nJobs: none unread (stale)","#
                + #""class":["unread","stale"],"alt":"unread"}"#)
    }

    @Test func everyFormShowsEveryIconWhenEveryCountIsStaleOrZero() {
        var toolbar = Self.toolbar(
            BadgedButton(title: "Mail", symbolName: "envelope", count: 0),
            BadgedButton(title: "Jobs", symbolName: "gear", count: 0))
        for format in StatusBarFormat.allCases {
            #expect(format.render(toolbar, style: Self.colour).contains("📨"), "\(format)")
        }
        toolbar.setStale("failed", forButtonAt: 0)
        toolbar.setStale("failed", forButtonAt: 1)
        for format in StatusBarFormat.allCases {
            let text = format.render(toolbar, style: Self.colour)
            let mark = format == .json ? #""stale":true"# : "?"
            #expect(text.contains("📨") && text.contains("🔧") && text.contains(mark), "\(format): \(text)")
        }
    }

    @Test func aRisingButtonsBlockIsUrgentAndWaybarsClassSaysRising() throws {
        let toolbar = try StatusBarFormatTests.toolbar()
        let state = StatusBarState(risingButtons: [2, 99])
        let i3bar = StatusBarFormat.i3bar.render(toolbar, style: Self.colour, state: state)
        #expect(i3bar.components(separatedBy: #""urgent":true"#).count == 2, "one urgent block: \(i3bar)")
        #expect(i3bar.contains(#""instance":"Notifications","full_text""#))
        let notifications = try #require(i3bar.firstRange(of: #""instance":"Notifications""#))
        let cart = try #require(i3bar.firstRange(of: #""instance":"News""#))
        #expect(i3bar[notifications.upperBound..<cart.lowerBound].contains(#""urgent":true"#))
        #expect(
            StatusBarFormat.waybar.render(toolbar, style: Self.colour, state: state).contains(
                #""class":["unread","rising"]"#))
        let outOfRange = StatusBarFormat.waybar.render(
            toolbar, style: Self.colour, state: StatusBarState(risingButtons: [7]))
        #expect(outOfRange.contains(#""class":["unread"],"#), "an index past the buttons is no button")
    }

    @Test func waybarSaysNoneWhenNoCountIsAboveZeroEvenWithAZeroShown() {
        let toolbar = Self.toolbar(
            BadgedButton(title: "Mail", symbolName: "envelope", count: 0, showsZero: true),
            BadgedButton(title: "News", symbolName: "newspaper", count: 0, style: .dot))
        let text = StatusBarFormat.waybar.render(toolbar, style: Self.noColour)
        #expect(
            text == #"{"text":"📨 0  📰","tooltip":"Mail: none unread\nNews: nothing new","class":["none"],"alt":"none"}"#
        )
        let dot = Self.toolbar(BadgedButton(title: "News", symbolName: "newspaper", count: 2, style: .dot))
        #expect(
            StatusBarFormat.waybar.render(dot, style: Self.noColour).hasSuffix(#""class":["unread"],"alt":"unread"}"#))
    }
}

/// Another i3bar status line beside the buttons (`--beside`): its header, its lines, its clicks.
@Suite struct I3barProducerTests {
    @Test func itsBlocksFollowTheButtonsAndChangeWithItsLines() {
        var producer = I3barProducer()
        let header = producer.take(#"{"version":1}"#)
        #expect(!header && !producer.acceptsClicks)
        let opening = producer.take("[")
        #expect(!opening)
        #expect(producer.merged(with: #"[{"name":"badgebar"}]"#) == #"[{"name":"badgebar"}]"#, "nothing yet")
        let firstLine = producer.take(#"[{"name":"load","full_text":"0.5"},{"name":"tztime","full_text":"12:00"}]"#)
        #expect(firstLine)
        #expect(
            producer.merged(with: #"[{"name":"badgebar"}]"#)
                == #"[{"name":"badgebar"},{"name":"load","full_text":"0.5"},{"name":"tztime","full_text":"12:00"}]"#)
        let same = producer.take(#",[{"name":"load","full_text":"0.5"},{"name":"tztime","full_text":"12:00"}]"#)
        #expect(!same, "the same blocks again change nothing")
        let next = producer.take(#",[{"name":"tztime","full_text":"12:01"}]"#)
        #expect(next)
        #expect(producer.merged(with: "[]") == #"[{"name":"tztime","full_text":"12:01"}]"#, "every button hidden")
        let noBlock = producer.take("not a status line")
        #expect(!noBlock, "a line of no block changes nothing")
        producer.end()
        #expect(producer.merged(with: #"[{"name":"badgebar"}]"#) == #"[{"name":"badgebar"}]"#, "its blocks go")
    }

    @Test func clicksGoToItOnlyWhenItsHeaderAskedForThem() {
        var asking = I3barProducer()
        _ = asking.take(#"{ "version": 1, "click_events": true }"#)
        #expect(asking.acceptsClicks)
        let first = asking.clickInput(name: "clock", instance: "here", button: 1)
        #expect(first == "[\n{\"name\":\"clock\",\"instance\":\"here\",\"button\":1}")
        let second = asking.clickInput(name: "clock", instance: nil, button: 3)
        #expect(second == ",{\"name\":\"clock\",\"button\":3}")
        var quiet = I3barProducer()
        _ = quiet.take(#"{"version":1}"#)
        let none = quiet.clickInput(name: "load", instance: nil, button: 1)
        #expect(none == nil, "i3status asks for none")
    }

    @Test(arguments: [
        (#"{"a":1},{"b":"}"}"#, true), ("", true), (#"{"a":[1,{"b":2}]}"#, true), (#"{"a":"\""}"#, true),
        (#"{"a":1"#, false), (#"{"a":1}}"#, false), (#"{"a":1},"#, false), (#",{"a":1}"#, false),
        (#"{"a":1} {"b":2}"#, false), (#"[1]"#, false), (#"{"a":1},x"#, false), (#"{"a":"1}"#, false),
        (#"{"a":[1}]"#, false), (#"{]"#, false),
    ])
    func onlyJSONObjectsAreTakenAsBlocks(text: String, isTaken: Bool) {
        #expect(I3barProducer.isObjectList(text) == isTaken, "\(text)")
    }

    @Test func i3statusRustsCommaAfterEachLineIsTakenToo() {
        var producer = I3barProducer()
        _ = producer.take(#"{"version": 1, "click_events": true}"#)
        _ = producer.take("[")
        let line = producer.take(#"[{"name":"time","full_text":"12:00"}],"#)
        #expect(line && producer.merged(with: "[]") == #"[{"name":"time","full_text":"12:00"}]"#)
    }

    @Test func aLineOfBrokenBlocksKeepsTheLastGoodOnes() {
        var producer = I3barProducer()
        _ = producer.take(#"{"version":1}"#)
        _ = producer.take(#"[{"name":"load","full_text":"0.5"}]"#)
        let broken = producer.take(#",[{"name":"load","full_text":"0.6"]"#)
        #expect(!broken)
        #expect(producer.merged(with: "[]") == #"[{"name":"load","full_text":"0.5"}]"#)
    }

    @Test func aLineWithoutAHeaderIsPlainTextInABlockOfItsOwn() {
        var plain = I3barProducer()
        let plainLine = plain.take("W: down | 12:00")
        #expect(plainLine)
        #expect(plain.merged(with: "[]") == #"[{"name":"beside","full_text":"W: down | 12:00"}]"#)
        let plainClick = plain.clickInput(name: "beside", instance: nil, button: 1)
        #expect(plainClick == nil)
    }
}
