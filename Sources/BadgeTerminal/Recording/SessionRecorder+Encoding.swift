import BadgeKit

extension SessionRecorder {
    /// The length of the end of some bytes that begins a UTF-8 sequence not yet complete.
    static func incompleteTailLength(of bytes: UnsafeRawBufferPointer) -> Int {
        var start = bytes.count
        var continuation = 0
        while start > 0 && continuation < 3 && bytes[start - 1] & 0xC0 == 0x80 {
            start -= 1
            continuation += 1
        }
        guard start > 0 else { return 0 }
        let lead = bytes[start - 1]
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0
        return needed > continuation ? continuation + 1 : 0
    }

    /// The bytes at the end that begin a UTF-8 sequence not yet complete.
    static func incompleteTail(of bytes: [UInt8]) -> [UInt8] {
        let length = bytes.withUnsafeBytes { incompleteTailLength(of: $0) }
        return Array(bytes.suffix(length))
    }

    /// Appends UTF-8 bytes as a JSON string literal, escaped as BadgeKit's event lines are.
    static func appendJSONString(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        JSONText.appendString(bytes, to: &output)
    }

    /// UTF-8 bytes as a JSON string literal.
    static func jsonString(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { appendJSONString($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// A time in microseconds as asciicast writes it: seconds with six decimals, such as `1.250000`.
    static func timeText(microseconds: Int) -> String {
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
