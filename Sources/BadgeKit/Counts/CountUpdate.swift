/// One line of the live-counts protocol: `Name=7`, `Name+=2` or `Name-=1`.
///
/// Blank lines and lines starting with `#` mean nothing. Spaces and tabs around
/// the name and the number, and a `\r` at the end (a CRLF line end), are ignored.
/// Numbers too large for `Int` saturate; counts never go below zero.
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
        var text = line
        return try text.withUTF8 { parsing(UnsafeRawBufferPointer($0)) }.get()
    }

    /// Reads one line given as UTF-8 bytes, by the same rules as the `String` form.
    ///
    /// Only an update's title and an error's message become strings, so a stream of
    /// lines can be read without a `String` per line.
    public static func parse(_ line: UnsafeRawBufferPointer) throws(ParseError) -> CountUpdate? {
        try parsing(line).get()
    }

    /// The rules of the protocol, on bytes.
    private static func parsing(_ line: UnsafeRawBufferPointer) -> Result<CountUpdate?, ParseError> {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D {
            end -= 1
        }
        let text = UTF8Text.trimmingSpaces(line, 0..<end)
        if text.isEmpty || line[text.lowerBound] == 0x23 {  // "#"
            return .success(nil)
        }
        guard let equals = line[text].firstIndex(of: 0x3D) else {  // "="
            return .failure(error(quoting: line, text))
        }
        var nameEnd = equals
        var make: (Int) -> Change = { .set($0) }
        if nameEnd > text.lowerBound && line[nameEnd - 1] == 0x2B {  // "+"
            nameEnd -= 1
            make = { .add($0) }
        } else if nameEnd > text.lowerBound && line[nameEnd - 1] == 0x2D {  // "-"
            nameEnd -= 1
            make = { .subtract($0) }
        }
        let title = UTF8Text.trimmingSpaces(line, text.lowerBound..<nameEnd)
        guard !title.isEmpty,
            let number = BadgeCount.parse(UnsafeRawBufferPointer(rebasing: line[(equals + 1)..<text.upperBound]))
        else {
            return .failure(error(quoting: line, text))
        }
        let buttonTitle = String(decoding: UnsafeRawBufferPointer(rebasing: line[title]), as: UTF8.self)
        return .success(CountUpdate(buttonTitle: buttonTitle, change: make(number)))
    }

    /// The error for a line that is not an update, quoting at most 40 characters of it.
    private static func error(quoting line: UnsafeRawBufferPointer, _ text: Range<Int>) -> ParseError {
        let content = String(decoding: UnsafeRawBufferPointer(rebasing: line[text]), as: UTF8.self)
        let quoted = Sanitizer.printable(String(content.prefix(40))) + (content.count > 40 ? "…" : "")
        return ParseError(message: "ignored '\(quoted)': expected Name=N, Name+=N or Name-=N")
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
