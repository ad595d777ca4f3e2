/// The board's watches: when each command runs next, which are running or waiting for a press, and which fail.
///
/// A value fed the time and the results, never a clock or a process: the
/// program asks ``takeDue(at:)`` which watches to start now, starts them, and
/// hands each result to ``finish(watchAt:with:at:buttonTitles:)``. Each watch runs on
/// its own interval from the start, at most one run at a time: a run still going
/// at its next turn makes it skip that turn rather than start twice. A refresh
/// (SIGUSR1, a press) runs a watch at once, or as soon as its run in progress ends.
/// While a command started by a press of the watch's button runs, the watch
/// waits, and refreshes once the last such command has finished, so it reads
/// what the press changed, never what was there before.
package struct WatchSchedule: Sendable, Equatable {
    /// One watch: a command that gives a button its count.
    package struct Watch: Sendable, Equatable {
        /// The button and the command, as given.
        package var command: ButtonCommand
        /// The index of the button the watch is for.
        package var buttonIndex: Int
        /// How often it runs, in seconds.
        package var intervalSeconds: Double
        /// When its next regular run is due, in seconds on the clock.
        package fileprivate(set) var nextRunTime: Double
        /// Whether a run is in progress.
        package fileprivate(set) var isRunning = false
        /// How many commands started by presses of its buttons are still running; it waits for them.
        package fileprivate(set) var pressesPending = 0
        /// Whether it should run as soon as it may, out of turn.
        package fileprivate(set) var refreshRequested = false
        /// The buttons its last good reading set, its own button always among them.
        package fileprivate(set) var fedButtons: [Int]
        /// Why its last run gave no count, or `nil` after a good one.
        package fileprivate(set) var problem: WatchProblem?
        /// Whether any run gave a count yet.
        package fileprivate(set) var hasReading = false
        /// Whether any run gave no count.
        package fileprivate(set) var hasFailed = false

        /// How long a run may take before it is ended: the interval, at most ``WatchSchedule/longestRunSeconds``.
        package var timeLimitSeconds: Double {
            min(intervalSeconds, WatchSchedule.longestRunSeconds)
        }

        /// Whether it may start now: not running and not waiting for a press.
        var mayStart: Bool { !isRunning && pressesPending == 0 }
    }

    /// The longest a run may take, in seconds, however long the interval.
    package static let longestRunSeconds = 60.0
    /// The interval when none is given, in seconds.
    package static let defaultIntervalSeconds = 30.0

    /// The watches, in the order they were given.
    package private(set) var watches: [Watch]

    /// Creates a schedule whose watches all run first at the start.
    ///
    /// - Parameters:
    ///   - watches: Each command with the index of its button.
    ///   - intervalSeconds: The interval of watches that give none of their own.
    ///   - startTime: When the first runs are due.
    package init(
        watches: [(command: ButtonCommand, buttonIndex: Int)], intervalSeconds: Double = defaultIntervalSeconds,
        startTime: Double
    ) {
        self.watches = watches.map { command, index in
            Watch(
                command: command, buttonIndex: index, intervalSeconds: command.intervalSeconds ?? intervalSeconds,
                nextRunTime: startTime, fedButtons: [index])
        }
    }

    /// Whether there are no watches.
    package var isEmpty: Bool { watches.isEmpty }

    /// The watches to start now, marked as running: those due or asked to refresh that may start.
    ///
    /// A watch whose regular turn comes while it runs or waits for a press skips
    /// that turn: its next one is the first on its interval after now.
    package mutating func takeDue(at time: Double) -> [Int] {
        var due: [Int] = []
        for index in watches.indices {
            let isTurn = time >= watches[index].nextRunTime
            guard isTurn || watches[index].refreshRequested else { continue }
            guard watches[index].mayStart else {
                if isTurn { skipTurns(ofWatchAt: index, upTo: time) }
                continue
            }
            watches[index].isRunning = true
            watches[index].refreshRequested = false
            watches[index].nextRunTime = time + watches[index].intervalSeconds
            due.append(index)
        }
        return due
    }

    /// Moves a watch's next turn to the first one on its interval after an instant.
    private mutating func skipTurns(ofWatchAt index: Int, upTo time: Double) {
        let interval = watches[index].intervalSeconds
        let next = watches[index].nextRunTime
        guard next <= time else { return }
        watches[index].nextRunTime = next + ((time - next) / interval + 1).rounded(.down) * interval
    }

    /// When a watch next needs to start, or `nil` when none will without a result or a press ending first.
    package func nextRunTime(after time: Double) -> Double? {
        // A watch a path sets off has no turn on the clock: its next run time is infinite.
        watches.lazy.filter(\.mayStart).map { $0.refreshRequested ? time : $0.nextRunTime }.filter(\.isFinite).min()
    }

    /// Asks every watch to run at once, or right after its run in progress (SIGUSR1).
    package mutating func refreshAll() {
        for index in watches.indices {
            watches[index].refreshRequested = true
        }
    }

    /// The watches that give a button its count: its own, and those whose last reading set it.
    package func watchIndices(forButtonAt buttonIndex: Int) -> [Int] {
        watches.indices.filter { watches[$0].fedButtons.contains(buttonIndex) }
    }

    /// Asks a button's watches to run at once, or right after their runs in progress.
    package mutating func refresh(watchesOfButtonAt buttonIndex: Int) {
        for index in watchIndices(forButtonAt: buttonIndex) {
            watches[index].refreshRequested = true
        }
    }

    /// Holds a button's watches while a command its press started runs; ``release(heldWatches:)`` lets them go.
    ///
    /// - Returns: The watches held, to release the same ones even if what they feed changes meanwhile.
    @discardableResult
    package mutating func holdForPress(ofButtonAt buttonIndex: Int) -> [Int] {
        let held = watchIndices(forButtonAt: buttonIndex)
        for index in held {
            watches[index].pressesPending += 1
        }
        return held
    }

    /// Lets watches held for a press go once its command has finished, and has them refresh.
    package mutating func release(heldWatches held: [Int]) {
        for index in held where watches.indices.contains(index) {
            watches[index].pressesPending = max(watches[index].pressesPending - 1, 0)
            watches[index].refreshRequested = true
        }
    }

    /// Takes a run's result and says what it means for the board: the counts a good reading sets (and the
    /// stale marks it clears), or, for a problem, the stale marks of the buttons the watch feeds and the problem
    /// in words when it is new.
    ///
    /// A reading that names a button the board does not have counts as a problem, and
    /// nothing of it is applied: a reading is taken whole or not at all. The schedule
    /// changes only itself; ``BadgeBoard/apply(_:at:)`` applies the outcome.
    ///
    /// - Parameters:
    ///   - index: The watch.
    ///   - reading: What ``WatchReading/parse(_:buttonTitle:)`` made of the output, or why the run failed.
    ///   - time: When the run ended.
    ///   - buttonTitles: The board's buttons' titles, in order, to find the buttons a reading names.
    package mutating func finish(
        watchAt index: Int, with reading: Result<[CountUpdate], WatchProblem>, at time: Double, buttonTitles: [String]
    ) -> WatchOutcome {
        guard watches.indices.contains(index) else { return WatchOutcome() }
        watches[index].isRunning = false
        skipTurns(ofWatchAt: index, upTo: time)
        var outcome = WatchOutcome()
        var result = reading
        if case .success(let updates) = reading,
            let unknown = updates.first(where: { BadgeToolbar.index(ofTitle: $0.buttonTitle, in: buttonTitles) == nil })
        {
            result = .failure(.unknownButton(unknown.buttonTitle))
        }
        let previousFed = watches[index].fedButtons
        switch result {
        case .success(let updates):
            var fed = [watches[index].buttonIndex]
            for update in updates {
                if let button = BadgeToolbar.index(ofTitle: update.buttonTitle, in: buttonTitles), !fed.contains(button)
                {
                    fed.append(button)
                }
            }
            outcome.updates = updates
            watches[index].fedButtons = fed
            watches[index].problem = nil
            outcome.isFirstReading = !watches[index].hasReading
            watches[index].hasReading = true
        case .failure(let problem):
            if problem != watches[index].problem {
                let watch = watches[index]
                let title =
                    buttonTitles.indices.contains(watch.buttonIndex)
                    ? buttonTitles[watch.buttonIndex] : watch.command.buttonTitle
                outcome.problem = "\(title): \(watch.command.quotedCommand) \(problem.description)"
            }
            watches[index].problem = problem
            watches[index].hasFailed = true
        }
        // Stale while any watch that feeds the button fails.
        for button in Set(previousFed + watches[index].fedButtons).sorted() {
            let failing = watches.first { $0.fedButtons.contains(button) && $0.problem != nil }
            outcome.staleMarks.append(
                WatchOutcome.StaleMark(buttonIndex: button, reason: failing.flatMap { $0.problem?.description }))
        }
        return outcome
    }

    /// Whether every watch has finished a run, good or not: what a single reading of the board waits for.
    package var hasFinishedEveryWatchOnce: Bool {
        watches.allSatisfy { $0.hasReading || $0.hasFailed }
    }
}

