extension LineReader {
    /// What a call hands out, in the order it arrived.
    public enum Delivery {
        /// A line, without its line end; the bytes are valid only during the call.
        case line(UnsafeRawBufferPointer)
        /// A line longer than ``LineReader/lineLimit``, discarded: its length without the line end, or its length
        /// so far when ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes of it came without an end.
        case discardedLine(byteCount: Int)
    }

    /// Hands out the lines that have arrived, one at a time, and says whether to expect more (wraps `read`).
    ///
    /// The same as ``readBatches(_:)``, with each line on its own and without its line end.
    ///
    /// - Parameter body: Called for each line or discarded line, in order; the bytes are valid only during the call.
    /// - Returns: Whether more may come, or why the reader is done.
    public func readLines(_ body: (Delivery) -> Void) -> ReadOutcome {
        readBatches { batch in
            switch batch {
            case .lines(let bytes, _):
                var start = 0
                while start < bytes.count {
                    var end = start
                    while bytes[end] != 0x0A {
                        end += 1
                    }
                    let content = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
                    body(.line(UnsafeRawBufferPointer(rebasing: bytes[start..<content])))
                    start = end + 1
                }
            case .discardedLine(let byteCount):
                body(.discardedLine(byteCount: byteCount))
            }
        }
    }
}
