import Testing

@testable import BadgeKit

@Suite struct RepeatingCommandTests {
    private func result(_ output: String, identifier: Int = 1, status: Int32 = 0, at time: Double) -> ProcessResult {
        ProcessResult(
            identifier: identifier, command: "c", termination: .exited(status), output: Array(output.utf8),
            startTime: time - 0.1, endTime: time)
    }

    @Test func itRunsAtTheStartThenOnItsIntervalOneRunAtATime() throws {
        var unread = RepeatingCommand("notmuch count", every: 5, identifier: 7, environment: ["A": "b"])
        #expect(unread.nextRunTime(after: 0) == 0)
        let due = unread.takeDue(at: 0)
        let request = try #require(due)
        #expect(
            request
                == ProcessRequest(identifier: 7, command: "notmuch count", environment: ["A": "b"], timeLimitSeconds: 5)
        )
        #expect(unread.isRunning && unread.nextRunTime(after: 0) == nil, "nothing to wake for until its result")
        #expect(unread.takeDue(at: 6) == nil, "still running at its next turn: the turn is skipped")
        #expect(unread.finish(result("3", identifier: 8, at: 6.5), at: 6.5) == nil, "another run's result")
        let taken = unread.finish(result("12\n", identifier: 7, at: 6.5), at: 6.5)
        let finished = try #require(taken)
        #expect(finished.count == 12 && finished.text == "12")
        #expect(unread.nextRunTime(after: 6.5) == 10)
        #expect(unread.takeDue(at: 9.9) == nil)
        #expect(unread.takeDue(at: 10) != nil)
    }

    @Test func aRefreshRunsAtOnceOrRightAfterTheRunInProgress() throws {
        var command = RepeatingCommand("date", every: 60)
        #expect(command.takeDue(at: 0) != nil)
        command.refresh()
        #expect(command.takeDue(at: 1) == nil)
        command.finish(result("x", identifier: command.identifier, at: 2), at: 2)
        #expect(command.nextRunTime(after: 2) == 2)
        #expect(command.takeDue(at: 2) != nil)
    }

    @Test func commandsMadeWithoutAnIdentifierEachTakeTheirOwnResults() throws {
        var commands = (0..<4).map { RepeatingCommand("echo \($0 + 3)", every: 5) }
        #expect(Set(commands.map(\.identifier)).count == 4, "\(commands.map(\.identifier))")
        var counts: [Int?] = Array(repeating: nil, count: 4)
        let requests = commands.indices.compactMap { commands[$0].takeDue(at: 0) }
        try #require(requests.count == 4)
        // Every result is offered to every command, as a program with several does.
        for (index, request) in requests.enumerated() {
            let finished = result("\(index + 3)\n", identifier: request.identifier, at: 1)
            for command in commands.indices {
                if let taken = commands[command].finish(finished, at: 1) {
                    counts[command] = taken.count
                }
            }
        }
        #expect(counts == [3, 4, 5, 6])
        #expect(
            RepeatingCommand("x", every: 5, identifier: 1).identifier == 1, "an identifier given is the one used")
    }

    @Test func resultsReadAsTextOrACount() {
        #expect(result("  42 \r\n", at: 1).count == 42)
        #expect(result("  42 \r\n", at: 1).text == "42")
        #expect(result("Mail=3\n", at: 1).count == nil)
        #expect(result("3", status: 1, at: 1).count == nil, "a failed run gives no count")
        #expect(result("héllo\n", at: 1).text == "héllo")
        #expect(RepeatingCommand("x", every: 300).timeLimitSeconds == 60)
    }
}