extension WatchSchedule {
    /// Carries the state of an old schedule's watches over to this one's: a watch of the same command, for the
    /// same button, on the same interval keeps its next turn, its run in progress, the presses it waits for, the
    /// buttons it feeds and its last problem; the other watches of this schedule are new and run at once.
    ///
    /// - Parameters:
    ///   - old: The schedule that ran until now.
    ///   - buttons: Where each of the old board's buttons is now, by its old index; `nil` for one that is gone.
    /// - Returns: Where each old watch is now, by its old index; `nil` for one that is gone.
    mutating func continueWatches(of old: WatchSchedule, buttons: [Int?]) -> [Int?] {
        var mapping: [Int?] = Array(repeating: nil, count: old.watches.count)
        for index in watches.indices {
            let watch = watches[index]
            guard
                let before = old.watches.indices.first(where: { before in
                    let previous = old.watches[before]
                    return mapping[before] == nil && previous.command.command == watch.command.command
                        && previous.intervalSeconds == watch.intervalSeconds
                        && buttons.indices.contains(previous.buttonIndex)
                        && buttons[previous.buttonIndex] == watch.buttonIndex
                })
            else { continue }
            mapping[before] = index
            let previous = old.watches[before]
            watches[index].nextRunTime = previous.nextRunTime
            watches[index].isRunning = previous.isRunning
            watches[index].pressesPending = previous.pressesPending
            watches[index].refreshRequested = previous.refreshRequested
            var fed = [watch.buttonIndex]
            for button in previous.fedButtons {
                if buttons.indices.contains(button), let now = buttons[button], !fed.contains(now) { fed.append(now) }
            }
            watches[index].fedButtons = fed
            watches[index].problem = previous.problem
            watches[index].hasReading = previous.hasReading
            watches[index].hasFailed = previous.hasFailed
        }
        return mapping
    }
}
