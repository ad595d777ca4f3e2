import BadgeKit

/// A board's file as written: `key = value` lines for the whole board, then one `[Title]` section per button, as
/// i3blocks and polybar read theirs.
///
/// ```ini
/// # Mail, counted every 30 s
/// title = Mail
/// every = 30s
///
/// [Mail]
/// symbol = envelope
/// watch = notmuch count tag:unread
/// ```
///
/// A line is a comment when its first character that is not a blank is `#` or `;`; blank lines mean nothing. A
/// value is the rest of the line after the first `=`, blanks around it dropped, and taken literally: no quotes, no
/// escapes, so a command is written as a shell would be given it. A line that ends with a blank and a backslash
/// (` \`) goes on in the next one: the backslash, the line break and the blanks that start the next line are
/// dropped. This type reads the form only; ``options(over:home:)`` gives the keys their meaning.
struct ConfigurationFile: Equatable {
    /// A `key = value` line.
    struct Entry: Equatable {
        /// The key, blanks around it dropped.
        var key: String
        /// The value, blanks around it dropped, continued lines joined.
        var value: String
        /// The line it starts on, from 1.
        var line: Int
    }

    /// A `[Title]` line and the keys under it: one button.
    struct Section: Equatable {
        /// The button's title.
        var title: String
        /// The line of `[Title]`.
        var line: Int
        /// The keys under it, in order.
        var entries: [Entry]
    }

    /// The file, as found, for messages.
    var path: String
    /// The keys before the first section: the whole board's.
    var entries: [Entry] = []
    /// The sections, one per button, in order.
    var sections: [Section] = []

    /// Reads the form of a file: its lines, sections and keys.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: The file, for messages.
    /// - Throws: ``ConfigurationError`` for a line that is no comment, section or `key = value`, a section
    ///   without a title or given twice, and a continued line that ends the file.
    static func parse(_ text: String, path: String) throws(ConfigurationError) -> ConfigurationFile {
        var file = ConfigurationFile(path: path)
        func failure(_ line: Int, _ message: String) -> ConfigurationError {
            ConfigurationError(path: path, line: line, message: message)
        }
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        var pending: (text: String, line: Int)?
        var number = 0
        // Each section's title in lower case, and where that section is: a title is looked up once, not searched
        // for among all the sections before it.
        var sectionsByTitle: [String: Int] = [:]
        // A line ends with LF or CR LF (one Character to Swift); the text's last line break ends a line, not
        // the file's last line.
        var lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        for rawLine in lines {
            number += 1
            var line = String(rawLine)
            line = line.trimmingBlanks(leading: pending != nil, trailing: true)
            if pending == nil, line.trimmingBlanks().hasPrefix("#") || line.trimmingBlanks().hasPrefix(";") {
                continue
            }
            let continues = line.hasSuffix(" \\") || line.hasSuffix("\t\\")
            if continues { line.removeLast() }
            if var started = pending {
                started.text += line
                pending = started
            } else {
                pending = (line, number)
            }
            guard !continues, let (logical, start) = pending else { continue }
            pending = nil
            try file.take(logical.trimmingBlanks(), line: start, sectionsByTitle: &sectionsByTitle, failure: failure)
        }
        if let (_, start) = pending {
            throw failure(start, "the line goes on with ' \\' at the end of the file, but no line follows")
        }
        return file
    }

    /// Takes one line, continued lines joined, blanks around it dropped.
    ///
    /// - Parameter sectionsByTitle: Each section's title so far in lower case, and its index: a title that
    ///   matches one of them but for case is given twice, as ``BadgeToolbar/index(ofTitle:in:)`` would find it.
    private mutating func take(
        _ line: String, line number: Int, sectionsByTitle: inout [String: Int],
        failure: (Int, String) -> ConfigurationError
    ) throws(ConfigurationError) {
        guard !line.isEmpty else { return }
        if line.hasPrefix("[") && line.hasSuffix("]") && line.count >= 2 {
            let title: String
            do throws(ButtonSpecification.ParseError) {
                title = try ButtonSpecification.title(String(line.dropFirst().dropLast()))
            } catch {
                throw failure(number, "a section needs a button's title between [ and ], such as [Mail]")
            }
            if let first = sectionsByTitle[title.lowercased()] {
                throw failure(
                    number, "the section [\(title)] is given twice (first on line \(sections[first].line))")
            }
            sectionsByTitle[title.lowercased()] = sections.count
            sections.append(Section(title: title, line: number, entries: []))
            return
        }
        guard let equals = line.firstIndex(of: "="), !String(line[..<equals]).trimmingBlanks().isEmpty else {
            throw failure(
                number,
                "expected key = value, a [Title] or a comment, not '\(Sanitizer.shortened(line))'")
        }
        let entry = Entry(
            key: String(line[..<equals]).trimmingBlanks(),
            value: String(line[line.index(after: equals)...]).trimmingBlanks(),
            line: number)
        if sections.isEmpty {
            entries.append(entry)
        } else {
            sections[sections.count - 1].entries.append(entry)
        }
    }
}

extension String {
    /// The text without blanks (spaces and tabs) at either end, or at the one asked for.
    func trimmingBlanks(leading: Bool = true, trailing: Bool = true) -> String {
        var text = Substring(self)
        while leading, let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while trailing, let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
