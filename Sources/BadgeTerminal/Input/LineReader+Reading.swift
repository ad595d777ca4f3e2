import BadgeKit
import CNCursesW

extension LineReader {
    /// What ``readBatches(_:)`` hands out, in the order it arrived.
    public enum Batch {
        /// Whole lines, each followed by `\n` (a `\r` before it kept), and how many; the bytes are valid only during
        /// the call. A last line that ended with the input is given a `\n` too.
        case lines(UnsafeRawBufferPointer, count: Int)
        /// A line longer than ``LineReader/lineLimit``, discarded: its length without the line end, or its length
        /// so far when ``/BadgeKit/LineBatch/maximumBytesWithoutLineEnd`` bytes of it came without an end (the rest of it is
        /// skipped, and not reported again).
        case discardedLine(byteCount: Int)
    }

    /// Hands out the lines that have arrived, as runs of whole lines, and says whether to expect more (wraps `read`).
    ///
    /// Reads at most ``maximumBytesPerCall`` bytes. Lines that arrived whole in one
    /// read are handed out together, straight from the read buffer. At the end of
    /// the input a last line without a line end is delivered too, and the reader is
    /// done (a file or pipe is closed; standard input stays open, as it was).
    ///
    /// - Parameter body: Called for each run of lines or discarded line, in order; the bytes are valid only during the call.
    /// - Returns: Whether more may come, or why the reader is done.
    public func readBatches(_ body: (Batch) -> Void) -> ReadOutcome {
        guard descriptor != nil else { return .ended }
        var budget = Self.maximumBytesPerCall
        while budget > 0 {
            let space = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, budget)])
            let count: Int?
            do {
                count = try access.read(into: space)
            } catch {
                finish(early: true)
                return .stopped(.readFailed(source: sourceName, error))
            }
            guard let count else { return .waiting }
            guard count > 0 else {
                if splitter.partialLength > 0 {
                    splitter.deliverPartialLine(body)
                }
                if reopensForNextWriter {
                    return reopen()
                }
                finish()
                return .ended
            }
            budget -= count
            splitter.split(UnsafeRawBufferPointer(rebasing: buffer[..<count]), body)
            if splitter.partialLength >= LineBatch.maximumBytesWithoutLineEnd && !splitter.partialReported {
                guard !stopsWithoutLineEnd else {
                    finish(early: true)
                    return .stopped(.noLineEnd(source: sourceName))
                }
                // Said now, as its end may never come; the rest of it is skipped.
                splitter.reportPartialLine(body)
            }
        }
        return .more
    }

    /// Opens the FIFO again once its writers have gone (wraps `open` and `fstat`), so the next writer starts afresh
    /// and the end of the last one is not reported again and again; the new descriptor is opened before the old
    /// one is closed, so a writer arriving meanwhile always has a reader.
    ///
    /// What the path names now must be the same FIFO (device and inode): a path replaced by a regular file would
    /// otherwise be read to its end and opened again without end.
    private func reopen() -> ReadOutcome {
        let fresh: SystemDescriptor
        do {
            fresh = try SystemDescriptor.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            finish()
            return .stopped(.readFailed(source: sourceName, error))
        }
        guard let old = try? descriptor?.status(), let new = try? fresh.status(),
            FileType(new) == .fifo, new.st_dev == old.st_dev, new.st_ino == old.st_ino
        else {
            fresh.close()
            finish()
            return .stopped(.replaced(source: sourceName))
        }
        descriptor?.close()
        descriptor = fresh
        access = .direct(fresh)
        return .waiting
    }

}
