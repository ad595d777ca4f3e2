import Testing

@testable import BadgeKit

/// Under Reduce Motion a count that goes up gets a cue that does not move: its badge in bold for a second.
@Suite struct StillCueTests {
    func toolbar(count: Int, style: BadgeStyle = .count, reduceMotion: Bool = true) -> BadgeToolbar {
        BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "B", symbolName: "bell", count: count, style: style)],
            reduceMotion: reduceMotion)
    }

    @Test func aCountThatGoesUpIsBoldForASecondThenPlain() {
        var bell = toolbar(count: 96)
        bell.setCount(98, forButtonAt: 0, at: 0)
        #expect(
            toolbarSnapshot(bell, at: 0.5) == """
                |                                    98  |
                |  T                             [ 🔔 ]  |
                |...................................aaaa.|
                |..b.....................................|
                a: #FFFFFF on #FF3B30 bold
                b: default on default bold
                """)
        #expect(
            toolbarSnapshot(bell, at: 1.0) == """
                |                                    98  |
                |  T                             [ 🔔 ]  |
                |...................................aaaa.|
                |..b.....................................|
                a: #FFFFFF on #FF3B30
                b: default on default bold
                """)
    }

    @Test func withFewColoursTheCueIsUnderlinedSinceBadgesAreBoldAlready() {
        var bell = toolbar(count: 96)
        bell.setCount(98, forButtonAt: 0, at: 0)
        let appearance = ToolbarAppearance(widths: .estimate, colorDepth: .ansi16)
        #expect(
            toolbarSnapshot(bell, at: 0.5, appearance: appearance) == """
                |                                    98  |
                |  T                             [ 🔔 ]  |
                |...................................aaaa.|
                |..b.....................................|
                a: #FFFFFF on #FF3B30 bold underline
                b: default on default bold
                """)
        #expect(
            toolbarSnapshot(bell, at: 1.0, appearance: appearance).hasSuffix(
                "a: #FFFFFF on #FF3B30 bold\nb: default on default bold"))
    }

    @Test func theButtonNeverMovesAndTheCueEndsWithAFrame() {
        var bell = toolbar(count: 0)
        bell.setCount(3, forButtonAt: 0, at: 0)
        let frames = stride(from: 0.0, through: 1.2, by: 1.0 / 60).map { bell.badgeFrame(forButtonAt: 0, at: $0) }
        #expect(frames.allSatisfy { $0.bracketInset == 0 })
        #expect(frames.filter(\.isEmphasized).count == 60)
        #expect(bell.isAnimating(at: 0.99) && !bell.isAnimating(at: 1.0))
        // Past the fade nothing changes until the cue ends: the next frame is the one without it.
        let next = bell.nextVisibleChange(after: 0.5, frameInterval: 1.0 / 60)
        #expect(next.map { abs($0 - 1.0) < 1.0 / 60 } == true, "\(String(describing: next))")
        bell.settle(at: 1.0)
        #expect(bell.motions[0] == BadgeMotion())
    }

    @Test func noCueForADecreaseADotOrFullMotion() {
        var down = toolbar(count: 5)
        down.setCount(4, forButtonAt: 0, at: 0)
        #expect(!down.badgeFrame(forButtonAt: 0, at: 0.5).isEmphasized)

        var dot = toolbar(count: 1, style: .dot)
        dot.setCount(2, forButtonAt: 0, at: 0)
        #expect(!dot.badgeFrame(forButtonAt: 0, at: 0.5).isEmphasized)

        var moving = toolbar(count: 5, reduceMotion: false)
        moving.setCount(6, forButtonAt: 0, at: 0)
        #expect(!moving.badgeFrame(forButtonAt: 0, at: 0.5).isEmphasized)
        #expect(moving.badgeFrame(forButtonAt: 0, at: 0.05).bracketInset != 0, "it bounces instead")
    }

    @Test func aDecreaseEndsTheCueAndAnEmptyBadgeShowsNone() {
        var bell = toolbar(count: 5)
        bell.setCount(6, forButtonAt: 0, at: 0)
        #expect(bell.badgeFrame(forButtonAt: 0, at: 0.3).isEmphasized)
        bell.setCount(0, forButtonAt: 0, at: 0.4)
        #expect(!bell.badgeFrame(forButtonAt: 0, at: 0.5).isEmphasized, "fading out, not emphasized")
        #expect(bell.badgeFrame(forButtonAt: 0, at: 0.7) == BadgeFrame(text: nil, columns: 0))
    }

    @Test func emphasisIsPartOfHowAFrameLooks() {
        let plain = BadgeFrame(text: "5", columns: 3)
        var cued = plain
        cued.isEmphasized = true
        #expect(!plain.looksTheSame(as: cued))
    }
}
