import CNCursesW
import Glibc

/// Writes an asciicast v2 recording: a JSON header, then one `[seconds, "o", data]` line per write to the terminal.
///
/// Each event is written to the file as it happens, so a recording is complete
/// up to the last frame even if the program is killed.
public final class SessionRecorder {
    private let descriptor: Int32
    private let clock = MonotonicClock()
    /// Bytes of a UTF-8 sequence cut at the end of the last chunk, kept for the next.
    private var carry: [UInt8] = []

    /// Creates the file and writes the header (wraps `open` and `write`).
    ///
    /// - Parameters:
    ///   - path: Where to write, usually ending in `.cast`.
    ///   - columns: The terminal's width.
    ///   - rows: The terminal's height.
    ///   - unixTime: The start, in seconds since 1970, for the header's `timestamp`.
    public init(path: String, columns: Int, rows: Int, unixTime: Int) throws(TerminalError) {
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw .cannotOpen(path: path, errorNumber: errno) }
        descriptor = opened
        let header =
            "{\"version\": 2, \"width\": \(columns), \"height\": \(rows), \"timestamp\": \(unixTime), "
            + "\"env\": {\"TERM\": \(Self.jsonString(Array((getenv("TERM").map { String(cString: $0) } ?? "").utf8)))}}\n"
        writeAll(Array(header.utf8))
    }

    /// Creates a recording of the terminal on standard output, with its size and the time now in the header.
    ///
    /// Wraps `ioctl(TIOCGWINSZ)` and `time`; the file is created before the screen starts, so a bad path is reported on a clean terminal.
    public convenience init(forTerminalRecordingTo path: String) throws(TerminalError) {
        var rows: Int32 = 24
        var columns: Int32 = 80
        _ = cnc_terminal_size(1, &rows, &columns)
        try self.init(path: path, columns: Int(columns), rows: Int(rows), unixTime: time(nil))
    }

    deinit {
        close(descriptor)
    }

    /// Records bytes written to the terminal, at the time they were written.
    public func recordOutput(_ bytes: [UInt8]) {
        var data = carry + bytes
        carry = Self.incompleteTail(of: data)
        data.removeLast(carry.count)
        guard !data.isEmpty else { return }
        writeEvent(code: "o", payload: Self.jsonString(data))
    }

    /// Records a change of terminal size, as asciicast's `r` event.
    public func recordResize(columns: Int, rows: Int) {
        writeEvent(code: "r", payload: "\"\(columns)x\(rows)\"")
    }

    private func writeEvent(code: String, payload: String) {
        let seconds = (clock.now * 1_000_000).rounded() / 1_000_000
        writeAll(Array("[\(seconds), \"\(code)\", \(payload)]\n".utf8))
    }

    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// The bytes at the end that begin a UTF-8 sequence not yet complete.
    static func incompleteTail(of bytes: [UInt8]) -> [UInt8] {
        var start = bytes.count
        var continuation = 0
        while start > 0 && continuation < 3 && bytes[start - 1] & 0xC0 == 0x80 {
            start -= 1
            continuation += 1
        }
        guard start > 0 else { return [] }
        let lead = bytes[start - 1]
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        return needed > continuation ? Array(bytes[(start - 1)...]) : []
    }

    /// UTF-8 bytes as a JSON string literal, escaping quotes, backslashes and control characters.
    static func jsonString(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = "\""
        let hex = Array("0123456789abcdef")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u00" + String(hex[Int(scalar.value >> 4)]) + String(hex[Int(scalar.value & 0xF)])
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
