import Testing

@testable import BadgeKit

@Suite struct DurationTextTests {
    @Test(arguments: [
        ("2s", 2.0), ("1.5s", 1.5), ("5m", 300.0), ("500ms", 0.5), ("1h", 3600.0), ("3", 3.0), (" 10s ", 10.0),
        (".5s", 0.5), ("100ms", 0.1), ("24h", 86_400.0),
    ])
    func readsNumbersWithUnits(_ text: String, _ seconds: Double) {
        #expect(DurationText.parse(text) == seconds)
    }

    @Test(arguments: ["", "s", "ms", ".", "1.2.3s", "-1s", "+2s", "0s", "50ms", "2d", "25h", "1e3", "2 s", "tens"])
    func refusesWhatIsNotADurationInRange(_ text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test func describesAsTyped() {
        #expect(DurationText.describe(seconds: 30) == "30s")
        #expect(DurationText.describe(seconds: 1.5) == "1.5s")
        #expect(DurationText.describe(seconds: 300) == "5m")
        #expect(DurationText.describe(seconds: 90) == "90s")
        #expect(DurationText.describe(seconds: 7200) == "2h")
        #expect(DurationText.describe(seconds: 0.5) == "500ms")
    }
}

@Suite struct ButtonCommandTests {
    @Test func aTitleThenTheCommandWhichMayHoldEquals() throws {
        let command = try ButtonCommand.parse("Mail=notmuch count tag:unread and x=y")
        #expect(command == ButtonCommand(buttonTitle: "Mail", command: "notmuch count tag:unread and x=y"))
        #expect(command.quotedCommand == "'notmuch count tag:unread and x=y'")
    }

    @Test func aWatchMayGiveItsOwnInterval() throws {
        #expect(
            try ButtonCommand.parse("Mail@5m=notmuch count", allowsInterval: true)
                == ButtonCommand(buttonTitle: "Mail", command: "notmuch count", intervalSeconds: 300))
        // An @ not followed by a number is part of the title; without intervals it always is.
        #expect(try ButtonCommand.parse("me@work=true", allowsInterval: true).buttonTitle == "me@work")
        #expect(try ButtonCommand.parse("Mail@5m=true").buttonTitle == "Mail@5m")
    }

    @Test func mistakesAreNamed() {
        func message(_ text: String, interval: Bool = false) -> String? {
            do {
                _ = try ButtonCommand.parse(text, allowsInterval: interval)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("Mail") == "'Mail' is not NAME=COMMAND")
        #expect(message("Mail", interval: true) == "'Mail' is not NAME=COMMAND or NAME@DURATION=COMMAND")
        #expect(message("=true") == "'=true' names no button: expected NAME=COMMAND")
        #expect(message("Mail=  ") == "'Mail=  ' has no command: expected NAME=COMMAND")
        #expect(
            message("Mail@5x=true", interval: true)
                == "'5x' in 'Mail@5x=true' is not a duration from 100ms to 24h (e.g. 2s, 1.5s, 5m or 500ms)")
        #expect(message("Mail\u{1B}[31m") == "'Mail?[31m' is not NAME=COMMAND")
        let long = String(repeating: "x", count: 60)
        #expect(message(long) == "'\(String(repeating: "x", count: 39))\u{2026}' is not NAME=COMMAND")
    }
}

@Suite struct WatchReadingTests {
    private func parse(_ text: String) -> Result<[CountUpdate], WatchProblem> {
        WatchReading.parse(Array(text.utf8), buttonTitle: "Mail")
    }

    @Test func aWholeNumberWithBlanksAroundSetsTheWatchsButton() {
        #expect(parse(" 42 \n") == .success([CountUpdate(buttonTitle: "Mail", change: .set(42))]))
        #expect(parse("\n\t7\r\n\n") == .success([CountUpdate(buttonTitle: "Mail", change: .set(7))]))
    }

    @Test func linesOfLiveCountsFeedSeveralButtons() {
        #expect(
            parse("# counts\nMail=3\n\nNews+=2\r\nJobs-=1\n")
                == .success([
                    CountUpdate(buttonTitle: "Mail", change: .set(3)),
                    CountUpdate(buttonTitle: "News", change: .add(2)),
                    CountUpdate(buttonTitle: "Jobs", change: .subtract(1)),
                ]))
    }

    @Test func anythingElseIsNotACountAndNothingOfItIsTaken() {
        #expect(parse("Mail=3\nhello\n") == .failure(.notACount(firstLine: "hello")))
        #expect(parse("-3") == .failure(.notACount(firstLine: "-3")))
        #expect(parse("3 new") == .failure(.notACount(firstLine: "3 new")))
        #expect(parse("") == .failure(.notACount(firstLine: "")))
        #expect(parse("# only a comment\n") == .failure(.notACount(firstLine: "# only a comment")))
    }

    @Test func problemsInWords() {
        #expect(WatchProblem.failed("exit 1").description == "failed, exit 1")
        #expect(WatchProblem.timedOut(seconds: 2).description == "timed out after 2s")
        #expect(WatchProblem.notACount(firstLine: " hello ").description == "wrote 'hello', not a count")
        #expect(WatchProblem.notACount(firstLine: "").description == "wrote no count")
        #expect(WatchProblem.tooLong(limitBytes: 65_536).description == "wrote more than 64 KiB")
        #expect(WatchProblem.unknownButton("Foo").description == "named 'Foo', which no button has")
    }
}
