/// Live counts as they come in, lines of bytes: each line applied at once to the count its button will show,
/// and the counts that wait shown together at most once an interval.
///
/// It keeps nothing but the last result per button, so however many lines arrive
/// within one interval, each badge starts at most one motion. It counts the lines
/// that are not counts or name no button, and words the first few of each batch
/// (``BadgeBoard/badLinesToldPerBatch``) for the board's notices.
struct LiveCountIntake: Sendable {
    /// The shortest time between two showings of live counts, in seconds; 0 shows every batch at once.
    var intervalSeconds = 0.0
    /// When waiting counts were last shown, in seconds on the clock.
    var lastShownTime = -Double.infinity
    /// The count each button will show, by index; `nil` where nothing waits.
    private var targets: [Int?]
    /// The buttons with a count waiting, in the order their first line came.
    private var waiting: [Int] = []
    /// The last title that matched no button exactly, as UTF-8 bytes, and the button it names by case, if any.
    private var lastInexactTitle: (bytes: [UInt8], index: Int?)?

    /// How many bad lines of one batch are worded one by one; the rest are counted.
    static let badLinesToldPerBatch = 5

    /// The bad lines of one batch: what was wrong with each of the first few, and how many there were in all.
    struct BadLines: Sendable, Equatable {
        /// What was wrong with each of the first lines, at most ``badLinesToldPerBatch``.
        var messages: [String]
        /// How many bad lines there were in all.
        var count: Int
    }

    /// What was wrong with a bad line, kept as a range until the message is made.
    private enum LineProblem {
        case invalid(Range<Int>)
        case unknownTitle(Range<Int>)
    }

    /// Creates an intake with nothing waiting, for a toolbar of some buttons.
    init(buttonCount: Int) {
        targets = Array(repeating: nil, count: buttonCount)
    }

    /// Whether counts wait to be shown.
    var hasPendingCounts: Bool { !waiting.isEmpty }

    /// When the counts that wait will be shown, or `nil` when none wait.
    var pendingCountsTime: Double? {
        hasPendingCounts ? lastShownTime + intervalSeconds : nil
    }

    /// Whether counts taken at an instant are shown at once: the interval has passed since the last showing.
    func isDue(at time: Double) -> Bool {
        time >= lastShownTime + intervalSeconds
    }

    /// Takes lines of live counts (`Name=N`, `Name+=N`, `Name-=N`) as UTF-8 bytes, without making a string per line.
    ///
    /// - Parameters:
    ///   - bytes: Lines, each ended by `\n` (a `\r` before it is ignored); a last line without one is taken too.
    ///   - toolbar: The toolbar the lines name buttons of, for titles and the counts shown.
    /// - Returns: The bad lines among them, or `nil` when there were none.
    mutating func take(_ bytes: UnsafeRawBufferPointer, toolbar: BadgeToolbar) -> BadLines? {
        // The first few problems are kept as ranges, the rest only counted: messages are made after the loop.
        var problems: [LineProblem] = []
        var problemCount = 0
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count && bytes[end] != 0x0A {
                end += 1
            }
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            switch CountUpdate.scan(line) {
            case .blank:
                break
            case .invalid:
                if problemCount < Self.badLinesToldPerBatch {
                    problems.append(.invalid(start..<end))
                }
                problemCount += 1
            case .update(let title, let change):
                let titleBytes = UnsafeRawBufferPointer(rebasing: line[title])
                if let index = buttonIndex(titled: titleBytes, on: toolbar) {
                    let shown = targets[index] ?? toolbar.buttons[index].count
                    if targets[index] == nil {
                        waiting.append(index)
                    }
                    targets[index] = change.applied(to: shown)
                } else {
                    if problemCount < Self.badLinesToldPerBatch {
                        problems.append(.unknownTitle((start + title.lowerBound)..<(start + title.upperBound)))
                    }
                    problemCount += 1
                }
            }
            start = end + 1
        }
        guard problemCount > 0 else { return nil }
        return BadLines(messages: problems.map { Self.message(for: $0, in: bytes) }, count: problemCount)
    }

    /// Takes every count that waits, in the order their first line came, and marks them shown now.
    mutating func takePendingCounts(at time: Double) -> [(buttonIndex: Int, count: Int)] {
        lastShownTime = time
        defer { waiting.removeAll(keepingCapacity: true) }
        return waiting.compactMap { index in
            defer { targets[index] = nil }
            return targets[index].map { (index, $0) }
        }
    }

    /// The problem a line naming no button is told with.
    static func unknownTitleProblem(_ title: String) -> String {
        "ignored '\(Sanitizer.shortened(title))': no button has that title"
    }

    /// What was wrong with a bad line, in words.
    private static func message(for problem: LineProblem, in bytes: UnsafeRawBufferPointer) -> String {
        switch problem {
        case .invalid(let range):
            return CountUpdate.error(quoting: UnsafeRawBufferPointer(rebasing: bytes[range])).message
        case .unknownTitle(let range):
            return unknownTitleProblem(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        }
    }

    /// The button a title given as bytes names, by the rule of ``BadgeToolbar/buttonIndex(titled:)``, without a
    /// string for an exact title.
    private mutating func buttonIndex(titled bytes: UnsafeRawBufferPointer, on toolbar: BadgeToolbar) -> Int? {
        if let index = toolbar.buttonIndex(exactlyTitled: bytes) {
            return index
        }
        if let last = lastInexactTitle, last.bytes.elementsEqual(bytes) {
            return last.index
        }
        let index = toolbar.buttonIndex(titled: String(decoding: bytes, as: UTF8.self))
        lastInexactTitle = (Array(bytes), index)
        return index
    }
}
