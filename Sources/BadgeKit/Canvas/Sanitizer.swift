/// Makes text from outside safe to show: no control characters, so no escape sequences.
package enum Sanitizer {
    /// Whether a scalar is a C0 or C1 control character or DEL.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// Text from outside for a message: control characters replaced, cut to some characters with an ellipsis.
    package static func shortened(_ text: String, toCharacters limit: Int = 40) -> String {
        let printable = printable(text)
        return printable.count > limit ? String(printable.prefix(max(limit - 1, 0))) + "\u{2026}" : printable
    }

    /// The text with each control character replaced (by `?` unless told otherwise) or, with `nil`, removed.
    package static func printable(_ text: String, replacement: Unicode.Scalar? = "?") -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar) {
                result.append(scalar)
            } else if let replacement {
                result.append(replacement)
            }
        }
        return String(result)
    }
}
