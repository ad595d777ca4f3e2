import BadgeKit

/// The text `--help` prints, made from the option, key and exit-status tables.
enum Usage {
    /// What the program is, in a phrase.
    static let summary = "a toolbar of badged icon buttons in the terminal"
    /// What auto-play does, in a sentence.
    static let autoPlay =
        "Auto-play adds to the counts every 1.3 s (notifications +2, cart +1, messages +1) until the first key or "
        + "mouse press."

    /// The widest line, in columns.
    static let lineColumns = 80
    /// Where the descriptions start, in columns from the left.
    static let descriptionColumn = 21

    /// The whole help.
    static var text: String {
        var lines = ["badgebar: \(summary).", "", "Usage: badgebar [options]", "", "Options:"]
        lines += twoColumns(Options.table.map { ($0.synopsis, $0.help) })
        lines += ["", "Keys:"]
        lines += twoColumns(BadgeBoard.keyBindings.map { ($0.keys(buttonCount: 9), $0.longHelp) })
        lines += [""] + autoPlay.wrapped(width: lineColumns)
        lines += ["", "Exit status:"]
        lines += twoColumns(ExitStatus.documented.map { ($0.documentedCode, $0.meaning) })
        lines += ["", "More in the manuals: man badgebar, and man 5 badgebar for the board's file"]
        return lines.joined(separator: "\n")
    }

    /// Terms indented by two, their descriptions wrapped in a column of their own.
    ///
    /// A term too wide for its column puts its description on the lines below.
    static func twoColumns(_ rows: [(term: String, description: String)]) -> [String] {
        let indent = String(repeating: " ", count: descriptionColumn)
        return rows.flatMap { term, description in
            var lines = description.wrapped(width: lineColumns - descriptionColumn).map { indent + $0 }
            let head = "  " + term
            if head.count < descriptionColumn, !lines.isEmpty {
                lines[0] =
                    head + String(repeating: " ", count: descriptionColumn - head.count)
                    + lines[0].dropFirst(indent.count)
            } else {
                lines.insert(head, at: 0)
            }
            return lines
        }
    }
}
