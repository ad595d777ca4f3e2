import Testing

@testable import BadgeKit

@Suite struct AutoPlayTests {
    func counts(_ inbox: BadgeBoard) -> [Int] {
        inbox.toolbar.buttons.map(\.count)
    }

    @Test func theScriptRunsEvery1point3SecondsInTurn() {
        var inbox = Inbox.demo(startTime: 10)
        #expect(counts(inbox) == [2, 0, 96])
        inbox.advance(to: 11.299)
        #expect(counts(inbox) == [2, 0, 96])
        inbox.advance(to: 11.3)
        #expect(counts(inbox) == [2, 0, 98])
        inbox.advance(to: 12.6)
        #expect(counts(inbox) == [2, 1, 98])
        inbox.advance(to: 13.9)
        #expect(counts(inbox) == [3, 1, 98])
        inbox.advance(to: 15.2)
        #expect(counts(inbox) == [3, 1, 100])
        #expect(inbox.autoPlay.nextStepTime! == 10 + 5 * 1.3)
    }

    @Test func aLateWakeUpPlaysEveryMissedStepAtItsOwnTime() {
        var inbox = Inbox.demo(startTime: 0)
        inbox.advance(to: 3.95)
        #expect(counts(inbox) == [3, 1, 98])
        #expect(inbox.autoPlay.playedSteps == 3)
    }

    @Test func theFirstKeyStopsItForGood() {
        var inbox = Inbox.demo(startTime: 0)
        inbox.advance(to: 1.3)
        _ = inbox.handle(.key(.tab), at: 1.5, layout: nil)
        #expect(!inbox.autoPlay.isRunning)
        #expect(inbox.autoPlay.nextStepTime == nil)
        inbox.advance(to: 100)
        #expect(counts(inbox) == [2, 0, 98])
    }

    @Test func aChangeOfFocusDoesNotStopIt() {
        var inbox = Inbox.demo(startTime: 0)
        #expect(inbox.handle(.focus(isFocused: false), at: 0.5, layout: nil) == nil)
        #expect(inbox.handle(.focus(isFocused: true), at: 0.6, layout: nil) == nil)
        #expect(inbox.autoPlay.isRunning)
        inbox.advance(to: 3.95)
        #expect(inbox.autoPlay.playedSteps == 3)
    }

    @Test func theFirstClickStopsItEvenOffTheButtons() {
        var inbox = Inbox.demo(startTime: 0)
        _ = inbox.handle(.mouse(MouseEvent(column: 0, row: 20, action: .leftPress)), at: 0.5, layout: nil)
        inbox.advance(to: 10)
        #expect(counts(inbox) == [2, 0, 96])
    }

    @Test func aResizeDoesNotStopIt() {
        var inbox = Inbox.demo(startTime: 0)
        _ = inbox.handle(.resize(columns: 100, rows: 30), at: 0.5, layout: nil)
        inbox.advance(to: 1.3)
        #expect(counts(inbox) == [2, 0, 98])
    }

    @Test func itCanStartOff() {
        var inbox = Inbox.demo(startTime: 0, autoPlays: false)
        #expect(inbox.nextWakeTime(after: 0, framesPerSecond: 60) == nil)
        inbox.advance(to: 60)
        #expect(counts(inbox) == [2, 0, 96])
    }

    @Test func aSimulatedDayCapsTheBadgesAndKeepsTheStateSmall() {
        var inbox = Inbox.demo(startTime: 0)
        let day = 24.0 * 60 * 60
        var time = 0.0
        while time < day {
            time += 1.0 / 7
            inbox.advance(to: time)
        }
        let steps = Int(day / 1.3)
        #expect(inbox.autoPlay.playedSteps == steps)
        #expect(counts(inbox) == [2 + steps / 3, (steps + 1) / 3, 96 + 2 * ((steps + 2) / 3)])
        #expect(inbox.toolbar.buttons.allSatisfy { $0.badgeText == "99+" })
        // Finished motion is forgotten: nothing is pending a second after the last step.
        inbox.advance(to: time + 1.3)
        let afterLastStep = inbox.autoPlay.nextStepTime! - 1.3 + 1
        inbox.advance(to: afterLastStep)
        #expect(!inbox.toolbar.isAnimating(at: afterLastStep))
        #expect(inbox.toolbar.motions.allSatisfy { $0 == BadgeMotion() })
    }

    @Test func countsNearTheTopSaturate() {
        var toolbar = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "A", symbolName: "bell", count: Int.max - 1)])
        toolbar.addToCount(2, forButtonAt: 0, at: 0)
        #expect(toolbar.buttons[0].count == Int.max)
        toolbar.addToCount(2, forButtonAt: 0, at: 1)
        #expect(toolbar.buttons[0].count == Int.max)
        #expect(toolbar.buttons[0].badgeText == "99+")
    }
}
