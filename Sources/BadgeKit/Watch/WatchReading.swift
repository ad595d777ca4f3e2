/// What a watch's command printed, read as counts: a whole number for its own button, or lines of live counts.
///
/// A whole number, with blanks and line ends around it, sets the watch's button.
/// Anything else is read line by line as `--counts-from` lines (`Name=N`,
/// `Name+=N`, `Name-=N`; blank lines and `#` comments mean nothing), so one
/// command can feed several buttons. Output is taken whole or not at all: one
/// bad line, or no count at all, makes the reading fail and changes nothing.
package enum WatchReading {
    /// Reads a command's output.
    ///
    /// - Parameters:
    ///   - output: What the command wrote on its standard output.
    ///   - buttonTitle: The title of the watch's own button, for a bare number.
    /// - Returns: The updates to apply, in order, or why the output is not a count
    ///   (such as `wrote 'hello', not a count`).
    package static func parse(_ output: [UInt8], buttonTitle: String) -> Result<[CountUpdate], WatchProblem> {
        let number = output.withUnsafeBytes { bytes in
            BadgeCount.parse(UnsafeRawBufferPointer(rebasing: bytes[trimmingBlanks(bytes)]))
        }
        if let number {
            return .success([CountUpdate(buttonTitle: buttonTitle, change: .set(number))])
        }
        var updates: [CountUpdate] = []
        for line in output.split(separator: 0x0A, omittingEmptySubsequences: true) {
            do {
                let update = try line.withUnsafeBytes { bytes throws(CountUpdate.ParseError) in
                    try CountUpdate.parse(bytes)
                }
                if let update { updates.append(update) }
            } catch {
                return .failure(.notACount(firstLine: String(decoding: line, as: UTF8.self)))
            }
        }
        guard !updates.isEmpty else {
            let first = output.split(separator: 0x0A).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .failure(.notACount(firstLine: first))
        }
        return .success(updates)
    }

    /// The range of bytes without blanks (spaces, tabs, line ends) at either end.
    private static func trimmingBlanks(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var start = 0
        var end = bytes.count
        while start < end && blanks.contains(bytes[start]) { start += 1 }
        while end > start && blanks.contains(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// What a finished run of a watch gives: the counts it printed, or why it gave none.
    ///
    /// The one place a run becomes a reading: output cut at the limit is too long
    /// (the cut usually ends the command with SIGPIPE, which is no failure of its
    /// own); exit 0 is read with ``parse(_:buttonTitle:)``; a run past its limit
    /// timed out after that limit; anything else failed, with the first line the
    /// command wrote to standard error.
    ///
    /// - Parameters:
    ///   - result: The run.
    ///   - buttonTitle: The title of the watch's own button, for a bare number.
    ///   - timeLimitSeconds: The run's limit, which a timeout names.
    package static func reading(
        of result: ProcessResult, buttonTitle: String, timeLimitSeconds: Double
    ) -> Result<[CountUpdate], WatchProblem> {
        if result.outputWasCut {
            return .failure(.tooLong(limitBytes: ProcessRequest.defaultOutputLimitBytes))
        }
        switch result.termination {
        case .exited(0):
            return parse(result.output, buttonTitle: buttonTitle)
        case .timedOut:
            return .failure(.timedOut(seconds: timeLimitSeconds))
        case .exited, .signaled, .couldNotStart:
            return .failure(.failed(result.summaryWithErrorLine))
        }
    }
}

/// Why a watch's run gave no count.
package enum WatchProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command ended badly: `exit 1`, `killed by SIGKILL`, `could not start: …` (the runner's summary).
    case failed(String)
    /// The command ran past its time limit and was ended, after this many seconds.
    case timedOut(seconds: Double)
    /// The output is not a count; the first line of it, as written.
    case notACount(firstLine: String)
    /// The output went past the most that is read.
    case tooLong(limitBytes: Int)
    /// The output names a button the board does not have.
    case unknownButton(String)

    /// The problem in a few words, after the command: `failed, exit 1`, `timed out after 2s`,
    /// `wrote 'hello', not a count`, `wrote nothing`.
    package var description: String {
        switch self {
        case .failed(let summary):
            return "failed, \(summary)"
        case .timedOut(let seconds):
            return "timed out after \(DurationText.describe(seconds: seconds))"
        case .notACount(let line):
            let text = line.trimmingSpaces
            return text.isEmpty ? "wrote no count" : "wrote '\(Sanitizer.shortened(text))', not a count"
        case .tooLong(let limit):
            return "wrote more than \(limit / 1024) KiB"
        case .unknownButton(let title):
            return "named '\(Sanitizer.shortened(title))', which no button has"
        }
    }
}
