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

    /// Appends UTF-8 bytes as a JSON string literal, escaping quotes, backslashes and control characters.
    ///
    /// Invalid UTF-8 becomes U+FFFD, as JSON text must be valid UTF-8.
    static func appendJSONString(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        output.append(0x22)
        for byte in String(decoding: bytes, as: UTF8.self).utf8 {
            switch byte {
            case 0x22: output += [0x5C, 0x22]  // \"
            case 0x5C: output += [0x5C, 0x5C]  // \\
            case 0x0A: output += [0x5C, 0x6E]  // \n
            case 0x0D: output += [0x5C, 0x72]  // \r
            case 0x09: output += [0x5C, 0x74]  // \t
            case 0..<0x20, 0x7F:
                output += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]  // \u00XX
            default:
                output.append(byte)
            }
        }
        output.append(0x22)
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
