/// Lines that arrived together from a live input source, kept as bytes: what one read of the source brought.
///
/// The runner hands a program one batch per read (``ProgramEvent/lines(_:source:)``)
/// rather than one event per line, so a source that writes millions of lines a
/// second costs a program one call per read, and no `String` per line. In ``bytes``
/// every line is followed by `\n`, with any `\r` before it kept; ``forEachLine(_:)``
/// and ``lines`` give the lines without their line ends.
public struct LineBatch: Sendable, Equatable {
    /// The lines' bytes, each line followed by `\n` (a `\r` before it kept).
    public private(set) var bytes: [UInt8] = []
    /// How many lines there are.
    public private(set) var count = 0

    /// The longest line a source delivers by default, in bytes, without its line end.
    public static let maximumLineBytes = 1024
    /// How much may arrive without a line end before the line is reported discarded, or, from a source that is
    /// neither a pipe, a FIFO, a socket nor a regular file, before reading stops: 1 MiB.
    public static let maximumBytesWithoutLineEnd = 1 << 20

    /// A notice for a discarded line, such as `ignored a line of 5000 bytes: a counts line has at most 1024`, or
    /// `ignored a line of 1 MiB or more: …` for one said before its end came.
    public static func discardedLineNotice(byteCount: Int) -> String {
        let length =
            byteCount >= maximumBytesWithoutLineEnd
            ? "\(maximumBytesWithoutLineEnd >> 20) MiB or more" : "\(byteCount) bytes"
        return "ignored a line of \(length): a counts line has at most \(maximumLineBytes)"
    }

    /// Creates an empty batch.
    public init() {}

    /// Creates a batch of lines given as text, for tests and for programs that make their own input; a line
    /// with a `\n` in it counts as several.
    public init(_ lines: [String]) {
        for line in lines {
            var text = line + "\n"
            text.withUTF8 { append(lines: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Whether it holds no line.
    public var isEmpty: Bool { count == 0 }

    /// Adds whole lines, each followed by `\n`.
    package mutating func append(lines: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: lines)
        count += lines.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Adds whole lines, each followed by `\n`, whose number is known.
    package mutating func append(lines: UnsafeRawBufferPointer, count lineCount: Int) {
        bytes.append(contentsOf: lines)
        count += lineCount
    }

    /// Calls a function with every line's bytes, in order, without its line end; the bytes are valid only during the call.
    public func forEachLine<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        let result = bytes.withUnsafeBytes { all in
            Result { () throws(Failure) in
                var start = 0
                while start < all.count {
                    var end = start
                    while end < all.count && all[end] != 0x0A {
                        end += 1
                    }
                    let content = end > start && all[end - 1] == 0x0D ? end - 1 : end
                    try body(UnsafeRawBufferPointer(rebasing: all[start..<content]))
                    start = end + 1
                }
            }
        }
        try result.get()
    }

    /// The lines as text, without their line ends (bytes that are not UTF-8 become U+FFFD).
    public var lines: [String] {
        var lines: [String] = []
        lines.reserveCapacity(count)
        forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }
}
