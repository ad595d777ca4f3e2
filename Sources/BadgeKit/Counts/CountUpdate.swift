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

        /// The count after this change: saturating, and never below zero.
        public func applied(to count: Int) -> Int {
            switch self {
            case .set(let value): return max(value, 0)
            case .add(let amount): return BadgeCount.adding(amount, to: max(count, 0))
            case .subtract(let amount): return BadgeCount.subtracting(amount, from: count)
            }
        }
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
        let parsed = text.withUTF8 { bytes in
            Result { () throws(ParseError) in try parse(UnsafeRawBufferPointer(bytes)) }
        }
        return try parsed.get()
    }

    /// Reads one line given as UTF-8 bytes, by the same rules as the `String` form.
    ///
    /// Only an update's title and an error's message become strings, so a stream of
    /// lines can be read without a `String` per line.
    public static func parse(_ line: UnsafeRawBufferPointer) throws(ParseError) -> CountUpdate? {
        switch scan(line) {
        case .blank:
            return nil
        case .update(let title, let change):
            return CountUpdate(
                buttonTitle: String(decoding: UnsafeRawBufferPointer(rebasing: line[title]), as: UTF8.self),
                change: change)
        case .invalid:
            throw error(quoting: line)
        }
    }

    /// What a line is, found without making any string: see ``scan(_:)``.
    public enum ScannedLine: Sendable, Equatable {
        /// A blank line or a `#` comment.
        case blank
        /// An update: where its title lies in the line's bytes, and what it does.
        case update(title: Range<Int>, change: Change)
        /// Not an update (``error(quoting:)`` says why).
        case invalid
    }

    /// Reads one line of UTF-8 bytes by the rules of the protocol, without making a string: for streams of lines.
    public static func scan(_ line: UnsafeRawBufferPointer) -> ScannedLine {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D {
            end -= 1
        }
        let text = UTF8Text.trimmingSpaces(line, 0..<end)
        if text.isEmpty || line[text.lowerBound] == 0x23 {  // "#"
            return .blank
        }
        var equals = text.lowerBound
        while equals < text.upperBound && line[equals] != 0x3D {  // "="
            equals += 1
        }
        guard equals < text.upperBound else { return .invalid }
        var nameEnd = equals
        var sign: UInt8 = 0
        if nameEnd > text.lowerBound && (line[nameEnd - 1] == 0x2B || line[nameEnd - 1] == 0x2D) {  // "+", "-"
            nameEnd -= 1
            sign = line[nameEnd]
        }
        let title = UTF8Text.trimmingSpaces(line, text.lowerBound..<nameEnd)
        guard !title.isEmpty,
            let number = BadgeCount.parse(UnsafeRawBufferPointer(rebasing: line[(equals + 1)..<text.upperBound]))
        else {
            return .invalid
        }
        let change: Change = sign == 0x2B ? .add(number) : sign == 0x2D ? .subtract(number) : .set(number)
        return .update(title: title, change: change)
    }

    /// The error for a line that is not an update (one ``scan(_:)`` finds ``ScannedLine/invalid``), quoting at
    /// most 40 characters of it.
    public static func error(quoting line: UnsafeRawBufferPointer) -> ParseError {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0D {
            end -= 1
        }
        return error(quoting: line, UTF8Text.trimmingSpaces(line, 0..<end))
    }

    /// The error for a line that is not an update, quoting at most 40 characters of its text.
    private static func error(quoting line: UnsafeRawBufferPointer, _ text: Range<Int>) -> ParseError {
        let content = String(decoding: UnsafeRawBufferPointer(rebasing: line[text]), as: UTF8.self)
        return ParseError(message: "ignored '\(Sanitizer.shortened(content))': expected Name=N, Name+=N or Name-=N")
    }

    /// The count after this update.
    public func applied(to count: Int) -> Int {
        change.applied(to: count)
    }
}
