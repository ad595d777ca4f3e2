extension String {
    /// The text split into sentences: after each full stop followed by a space and a capital letter.
    ///
    /// Stops inside a sentence, as in `e.g. demo.cast` or `1.3 s`, do not split it. Each sentence
    /// keeps its full stop; the spaces between sentences are dropped.
    var sentences: [String] {
        var result: [String] = []
        var current = ""
        var characters = self[...]
        while let character = characters.popFirst() {
            current.append(character)
            if character == ".", characters.first == " ", let next = characters.dropFirst().first, next.isUppercase {
                result.append(current)
                current = ""
                characters = characters.dropFirst()
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The words filled into lines of at most `width` characters; a longer word gets a line of its own.
    func wrapped(width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The string with every occurrence of one piece replaced by another.
    func replacingAll(_ piece: String, with replacement: String) -> String {
        split(separator: piece, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
