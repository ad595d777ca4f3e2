import BadgeKit

/// Cuts the bytes a ``LineReader`` reads into lines, keeping the start of a line whose end has not arrived.
///
/// Runs of whole lines are handed out straight from the bytes read; of a line longer than ``lineLimit`` only its
/// length is kept, to report it discarded.
struct LineSplitter {
    /// The longest line delivered, in bytes, without its line end.
    let lineLimit: Int
    /// The start of a line whose end has not arrived: at most one byte more than ``lineLimit`` is kept.
    private var partialLine: [UInt8] = []
    /// How long that line is so far, kept or not.
    private(set) var partialLength = 0
    /// Its last byte, to tell a `\r` before the line end.
    private var partialLastByte: UInt8 = 0
    /// Whether the line whose end has not arrived was reported discarded already, before its end: it is skipped to
    /// its end, and not reported again.
    private(set) var partialReported = false

    /// Creates a splitter that delivers lines of at most `lineLimit` bytes.
    init(lineLimit: Int = LineBatch.maximumLineBytes) {
        self.lineLimit = max(lineLimit, 1)
        partialLine.reserveCapacity(min(self.lineLimit, LineBatch.maximumLineBytes) + 2)
    }

    /// Cuts bytes into lines: runs of complete ones are delivered whole, the start of the next is kept.
    mutating func split(_ bytes: UnsafeRawBufferPointer, _ body: (LineReader.Batch) -> Void) {
        let count = bytes.count
        var start = 0
        if partialLength > 0 {
            // The rest of a line begun in an earlier read.
            var end = 0
            while end < count && bytes[end] != 0x0A {
                end += 1
            }
            keepPartial(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
            guard end < count else { return }
            deliverPartialLine(body)
            start = end + 1
        }
        // A run of whole lines short enough to deliver, straight from the read buffer.
        var runStart = start
        var runLines = 0
        func deliverRun(upTo end: Int) {
            if runLines > 0 {
                body(.lines(UnsafeRawBufferPointer(rebasing: bytes[runStart..<end]), count: runLines))
            }
            runLines = 0
        }
        while start < count {
            var end = start
            while end < count && bytes[end] != 0x0A {
                end += 1
            }
            if end == count {
                deliverRun(upTo: start)
                keepPartial(UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
                return
            }
            let content = end > start && bytes[end - 1] == 0x0D ? end - start - 1 : end - start
            if content > lineLimit {
                deliverRun(upTo: start)
                body(.discardedLine(byteCount: content))
                runStart = end + 1
            } else {
                runLines += 1
            }
            start = end + 1
        }
        deliverRun(upTo: count)
    }

    /// Keeps bytes of a line whose end has not arrived, up to one byte more than a line may have.
    private mutating func keepPartial(_ piece: UnsafeRawBufferPointer) {
        guard let last = piece.last else { return }
        let room = lineLimit + 1 - partialLine.count
        if room > 0 && !partialReported {
            partialLine.append(contentsOf: piece.prefix(room))
        }
        partialLength += piece.count
        partialLastByte = last
    }

    /// Delivers the kept line with a `\n` after it, or reports it discarded when it is too long, and starts the next.
    mutating func deliverPartialLine(_ body: (LineReader.Batch) -> Void) {
        let contentLength = partialLastByte == 0x0D ? partialLength - 1 : partialLength
        if partialReported {
            // Said when it was found too long.
        } else if contentLength > lineLimit {
            body(.discardedLine(byteCount: contentLength))
        } else {
            // Short enough, so every byte of it was kept.
            partialLine.append(0x0A)
            partialLine.withUnsafeBytes { body(.lines($0, count: 1)) }
        }
        partialLine.removeAll(keepingCapacity: true)
        partialLength = 0
        partialReported = false
    }

    /// Reports the line whose end has not arrived discarded now, with its length so far, and skips the rest of it
    /// to its end without reporting it again.
    mutating func reportPartialLine(_ body: (LineReader.Batch) -> Void) {
        guard !partialReported, partialLength > 0 else { return }
        partialReported = true
        partialLine.removeAll(keepingCapacity: true)
        body(.discardedLine(byteCount: partialLength))
    }

    /// Forgets the line kept, and the memory it took, once reading stops.
    mutating func reset() {
        partialLine = []
        partialLength = 0
        partialReported = false
    }
}
