extension Canvas {
    /// The text of each row, with wide glyphs once and trailing blanks kept.
    public var lines: [String] {
        (0..<rows).map { line(at: $0) }
    }

    /// The text of one row.
    public func line(at row: Int) -> String {
        var text = String.UnicodeScalarView()
        for column in 0..<columns {
            let cell = self[column, row]
            if !cell.isContinuation {
                text.append(cell.glyph)
            }
        }
        return String(text)
    }

    /// The text of each row with trailing blanks removed, as a screen capture reads.
    public var trimmedLines: [String] {
        lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " {
                trimmed.removeLast()
            }
            return String(trimmed)
        }
    }

    /// Each row's styles as one letter a cell, with a legend: `.` is the plain style,
    /// and letters from `a` name the other styles in order of first appearance.
    ///
    /// A wide glyph's continuation cell repeats its letter. Golden-frame tests
    /// compare this map beside ``lines`` so a change of colour is caught too.
    public var styleMap: (rows: [String], legend: [Character: CellStyle]) {
        var letters: [CellStyle: Character] = [.plain: "."]
        var legend: [Character: CellStyle] = [".": .plain]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var rowsText: [String] = []
        for row in 0..<rows {
            var text = ""
            for column in 0..<columns {
                let style = self[column, row].style
                if let letter = letters[style] {
                    text.append(letter)
                } else {
                    let letter = alphabet[min(letters.count - 1, alphabet.count - 1)]
                    letters[style] = letter
                    legend[letter] = style
                    text.append(letter)
                }
            }
            rowsText.append(text)
        }
        return (rowsText, legend)
    }
}
