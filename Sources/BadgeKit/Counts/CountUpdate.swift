/// One line of the live-counts protocol: `Name=7`, `Name+=2` or `Name-=1`.
///
/// Blank lines and lines starting with `#` mean nothing. Numbers too large for
/// `Int` saturate; counts never go below zero.
public struct CountUpdate: Sendable, Equatable {
    /// What the line does to the count.
    public enum Change: Sendable, Equatable {
        /// Sets the count.
        case set(Int)
        /// Adds to the count.
        case add(Int)
        /// Takes from the count.
        case subtract(Int)
    }

    /// The title of the button the line is for.
    public var buttonTitle: String
    /// What it does.
    public var change: Change

    /// Creates an update.
    public init(buttonTitle: String, change: Change) {
        self.buttonTitle = buttonTitle
        self.change = change
    }

    /// A line that is not an update, with a message saying why.
    public struct ParseError: Error, Equatable {
        /// The problem in one line, quoting the bad line (without control characters).
        public var message: String
    }

    /// Reads one line: an update, `nil` for a blank or comment line, or an error.
    public static func parse(_ line: String) throws(ParseError) -> CountUpdate? {
        let text = line.trimmingSpaces
        if text.isEmpty || text.hasPrefix("#") { return nil }
        let quoted = Sanitizer.printable(String(text.prefix(40))) + (text.count > 40 ? "…" : "")
        let usage = "expected Name=N, Name+=N or Name-=N"
        guard let equals = text.firstIndex(of: "=") else {
            throw ParseError(message: "ignored '\(quoted)': \(usage)")
        }
        var name = Substring(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        var make: (Int) -> Change = { .set($0) }
        if name.hasSuffix("+") {
            name.removeLast()
            make = { .add($0) }
        } else if name.hasSuffix("-") {
            name.removeLast()
            make = { .subtract($0) }
        }
        let title = String(name).trimmingSpaces
        guard !title.isEmpty, let number = BadgeCount.parse(value) else {
            throw ParseError(message: "ignored '\(quoted)': \(usage)")
        }
        return CountUpdate(buttonTitle: title, change: make(number))
    }

    /// The count after this update.
    public func applied(to count: Int) -> Int {
        switch change {
        case .set(let value): return max(value, 0)
        case .add(let amount): return BadgeCount.adding(amount, to: max(count, 0))
        case .subtract(let amount): return BadgeCount.subtracting(amount, from: count)
        }
    }
}
