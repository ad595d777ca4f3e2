extension BadgeBoard {
    /// Live counts taken from lines but not yet shown: the count each button will show, and when counts were last shown.
    struct PendingCounts: Sendable {
        /// The count each button will show, by index; `nil` where nothing waits.
        var targets: [Int?]
        /// The buttons with a count waiting, in the order their first line came.
        var waiting: [Int] = []
        /// When waiting counts were last shown, in seconds on the clock.
        var lastShownTime = -Double.infinity
        /// The last title that matched no button exactly, as UTF-8 bytes, and the button it names by case, if any.
        var lastInexactTitle: (bytes: [UInt8], index: Int?)?

        init(buttonCount: Int) {
            targets = Array(repeating: nil, count: buttonCount)
        }
    }

    /// What was wrong with the last bad line of a batch, kept as a range until the message is made.
    private enum LineProblem {
        case invalid(Range<Int>)
        case unknownTitle(Range<Int>)
    }

    /// Takes lines of live counts (`Name=N`, `Name+=N`, `Name-=N`) as UTF-8 bytes, without making a string per line.
    ///
    /// Each line is applied at once to the count its button will show, so nothing
    /// but the last result per button is kept. The counts are shown, each as one
    /// change (one motion of its badge, one ``BoardEvent`` from the count shown
    /// before), when ``countsIntervalSeconds`` has passed since counts were last
    /// shown: now if it has, else by ``advance(to:)`` once it has. So however many
    /// lines arrive within one frame, each badge starts at most one motion a frame.
    /// The lines that are not counts or name no button are reported: in the status line
    /// the first, with how many there were when there were several; with
    /// ``keepsReports``, each of the first ``badLinesToldPerBatch`` as a bad line,
    /// and how many more there were.
    ///
    /// - Parameters:
    ///   - bytes: Lines, each ended by `\n` (a `\r` before it is ignored); a last line without one is taken too.
    ///   - time: When they arrived, in seconds on the clock.
    public mutating func takeCountLines(_ bytes: UnsafeRawBufferPointer, at time: Double) {
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
                if let index = pendingButtonIndex(titled: titleBytes) {
                    let shown = pending.targets[index] ?? toolbar.buttons[index].count
                    if pending.targets[index] == nil {
                        pending.waiting.append(index)
                    }
                    pending.targets[index] = change.applied(to: shown)
                } else {
                    if problemCount < Self.badLinesToldPerBatch {
                        problems.append(.unknownTitle((start + title.lowerBound)..<(start + title.upperBound)))
                    }
                    problemCount += 1
                }
            }
            start = end + 1
        }
        if problemCount > 0 {
            reportBadLines(problems.map { Self.message(for: $0, in: bytes) }, count: problemCount, at: time)
        }
        if time >= pending.lastShownTime + countsIntervalSeconds {
            showPendingCounts(at: time)
        }
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

    /// Reports the bad lines of one batch: the first in the status line, with how many there were when there were
    /// several; each message given, and how many more there were, as reports.
    ///
    /// - Parameters:
    ///   - messages: What was wrong with each of the first lines, at most ``badLinesToldPerBatch``.
    ///   - count: How many bad lines there were in all.
    ///   - time: When they arrived.
    mutating func reportBadLines(_ messages: [String], count: Int, at time: Double) {
        guard let first = messages.first else { return }
        showNotice(count == 1 ? first : Self.badLinesNotice(first: first, count: count), at: time)
        for message in messages {
            keep(.badLine(Sanitizer.printable(message)))
        }
        if count > messages.count {
            keep(.moreBadLines(count - messages.count))
        }
    }

    /// The status line's notice for several bad lines in one batch: how many, and the first.
    public static func badLinesNotice(first: String, count: Int) -> String {
        "\(count) bad lines; the first: \(first)"
    }

    /// Whether counts from lines wait to be shown.
    public var hasPendingCounts: Bool { !pending.waiting.isEmpty }

    /// When the counts that wait will be shown, or `nil` when none wait.
    public var pendingCountsTime: Double? {
        hasPendingCounts ? pending.lastShownTime + countsIntervalSeconds : nil
    }

    /// Shows every count that waits now, each as one change from the count shown before; a count the lines
    /// left where it was is no change.
    public mutating func showPendingCounts(at time: Double) {
        guard hasPendingCounts else { return }
        pending.lastShownTime = time
        let waiting = pending.waiting
        pending.waiting.removeAll(keepingCapacity: true)
        for index in waiting {
            guard let target = pending.targets[index] else { continue }
            pending.targets[index] = nil
            changeCount(forButtonAt: index, source: .counts, at: time) { toolbar in
                toolbar.setCount(target, forButtonAt: index, at: time)
            }
        }
    }

    /// The button a title given as bytes names, by the rule of ``BadgeToolbar/buttonIndex(titled:)``, without a string for an
    /// exact title.
    private mutating func pendingButtonIndex(titled bytes: UnsafeRawBufferPointer) -> Int? {
        if let index = toolbar.buttonIndex(exactlyTitled: bytes) {
            return index
        }
        if let last = pending.lastInexactTitle, last.bytes.elementsEqual(bytes) {
            return last.index
        }
        let index = toolbar.buttonIndex(titled: String(decoding: bytes, as: UTF8.self))
        pending.lastInexactTitle = (Array(bytes), index)
        return index
    }

    /// The problem a line naming no button is reported with.
    static func unknownTitleProblem(_ title: String) -> String {
        "ignored '\(Sanitizer.shortened(title))': no button has that title"
    }
}
