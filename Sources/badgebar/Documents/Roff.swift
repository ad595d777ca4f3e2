/// Builds man(7) source: text escaped for roff, in paragraphs, tagged paragraphs and examples.
struct Roff {
    /// The source so far, one request or text line per element.
    private(set) var lines: [String] = []

    /// Starts a page of badgebar's: the comment saying what made it, the title line, no hyphenation and no
    /// stretched spaces (names and values are typed as shown), and its NAME section.
    ///
    /// - Parameters:
    ///   - section: The manual's section, such as `1` or `5`.
    ///   - volume: The section's name, such as `User Commands`.
    ///   - madeBy: What the comment says made the page.
    ///   - name: The NAME line after `badgebar \-`, already in roff.
    static func badgebarPage(section: String, volume: String, madeBy: String, name: String) -> Roff {
        var page = Roff()
        page.comment("badgebar(\(section)), made by \(madeBy).")
        page.request("TH", "BADGEBAR", section, Version.date, "badgebar \(Version.number)", volume)
        page.raw(".nh", ".ad l")
        page.section("NAME")
        page.raw("badgebar \\- \(name)")
        return page
    }

    /// The source, ending in a newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A comment line.
    mutating func comment(_ text: String) {
        lines.append(#".\" "# + text)
    }

    /// Lines already in roff, as they are.
    mutating func raw(_ roffLines: String...) {
        lines += roffLines
    }

    /// A request such as `.TH` with its arguments, as they are but quoted when they hold a space.
    mutating func request(_ name: String, _ arguments: String...) {
        let quoted = arguments.map { $0.contains(" ") ? "\"\($0)\"" : $0 }
        lines.append(([".\(name)"] + quoted).joined(separator: " "))
    }

    /// A section heading (`.SH`).
    mutating func section(_ title: String) {
        request("SH", title)
    }

    /// A subsection heading (`.SS`).
    mutating func subsection(_ title: String) {
        request("SS", title)
    }

    /// A paragraph of plain text, one sentence to a line as man pages prefer.
    mutating func paragraph(_ text: String) {
        // A heading starts a paragraph of its own.
        if !(lines.last.map { $0.hasPrefix(".SH") || $0.hasPrefix(".SS") } ?? false) {
            lines.append(".PP")
        }
        lines += Self.textLines(text)
    }

    /// A tagged paragraph (`.TP`): a tag already in roff (see ``bold(_:)``), then its description.
    mutating func tagged(_ tag: String, _ description: String) {
        lines.append(".TP")
        lines.append(tag)
        lines += Self.textLines(description)
    }

    /// Lines shown as they are, in a fixed-width font and indented (`.EX`), such as a command.
    mutating func example(_ exampleLines: [String]) {
        lines += [".RS 4", ".EX"]
        lines += exampleLines.map { Self.textLine(Self.escape($0)) }
        lines += [".EE", ".RE"]
    }

    /// Text in bold, escaped.
    static func bold(_ text: String) -> String { "\\fB\(escape(text))\\fR" }

    /// Text in italics, escaped.
    static func italic(_ text: String) -> String { "\\fI\(escape(text))\\fR" }

    /// Text escaped for roff: backslashes, hyphens (so `--limit` reads as typed) and any non-ASCII character.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The widest line of text in the source, in bytes, as `mandoc -T lint` asks (escaped text is ASCII).
    static let lineBytes = 80

    /// A line of text that roff will not take for a request: a leading `.` or `'` is protected.
    private static func textLine(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// Text escaped and set one sentence to a line, long sentences wrapped at spaces.
    private static func textLines(_ text: String) -> [String] {
        text.sentences.flatMap { escape($0).wrapped(width: lineBytes) }.map(textLine)
    }
}
