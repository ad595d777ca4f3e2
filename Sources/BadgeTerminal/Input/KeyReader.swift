import BadgeKit

/// Keys from a terminal: reads the bytes that arrived, decodes them, and keeps the events until they are taken.
///
/// The full screen and line mode read keys the same way: one read of at most
/// ``readChunkBytes`` per turn, so a flood of input cannot hold up frames and
/// signals, and a sequence left open (a lone Esc, an `ESC ]` that is Alt-], a
/// report cut short) that ends once its delay has passed, so no input holds up
/// the keys after it.
struct KeyReader {
    /// The most bytes read from the keyboard in one turn.
    static let readChunkBytes = 16_384
    private var decoder: InputDecoder
    private var buffer = [UInt8](repeating: 0, count: KeyReader.readChunkBytes)
    /// Events decoded (or noted, such as a resize) and not yet taken.
    var pending: [InputEvent] = []

    /// Creates a reader whose lone Esc, and any sequence left open, waits a delay, or what ESCDELAY says (in
    /// milliseconds); either way at most ``InputDecoder/longestEscapeTimeoutSeconds``.
    ///
    /// - Parameters:
    ///   - escapeDelaySeconds: How long a lone Esc waits for the rest of a sequence, unless ESCDELAY is set.
    ///   - environment: Looks up ESCDELAY.
    init(escapeDelaySeconds: Double, environment: (String) -> String?) {
        var delay = escapeDelaySeconds
        if let variable = environment("ESCDELAY"), let milliseconds = Int(variable), milliseconds >= 0 {
            delay = Double(milliseconds) / 1000
        }
        decoder = InputDecoder(escapeTimeoutSeconds: delay)
    }

    /// When the sequence left open by the bytes read so far is over (a lone Esc becomes a key), if one is open.
    ///
    /// The reactor wakes for it in its one wait, so it costs no polling.
    var deadline: Double? { decoder.deadline }

    /// Reads what the keyboard sent and decodes it (wraps `read`); `false` when the terminal went away.
    mutating func read(from input: SystemDescriptor, at time: Double) -> Bool {
        let outcome = buffer.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try input.read(into: buffer) }
        }
        guard case .success(let read) = outcome else { return false }
        guard let count = read else { return true }  // nothing after all (EAGAIN)
        guard count > 0 else { return false }  // the end: the terminal hung up
        buffer.withUnsafeBytes { bytes in
            decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), at: time, into: &pending)
        }
        return true
    }

    /// Every event so far, with what a sequence left open past its delay gives by an instant; taking them clears
    /// them.
    mutating func takeKeys(at time: Double) -> [Wakeup] {
        decoder.expire(at: time, into: &pending)
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.map(Wakeup.input)
    }
}
