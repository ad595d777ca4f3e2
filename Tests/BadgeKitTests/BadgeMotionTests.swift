import Testing

@testable import BadgeKit

@Suite struct BadgeMotionTests {
    let timing = MotionTiming.standard

    func toolbar(count: Int, color: RGBColor = .systemRed, symbol: String = "bell", reduceMotion: Bool = false)
        -> BadgeToolbar
    {
        BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "B", symbolName: symbol, count: count, badgeColor: color)],
            reduceMotion: reduceMotion)
    }

    /// Samples a badge every millisecond from a change to well after it settles.
    func frames(of toolbar: BadgeToolbar, from start: Double = 0, seconds: Double = 1.5) -> [BadgeFrame] {
        stride(from: start, through: start + seconds, by: 0.001).map { toolbar.badgeFrame(forButtonAt: 0, at: $0) }
    }

    // MARK: Golden frames

    @Test func popInGrowsFromAnInvisibleDotOvershootsAndSettlesOnTheFullBadge() {
        var cart = toolbar(count: 0, color: .systemYellow, symbol: "cart")
        cart.setCount(1, forButtonAt: 0, at: 0)
        #expect(
            toolbarSnapshot(cart, at: 0) == """
                |                                     •  |
                |  T                             [ 🛒 ]  |
                |.....................................a..|
                |..b.....................................|
                a: #000000 on #000000
                b: default on default bold
                """)
        // Part-way: two columns, half faded in; the brackets squeezed in on the icon, beside the badge, not over it.
        #expect(
            toolbarSnapshot(cart, at: 0.1) == """
                |                                     1  |
                |  T                              [🛒]   |
                |.....................................aa.|
                |..b.....................................|
                a: #2F2500 on #C19B00
                b: default on default bold
                """)
        // The overshoot: one column wider than at rest, fully opaque.
        #expect(
            toolbarSnapshot(cart, at: 0.2) == """
                |                                    1   |
                |  T                             [ 🛒 ]  |
                |...................................aaaa.|
                |..b.....................................|
                a: #000000 on #FFCC00
                b: default on default bold
                """)
        let settled = """
            |                                     1  |
            |  T                             [ 🛒 ]  |
            |....................................aaa.|
            |..b.....................................|
            a: #000000 on #FFCC00
            b: default on default bold
            """
        #expect(toolbarSnapshot(cart, at: 1.0) == settled)
        // The end of the pop-in is exactly the badge drawn at rest.
        #expect(toolbarSnapshot(toolbar(count: 1, color: .systemYellow, symbol: "cart"), at: 0) == settled)
    }

    @Test func aNumberRollsThroughTheDigitsBetweenWhileTheButtonBounces() {
        var bell = toolbar(count: 96)
        bell.addToCount(2, forButtonAt: 0, at: 0)
        #expect(
            toolbarSnapshot(bell, at: 0.05) == """
                |                                    97  |
                |  T                              [🔔]   |
                |...................................aaaa.|
                |..b.....................................|
                a: #FFFFFF on #FF3B30
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

    @Test func popOutShrinksToADotFadingAndThenIsGone() {
        var bell = toolbar(count: 96)
        bell.setCount(0, forButtonAt: 0, at: 0)
        #expect(
            toolbarSnapshot(bell, at: 0.1) == """
                |                                     •  |
                |  T                             [ 🔔 ]  |
                |.....................................a..|
                |..b.....................................|
                a: #6D4847 on #3E0E0C
                b: default on default bold
                """)
        #expect(toolbarSnapshot(bell, at: 1.0) == toolbarSnapshot(toolbar(count: 0), at: 0))
        #expect(!bell.isAnimating(at: 1.0))
    }

    // MARK: Pop-in and pop-out

    @Test func popInWidthFollowsTheSpringAndEndsExactlyFull() {
        var bell = toolbar(count: 0)
        bell.setCount(5, forButtonAt: 0, at: 0)
        let widths = frames(of: bell).map(\.columns)
        #expect(widths.first == 1)
        #expect(widths.max() == 4)  // the overshoot, one wider than " 5 "
        #expect(widths.last == 3)
        let settled = bell.badgeFrame(forButtonAt: 0, at: timing.settleSeconds)
        #expect(settled.text == "5" && settled.columns == 3 && settled.opacity == 1 && !settled.isDot)
        let end = max(timing.settleSeconds, timing.bounceSettleSeconds)
        #expect(bell.badgeFrame(forButtonAt: 0, at: end) == BadgeFrame(text: "5", columns: 3))
        // Widths never jump by more than one column between milliseconds.
        for (before, after) in zip(widths, widths.dropFirst()) {
            #expect(abs(after - before) <= 1)
        }
        // The fade only ever brightens.
        let opacities = frames(of: bell).map(\.opacity)
        for (before, after) in zip(opacities, opacities.dropFirst()) {
            #expect(after >= before)
        }
    }

    @Test func anInterruptedPopContinuesFromWhereItWas() {
        var bell = toolbar(count: 0)
        bell.setCount(5, forButtonAt: 0, at: 0)
        let before = bell.badgeFrame(forButtonAt: 0, at: 0.08)
        bell.setCount(0, forButtonAt: 0, at: 0.08)
        let after = bell.badgeFrame(forButtonAt: 0, at: 0.08)
        #expect(abs(after.columns - before.columns) <= 1)
        #expect(bell.badgeFrame(forButtonAt: 0, at: 2).text == nil)
    }

    // MARK: Roll

    @Test func aRollMovesThroughTheNumbersBetweenItsEnds() {
        #expect(BadgeMotion.rolledText(from: "96", to: "98", progress: 0) == "96")
        #expect(BadgeMotion.rolledText(from: "96", to: "98", progress: 0.5) == "97")
        #expect(BadgeMotion.rolledText(from: "96", to: "98", progress: 1) == "98")
        #expect(BadgeMotion.rolledText(from: "98", to: "95", progress: 0.34) == "97")
        #expect(BadgeMotion.rolledText(from: "98", to: "95", progress: 0.67) == "96")
        // No leading zero the count never has: 9 becomes 10 half-way.
        #expect(BadgeMotion.rolledText(from: "9", to: "10", progress: 0.4) == "9")
        #expect(BadgeMotion.rolledText(from: "9", to: "10", progress: 0.6) == "10")
        // Going down across a digit, no zero on the way: 12 to 9 passes 11 and 10.
        #expect(BadgeMotion.rolledText(from: "12", to: "9", progress: 0.4) == "11")
        #expect(BadgeMotion.rolledText(from: "12", to: "9", progress: 0.6) == "10")
        // The limit form is above the limit, in both directions.
        #expect(BadgeMotion.rolledText(from: "99", to: "99+", progress: 0.4) == "99")
        #expect(BadgeMotion.rolledText(from: "99", to: "99+", progress: 0.6) == "99+")
        #expect(BadgeMotion.rolledText(from: "99+", to: "42", progress: 0) == "99+")
        #expect(BadgeMotion.rolledText(from: "99+", to: "42", progress: 0.02) == "99")
        // An overshoot past the end shows the new number, never one past it.
        #expect(BadgeMotion.rolledText(from: "1", to: "9", progress: 1.1) == "9")
        #expect(BadgeMotion.rolledText(from: "9", to: "1", progress: 1.1) == "1")
        #expect(BadgeMotion.rolledText(from: "2", to: "7", progress: -0.1) == "2")
        // Numbers too large for an Int, and texts that are not numbers, show the new text.
        #expect(BadgeMotion.rolledText(from: "1", to: "99999999999999999999", progress: 0.5) == "99999999999999999999")
        #expect(BadgeMotion.rolledText(from: "3", to: "new", progress: 0.5) == "new")
        #expect(BadgeMotion.rolledText(from: "0", to: "\(Int.max)", progress: 1) == "\(Int.max)")
        #expect(BadgeMotion.rolledText(from: "\(Int.max)", to: "0", progress: 0.5).count == 19)
    }

    @Test func unchangedDigitsStayStillDuringARoll() {
        var bell = toolbar(count: 41)
        bell.addToCount(4, forButtonAt: 0, at: 0)
        let texts = Set(frames(of: bell).compactMap(\.text))
        #expect(texts.allSatisfy { $0.hasPrefix("4") && $0.count == 2 })
        #expect(texts.isSuperset(of: ["41", "42", "43", "44", "45"]))
    }

    @Test func aWidthChangeKeepsTheBadgeOnTheCorner() {
        var bell = toolbar(count: 9)
        bell.addToCount(1, forButtonAt: 0, at: 0)
        let layout = bell.layout(screenColumns: 40, row: 2, appearance: ToolbarAppearance(widths: .estimate))
        let corner = layout.buttons[0].body.endColumn
        for frame in frames(of: bell) {
            let span = layout.badgeSpan(forButtonAt: 0, columns: frame.columns)
            #expect(span.column < corner && span.endColumn > corner)
        }
        #expect(bell.badgeFrame(forButtonAt: 0, at: 2) == BadgeFrame(text: "10", columns: 4))
    }

    // MARK: Bounce

    @Test func anIncreaseSqueezesTheBracketsThenStretchesThemAndSettlesBack() {
        var bell = toolbar(count: 3)
        bell.addToCount(1, forButtonAt: 0, at: 0)
        let insets = frames(of: bell).map(\.bracketInset)
        // In toward the icon, back, out past rest, back: one run of each, in that order.
        var runs: [Int] = []
        for inset in insets where runs.last != inset {
            runs.append(inset)
        }
        #expect(runs == [0, 1, 0, -1, 0])
        #expect(insets.suffix(100).allSatisfy { $0 == 0 })
        // Both swings last several frames at 60 fps, so each is seen.
        #expect(insets.filter { $0 == 1 }.count >= 100)
        #expect(insets.filter { $0 == -1 }.count >= 50)
    }

    @Test func theSqueezeFollowsTheSpringsImpulse() {
        // The impulse peaks at two columns' worth, held to one by the icon; the rebound passes a quarter column.
        let samples = stride(from: 0.0, through: 1, by: 0.0005).map { timing.bounceSqueeze(afterSeconds: $0) }
        #expect(abs(samples.max()! - MotionTiming.bounceDepthColumns) < 0.01)
        #expect(samples.min()! < -0.25)
        #expect(samples.min()! > -0.5)
        #expect(timing.bracketInset(afterSeconds: 0) == 0)
        #expect(timing.bracketInset(afterSeconds: timing.bounceSettleSeconds) == 0)
    }

    @Test func aDecreaseOrAClearNeverBounces() {
        for newCount in [2, 0] {
            var bell = toolbar(count: 3)
            bell.setCount(newCount, forButtonAt: 0, at: 0)
            #expect(frames(of: bell).allSatisfy { $0.bracketInset == 0 })
        }
    }

    @Test func aNewIncreaseDuringABounceRestartsIt() {
        var bell = toolbar(count: 3)
        bell.addToCount(1, forButtonAt: 0, at: 0)
        let squeezedAt = stride(from: 0.0, to: 0.3, by: 0.001).first {
            bell.badgeFrame(forButtonAt: 0, at: $0).bracketInset == 1
        }!
        bell.addToCount(1, forButtonAt: 0, at: 0.1)
        // The restarted bounce starts from rest, and squeezes again after the same delay.
        #expect(bell.badgeFrame(forButtonAt: 0, at: 0.1).bracketInset == 0)
        #expect(bell.badgeFrame(forButtonAt: 0, at: 0.1 + squeezedAt).bracketInset == 1)
        #expect(bell.isAnimating(at: 0.1 + timing.bounceSettleSeconds - 0.01))
    }

    // MARK: Reduce Motion

    @Test(arguments: [(0, 5), (5, 0), (9, 10), (96, 98), (99, 100), (12, 3)])
    func underReduceMotionTheButtonNeverMovesAndNoBadgeChangesWidth(from: Int, to: Int) {
        var bell = toolbar(count: from, reduceMotion: true)
        bell.setCount(to, forButtonAt: 0, at: 0)
        let all = frames(of: bell, from: -0.01)
        #expect(all.allSatisfy { $0.bracketInset == 0 })
        // Only whole-badge widths: the old one, the new one, or none at all.
        let allowed: Set<Int> = [
            0, (BadgeText.text(for: from)?.count ?? 0) + 2, (BadgeText.text(for: to)?.count ?? 0) + 2,
        ]
        #expect(Set(all.map(\.columns)).isSubset(of: allowed))
        #expect(all.allSatisfy { !$0.isDot })
    }

    @Test func underReduceMotionTheBadgeFadesInOverAFifthOfASecond() {
        var bell = toolbar(count: 0, reduceMotion: true)
        bell.setCount(5, forButtonAt: 0, at: 0)
        #expect(bell.badgeFrame(forButtonAt: 0, at: 0).opacity == 0)
        let middle = bell.badgeFrame(forButtonAt: 0, at: 0.1)
        #expect(abs(middle.opacity - 0.5) < 1e-9)
        #expect(middle.columns == 3 && middle.text == "5")
        // Faded in by 0.2 s; emphasized (the still cue for a count that went up) until 1 s.
        #expect(bell.badgeFrame(forButtonAt: 0, at: 0.2) == BadgeFrame(text: "5", columns: 3, isEmphasized: true))
        #expect(bell.badgeFrame(forButtonAt: 0, at: 1) == BadgeFrame(text: "5", columns: 3))
        #expect(!bell.isAnimating(at: 1))
    }

    @Test func underReduceMotionNumbersCrossFade() {
        var bell = toolbar(count: 96, reduceMotion: true)
        bell.setCount(98, forButtonAt: 0, at: 0)
        let early = bell.badgeFrame(forButtonAt: 0, at: 0.05)
        let late = bell.badgeFrame(forButtonAt: 0, at: 0.15)
        #expect(early.text == "96" && early.textOpacity < 1)
        #expect(late.text == "98" && late.textOpacity < 1)
        #expect(Set(frames(of: bell).compactMap(\.text)) == ["96", "98"])
    }

    // MARK: Purity and settling

    @Test func framesArePureFunctionsOfTime() {
        var bell = toolbar(count: 0)
        bell.setCount(3, forButtonAt: 0, at: 10)
        let first = (0..<100).map { toolbarSnapshot(bell, at: 10 + Double($0) / 60) }
        let second = (0..<100).map { toolbarSnapshot(bell, at: 10 + Double($0) / 60) }
        #expect(first == second)
        #expect(Set(first).count > 5)
    }

    @Test func motionStopsOnceSettledAndForgetsItself() {
        var bell = toolbar(count: 0)
        bell.setCount(3, forButtonAt: 0, at: 0)
        #expect(bell.isAnimating(at: 0.1))
        let end = max(timing.settleSeconds, timing.bounceSettleSeconds)
        #expect(!bell.isAnimating(at: end))
        bell.settle(at: end)
        #expect(bell.motions == [BadgeMotion()])
        #expect(toolbarSnapshot(bell, at: end) == toolbarSnapshot(toolbar(count: 3), at: 0))
    }

    @Test func inFewColoursTheFadeGoesFromDimToNormal() {
        var bell = toolbar(count: 0)
        bell.setCount(3, forButtonAt: 0, at: 0)
        let appearance = ToolbarAppearance(widths: .estimate, colorDepth: .ansi16)
        #expect(toolbarSnapshot(bell, at: 0.05, appearance: appearance).contains("#FFFFFF on #FF3B30 dim"))
        #expect(toolbarSnapshot(bell, at: 1, appearance: appearance).contains("#FFFFFF on #FF3B30 bold"))
    }

    @Test func stoppingAtTheSettleTimeHidesNoVisibleMotion() {
        // After the settle time the spring stays within the visible tolerance…
        for time in stride(from: timing.settleSeconds, through: 3, by: 0.0005) {
            #expect(
                abs(timing.spring.value(target: 1, initialVelocity: 0, time: time) - 1) < MotionTiming.visibleTolerance)
        }
        // …and within it no width up to six columns shows a difference…
        for scale in [1 - MotionTiming.visibleTolerance, 0.99, 1.01, 1 + MotionTiming.visibleTolerance * 0.999] {
            for full in 1...6 {
                #expect(BadgeMotion.columns(forScale: scale, fullColumns: full) == full, "\(scale) \(full)")
            }
        }
        // …while a number has arrived before: a roll ends at the spring's first arrival.
        #expect(timing.arrivalSeconds < timing.settleSeconds)
        // The motion is short: well under half a second, so the frame timer sleeps most of the time.
        #expect(timing.settleSeconds < 0.45)
    }

    @Test func theFrameTimerWakesOnlyForFramesThatLookDifferent() {
        var bell = toolbar(count: 96)
        bell.addToCount(2, forButtonAt: 0, at: 0)
        var wakes: [Double] = []
        var time = 0.0
        while let next = bell.nextVisibleChange(after: time, frameInterval: 1.0 / 60) {
            #expect(next > time)
            wakes.append(next)
            time = next
        }
        // Fewer wake-ups than frames at 60 fps over the motion, and the last one once it has stopped.
        let frames = Int((max(timing.settleSeconds, timing.bounceSettleSeconds) * 60).rounded(.up))
        #expect(wakes.count < frames)
        #expect(!bell.isAnimating(at: wakes.last!))
        // Every frame skipped looks like the one drawn before it.
        var drawn = bell.badgeFrame(forButtonAt: 0, at: 0)
        var previousWake = 0.0
        for wake in wakes {
            for skipped in stride(from: previousWake + 1.0 / 60, to: wake - 1e-9, by: 1.0 / 60) {
                #expect(bell.badgeFrame(forButtonAt: 0, at: skipped).looksTheSame(as: drawn))
            }
            drawn = bell.badgeFrame(forButtonAt: 0, at: wake)
            previousWake = wake
        }
    }
}
