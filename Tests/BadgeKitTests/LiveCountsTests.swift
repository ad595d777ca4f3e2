import Testing

@testable import BadgeKit

/// Lines of live counts taken as bytes: applied as they come, shown at most once a frame, as one change per button.
@Suite struct LiveCountsTests {
    static let frame = 1.0 / 60

    /// The Inbox (Messages 2, Cart 0, Notifications 96) with live counts shown at most once a frame.
    func inbox() -> BadgeBoard {
        var board = Inbox.demo(startTime: 0, autoPlays: false)
        board.countsIntervalSeconds = Self.frame
        return board
    }

    func take(_ text: String, into board: inout BadgeBoard, at time: Double) {
        var text = text
        text.withUTF8 { board.takeCountLines(UnsafeRawBufferPointer($0), at: time) }
    }

    func counts(_ board: BadgeBoard) -> [Int] {
        board.toolbar.buttons.map(\.count)
    }

    func change(_ index: Int, _ title: String, from previous: Int, to count: Int, at time: Double) -> BoardEvent {
        BoardEvent(
            kind: .change, buttonIndex: index, buttonTitle: title, count: count, previousCount: previous,
            source: .counts, time: time)
    }

    @Test func aThousandLinesInOneBatchAreOneChangeAndOneMotion() {
        var board = inbox()
        take(String(repeating: "Messages+=1\n", count: 1000), into: &board, at: 1)
        #expect(counts(board) == [1002, 0, 96])
        #expect(board.takeEvents() == [change(0, "Messages", from: 2, to: 1002, at: 1)])
        // One roll, from what was shown to the new count, not 999 rolls restarted one after another.
        #expect(board.toolbar.motions[0].roll?.fromText == "2")
        #expect(board.toolbar.motions[0].roll?.startTime == 1)
        #expect(!board.hasPendingCounts)
    }

