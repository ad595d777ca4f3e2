/// Breaks text into lines at spaces, for messages that must never be cut inside a word.
public enum WordWrap {
    /// The text broken at spaces into lines of at most some columns, or `nil` when one word alone is wider.
    public static func lines(of text: String, columns: Int, widths: ColumnWidth) -> [String]? {
        var lines: [String] = []
        var line = ""
        var lineColumns = 0
        for word in text.split(separator: " ") {
            let wordColumns = widths.columns(of: String(word))
            guard wordColumns <= columns else { return nil }
            if line.isEmpty {
                line = String(word)
                lineColumns = wordColumns
            } else if lineColumns + 1 + wordColumns <= columns {
                line += " " + word
                lineColumns += 1 + wordColumns
            } else {
                lines.append(line)
                line = String(word)
                lineColumns = wordColumns
            }
        }
        if !line.isEmpty {
            lines.append(line)
        }
        return lines
    }

    /// The longest run of the text's leading words that wraps into some rows of some columns, as lines.
    ///
    /// Trailing words are dropped until the rest fits, so the text shortens only
    /// at word boundaries; a shortened text loses the punctuation its last word
    /// kept (`Too small: need 33×5` becomes `Too small`). Nothing fits, an empty array.
    public static func leadingWords(of text: String, columns: Int, rows: Int, widths: ColumnWidth) -> [String] {
        guard rows > 0, columns > 0 else { return [] }
        let words = text.split(separator: " ")
        var count = words.count
        while count > 0 {
            var kept = words.prefix(count).joined(separator: " ")
            if count < words.count {
                while let last = kept.last, last == ":" || last == "," || last == ";" {
                    kept.removeLast()
                }
            }
            if let lines = lines(of: kept, columns: columns, widths: widths), lines.count <= rows {
                return lines
            }
            count -= 1
        }
        return []
    }
}
