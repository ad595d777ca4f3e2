import BadgeKit
import BadgeTerminal

/// Where `--once` reads counts from, each read to its end in turn: the `--counts-from` source, and the watches run once.
///
/// A source hands over count updates in order; `--once` applies them, then prints the toolbar.
protocol OneShotCountSource {
    /// Reads to the end: each update to `update`, each problem (a skipped line, a read or a run that failed) to `problem`.
    ///
    /// A termination signal that `interruption` reports stops the reading early, with nothing to say.
    func readCounts(update: (CountUpdate) -> Void, problem: (String) -> Void, interruption: () -> Int32?)
}

extension LineReader: OneShotCountSource {
    func readCounts(update: (CountUpdate) -> Void, problem: (String) -> Void, interruption: () -> Int32?) {
        let outcome = readToEnd(interruption: interruption) { delivery in
            switch delivery {
            case .line(let bytes):
                do throws(CountUpdate.ParseError) {
                    if let parsed = try CountUpdate.parse(bytes) {
                        update(parsed)
                    }
                } catch {
                    problem(error.message)
                }
            case .discardedLine(let byteCount):
                problem(LineReader.discardedLineNotice(byteCount: byteCount))
            }
        }
        // Interrupted by a termination signal: the program ends without printing, so there is nothing to say.
        if case .stopped(let stop) = outcome, !stop.isInterruption {
            problem(stop.message)
        }
    }
}

extension LineReader.Stop {
    /// Whether a termination signal stopped the reading.
    var isInterruption: Bool {
        if case .interrupted = self { return true }
        return false
    }
}

/// The `--watch` commands, each run once, all at the same time, each within its time limit (for `--once`), and with
/// them everything they started: it is ended once they have all finished.
struct WatchesRunOnce: OneShotCountSource {
    /// The watches.
    let watches: [ButtonCommand]
    /// The interval of watches that give none, which with a cap of 60 s bounds each run.
    let defaultIntervalSeconds: Double

    func readCounts(update: (CountUpdate) -> Void, problem: (String) -> Void, interruption: () -> Int32?) {
        let requests = watches.enumerated().map { index, watch in
            ProcessRequest(
                identifier: index, command: watch.command,
                timeLimitSeconds: min(watch.intervalSeconds ?? defaultIntervalSeconds, WatchSchedule.longestRunSeconds))
        }
        // The last commands `--once` runs: what they leave behind, wherever it went, ends with them.
        let results = ProcessRequest.runAllToEnd(requests, endingEveryDescendant: true, interruption: interruption)
        // Ended by a termination signal: the program says so itself, and the runs it cut short failed for no
        // reason of theirs.
        guard interruption() == nil else { return }
        for result in results {
            let watch = watches[result.identifier]
            let request = requests[result.identifier]
            let reading: Result<[CountUpdate], WatchProblem>
            switch result.termination {
            case _ where result.outputWasCut:
                // Reading stopped at the limit, which usually ends the command with SIGPIPE: too long, not failed.
                reading = .failure(.tooLong(limitBytes: ProcessRequest.defaultOutputLimitBytes))
            case .exited(0):
                reading = WatchReading.parse(result.output, buttonTitle: watch.buttonTitle)
            case .timedOut:
                // The limit, as the board says it: the time it took to notice is a little longer.
                reading = .failure(.timedOut(seconds: request.timeLimitSeconds ?? result.endTime - result.startTime))
            default:
                reading = .failure(.failed(result.summary))
            }
            switch reading {
            case .success(let updates):
                updates.forEach(update)
            case .failure(let failure):
                problem("\(watch.buttonTitle): \(watch.quotedCommand) \(failure)")
            }
        }
    }
}