    @Test func linesWithinAFrameOfTheLastShowingWaitAndAreShownTogetherAtTheFrame() {
        var board = inbox()
        take("Messages+=1\n", into: &board, at: 1)
        #expect(board.takeEvents().count == 1)
        take("Messages+=1\nCart=5\n", into: &board, at: 1.005)
        take("Messages+=3\nCart-=1\n", into: &board, at: 1.010)
        #expect(counts(board) == [3, 0, 96], "nothing more is shown within the frame")
        #expect(board.takeEvents().isEmpty)
        #expect(board.pendingCountsTime == 1 + Self.frame)
        #expect(board.nextWakeTime(after: 1.010, framesPerSecond: 60) == 1 + Self.frame)
        board.advance(to: 1.015)
        #expect(counts(board) == [3, 0, 96])
        board.advance(to: 1 + Self.frame)
        #expect(counts(board) == [7, 4, 96], "the final counts, a frame after the first showing")
        #expect(
            board.takeEvents() == [
                change(0, "Messages", from: 3, to: 7, at: 1 + Self.frame),
                change(1, "Cart", from: 0, to: 4, at: 1 + Self.frame),
            ])
        #expect(board.nextWakeTime(after: 1 + Self.frame, framesPerSecond: 60) != 1 + Self.frame)
    }

    @Test func linesThatCancelOutChangeNothingAndRecordNothing() {
        var board = inbox()
        take("Messages+=5\nMessages-=5\n", into: &board, at: 1)
        #expect(counts(board) == [2, 0, 96])
        #expect(board.takeEvents().isEmpty)
        #expect(board.toolbar.motions[0] == BadgeMotion())
    }

    @Test func setsAddsAndTakesFollowTheRulesOfOneLineAtATime() {
        var board = inbox()
        take(
            "Cart-=4\nCart+=2\r\n  Notifications = 3 \n# a comment\n\nmessages+=1\nCart+=9223372036854775807",
            into: &board, at: 1)
        #expect(counts(board) == [3, .max, 3], "never below zero, saturating, CRLF, spaces, case and no last line end")
    }

    @Test func theBadLinesOfABatchAreCountedInTheStatusLineAndTheGoodOnesStillCount() {
        var board = inbox()
        take("Nobody=1\nMessages+=1\nMessages=oops\nCart=2\n", into: &board, at: 1)
        #expect(counts(board) == [3, 2, 96])
        #expect(board.statusText == "2 bad lines; the first: ignored 'Nobody': no button has that title")
        take("Nobody=1\n", into: &board, at: 2)
        #expect(board.statusText == "ignored 'Nobody': no button has that title")
        #expect(board.reports.isEmpty, "reports are kept only when asked for")
    }

    @Test func withReportsKeptEveryBadLineOfABatchIsReportedUpToTheBoundThenCounted() {
        var board = inbox()
        board.keepsReports = true
        take("Nobody=1\nMessages+=1\nMessages=oops\n", into: &board, at: 1)
        #expect(
            board.takeReports() == [
                .badLine("ignored 'Nobody': no button has that title"),
                .badLine("ignored 'Messages=oops': expected Name=N, Name+=N or Name-=N"),
            ])
        #expect(board.reports.isEmpty, "taken")
        take((1...8).map { "Bad\($0)=1\n" }.joined(), into: &board, at: 2)
        #expect(
            board.takeReports()
                == (1...BadgeBoard.badLinesToldPerBatch).map {
                    .badLine("ignored 'Bad\($0)': no button has that title")
                } + [.moreBadLines(8 - BadgeBoard.badLinesToldPerBatch)])
        #expect(board.statusText == "8 bad lines; the first: ignored 'Bad1': no button has that title")
        board.report("a watch failed", at: 3)
        board.reportBadLine("a line too long", at: 3)
        #expect(board.takeReports() == [.notice("a watch failed"), .badLine("a line too long")])
    }

    @Test func badLinesPastTheReportLimitAreCountedInOneReportSoNoneGoesUntold() {
        var board = inbox()
        board.keepsReports = true
        let limit = BadgeBoard.reportLimit
        for line in 1...(limit + 10) {
            board.reportBadLine("bad \(line)", at: 1)
        }
        #expect(board.reports.count == limit)
        #expect(board.reports.last == .moreBadLines(11), "the bad line that filled the list and the ten after it")
        board.report("a watch failed", at: 2)
        let reports = board.takeReports()
        #expect(reports.count == limit)
        #expect(reports.first == .badLine("bad 2"), "the oldest dropped for the notice")
        #expect(Array(reports.suffix(2)) == [.moreBadLines(11), .notice("a watch failed")])
    }

    @Test func countsThatWaitAreShownBeforeAPressSoEventsKeepTheirOrder() {
        var board = inbox()
        take("Messages=5\n", into: &board, at: 1)
        take("Messages+=1\n", into: &board, at: 1.001)
        board.press(buttonAt: 0, at: 1.002)
        #expect(counts(board) == [0, 0, 96], "the press clears what the lines brought, as they came first")
        #expect(
            board.takeEvents() == [
                change(0, "Messages", from: 2, to: 5, at: 1),
                change(0, "Messages", from: 5, to: 6, at: 1.002),
                BoardEvent(
                    kind: .press, buttonIndex: 0, buttonTitle: "Messages", count: 0, previousCount: 6, source: .key,
                    time: 1.002),
            ])
    }

    @Test func countsThatWaitAreShownBeforeALineAppliedOnItsOwnAndBeforeAutoPlay() throws {
        var board = inbox()
        take("Cart=1\n", into: &board, at: 1)
        take("Cart+=1\n", into: &board, at: 1.001)
        board.apply(try #require(try CountUpdate.parse("Cart+=10")), at: 1.002, source: .watch)
        #expect(counts(board) == [2, 12, 96])

        var playing = Inbox.demo(startTime: 0, autoPlays: true)
        playing.countsIntervalSeconds = 10
        take("Notifications=1\n", into: &playing, at: 1)
        take("Notifications=5\n", into: &playing, at: 1.2)
        playing.advance(to: 1.3)
        #expect(playing.toolbar.buttons[2].count == 7, "5 from the line, then 2 from the script's first step")
    }

    @Test func withNoIntervalEveryBatchIsShownAtOnce() {
        var board = Inbox.demo(startTime: 0, autoPlays: false)
        take("Messages+=1\n", into: &board, at: 1)
        take("Messages+=1\n", into: &board, at: 1)
        #expect(counts(board) == [4, 0, 96])
        #expect(board.takeEvents().count == 2)
    }
}
