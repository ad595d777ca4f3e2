extension ProcessResult {
    /// What the run wrote on its standard output, as text (bytes that are not UTF-8 replaced), without the spaces,
    /// tabs and line ends around it.
    public var text: String {
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var start = output.startIndex
        var end = output.endIndex
        while start < end && blanks.contains(output[start]) { start += 1 }
        while end > start && blanks.contains(output[end - 1]) { end -= 1 }
        return String(decoding: output[start..<end], as: UTF8.self)
    }

    /// The whole number the run printed (blanks and line ends around it allowed), when it exited with 0 and
    /// printed one; else `nil`.
    public var count: Int? {
        guard succeeded, !outputWasCut else { return nil }
        return BadgeCount.parse(text)
    }
}
