/// JSON text made by hand: string literals and numbers, for lines written as events happen.
package enum JSONText {
    /// Appends UTF-8 bytes as a JSON string literal, escaping quotes, backslashes and control characters.
    ///
    /// Invalid UTF-8 becomes U+FFFD, as JSON text must be valid UTF-8.
    package static func appendString(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
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

    /// Appends a string as a JSON string literal.
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(UnsafeRawBufferPointer($0), to: &output) }
    }

    /// A number of seconds with exactly three decimals, such as `1796064384.512` or `-0.250`.
    package static func milliseconds(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "0.000" }
        let total = Int((seconds * 1000).rounded())
        let sign = total < 0 ? "-" : ""
        let magnitude = total.magnitude
        let fraction = String(magnitude % 1000)
        return sign + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A string as a JSON string: in quotes, with `"`, `\` and control characters escaped.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An object from keys and values already written as JSON, in the order given.
    package static func object(_ members: [(key: String, value: String)]) -> String {
        "{" + members.map { quoted($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// An array of values already written as JSON.
    package static func array(_ values: [String]) -> String {
        "[" + values.joined(separator: ",") + "]"
    }
}
