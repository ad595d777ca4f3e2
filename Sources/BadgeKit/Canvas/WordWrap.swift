/// Breaks text into lines at spaces, for messages that must never be cut inside a word.
package enum WordWrap {
    /// The text broken at spaces into lines of at most some columns, or `nil` when one word alone is wider.
    package static func lines(of text: String, columns: Int, widths: ColumnWidth) -> [String]? {
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
}
