import Testing

@testable import BadgeKit

@Suite struct BadgeTextTests {
    @Test(arguments: [0, -1, Int.min])
    func noBadgeAtZeroOrBelow(count: Int) {
        #expect(BadgeText.text(for: count) == nil)
    }

    @Test func numbersUpToTheLimit() {
        #expect(BadgeText.text(for: 1) == "1")
        #expect(BadgeText.text(for: 9) == "9")
        #expect(BadgeText.text(for: 99) == "99")
    }

    @Test func pastTheLimitReadsLimitPlus() {
        #expect(BadgeText.text(for: 100) == "99+")
        #expect(BadgeText.text(for: Int.max) == "99+")
        #expect(BadgeText.text(for: 10, limit: 9) == "9+")
        #expect(BadgeText.text(for: 9, limit: 9) == "9")
    }

    @Test func aLimitBelowOneCountsAsOne() {
        #expect(BadgeText.text(for: 1, limit: 0) == "1")
        #expect(BadgeText.text(for: 2, limit: 0) == "1+")
        #expect(BadgeText.text(for: 2, limit: -5) == "1+")
    }

    @Test func countsSaturateInsteadOfTrapping() {
        #expect(BadgeCount.adding(2, to: Int.max - 1) == Int.max)
        #expect(BadgeCount.adding(1, to: Int.max) == Int.max)
        #expect(BadgeCount.adding(-1, to: Int.min) == Int.min)
        #expect(BadgeCount.adding(2, to: 96) == 98)
        #expect(BadgeCount.subtracting(5, from: 3) == 0)
        #expect(BadgeCount.subtracting(Int.min, from: 1) == Int.max)
        #expect(BadgeCount.subtracting(1, from: 10) == 9)
    }

    @Test func aButtonReadsItsBadgeText() {
        var button = BadgedButton(title: "Bell", symbolName: "bell", count: 150)
        #expect(button.badgeText == "99+")
        button.count = 0
        #expect(button.badgeText == nil)
        #expect(BadgedButton(title: "Bell", symbolName: "bell", count: 12, limit: 9).badgeText == "9+")
    }
}
