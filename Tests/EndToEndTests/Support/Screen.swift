import Foundation

/// The columns a character takes in the terminal, measured independently of the product's own code.
///
/// Enough for what the demo draws: emoji with emoji presentation and East Asian wide
/// characters take 2 columns, combining marks and variation selectors 0, the rest 1
/// (glibc, ncurses and tmux agree on the glyphs the demo uses).
enum TerminalWidth {
    static func columns(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let value = scalar.value
        if scalar.properties.isEmojiPresentation { return 2 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// Splits a line as `capture-pane` prints it into screen cells: a wide character fills
    /// its first cell and leaves the next one as "" (capture-pane prints it only once).
    static func cells(of line: String) -> [String] {
        var cells: [String] = []
        for scalar in line.unicodeScalars {
            let width = columns(of: scalar)
            if width == 0, !cells.isEmpty {
                let last = cells.lastIndex { !$0.isEmpty } ?? cells.count - 1
                cells[last].unicodeScalars.append(scalar)
                continue
            }
            cells.append(String(scalar))
            if width == 2 { cells.append("") }
        }
        return cells
    }
}

/// The visible text of the pane, one string per row, as `capture-pane -p` prints it.
struct Screen: Equatable, CustomStringConvertible {
    let lines: [String]

    init(lines: [String]) {
        self.lines = lines
    }

    /// The text of a row (0-based), "" past the last row.
    subscript(row: Int) -> String {
        lines.indices.contains(row) ? lines[row] : ""
    }

    /// The row's screen cells (see ``TerminalWidth/cells(of:)``).
    func cells(row: Int) -> [String] {
        TerminalWidth.cells(of: self[row])
    }

    /// The text in a range of screen columns (0-based) of a row; blank cells past the end read as spaces.
    func text(row: Int, columns: ClosedRange<Int>) -> String {
        let cells = cells(row: row)
        return columns.map { $0 < cells.count ? cells[$0] : " " }.joined()
    }

    /// The screen columns (0-based) where `needle` first appears on a row.
    func columns(of needle: String, row: Int) -> ClosedRange<Int>? {
        let haystack = cells(row: row)
        let pattern = TerminalWidth.cells(of: needle)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return nil }
        for start in 0...(haystack.count - pattern.count)
        where Array(haystack[start..<(start + pattern.count)]) == pattern {
            return start...(start + pattern.count - 1)
        }
        return nil
    }

    /// The words of a row, split on spaces: e.g. `["2", "96"]` for the badge row.
    func words(row: Int) -> [String] {
        self[row].split(separator: " ").map(String.init)
    }

    /// The row with its blanks trimmed at both ends.
    func trimmed(row: Int) -> String {
        self[row].trimmingCharacters(in: .whitespaces)
    }

    /// Whether any row contains the text.
    func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// The status the wrapper shell printed after the program ended (`[exit N]`), if it has.
    ///
    /// Searched anywhere in a line: a program that leaves the cursor mid-line puts it there.
    var exitStatus: Int32? {
        for line in lines {
            if let match = line.firstMatch(of: /\[exit (\d+)\]/) {
                return Int32(match.1)
            }
        }
        return nil
    }

    /// The terminal modes the wrapper printed after the program ended (`[tty icanon echo ]`), if it has.
    var terminalModes: [String]? {
        for line in lines {
            if let match = line.firstMatch(of: /\[tty([a-z -]*)\]/) {
                return match.1.split(separator: " ").map(String.init)
            }
        }
        return nil
    }

    var description: String {
        let width = lines.map { TerminalWidth.cells(of: $0).count }.max() ?? 0
        let ruler = String(repeating: "-", count: max(width, 10))
        var text = "     +\(ruler)+\n"
        for (row, line) in lines.enumerated() {
            let padding = String(repeating: " ", count: max(width, 10) - TerminalWidth.cells(of: line).count)
            let number = String(row)
            text += String(repeating: " ", count: 4 - number.count) + number + " |" + line + padding + "|\n"
        }
        return text + "     +\(ruler)+"
    }
}

/// One screen cell with its colours, from `capture-pane -e`.
struct StyledCell: Equatable {
    /// The character starting in this cell, "" for the right half of a wide character.
    var text: String
    /// The foreground as its SGR parameters (e.g. "38;5;231"), or nil for the default.
    var foreground: String?
    /// The background as its SGR parameters (e.g. "48;5;203"), or nil for the default.
    var background: String?
    /// Whether the cell is in reverse video (SGR 7).
    var reverse = false
    /// Whether the cell is bold (SGR 1).
    var bold = false
}

/// The pane with colours: rows of ``StyledCell``, parsed from `capture-pane -p -e -N`.
struct StyledScreen {
    let rows: [[StyledCell]]
    /// The raw captured lines, escape sequences included, for failure messages.
    let rawLines: [String]

    /// Parses captured lines; like tmux, the SGR state carries over from one line to the next.
    init(capturedLines: [String]) {
        rawLines = capturedLines
        var foreground: String?
        var background: String?
        var reverse = false
        var bold = false
        var rows: [[StyledCell]] = []
        for line in capturedLines {
            var row: [StyledCell] = []
            var scalars = Array(line.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                if scalar == "\u{1B}", scalars.first == "[" {
                    scalars.removeFirst()
                    var parameters = ""
                    while let next = scalars.popFirst() {
                        if (0x40...0x7E).contains(next.value) {
                            if next == "m" {
                                StyledScreen.apply(
                                    parameters, foreground: &foreground, background: &background,
                                    reverse: &reverse, bold: &bold)
                            }
                            break
                        }
                        parameters.unicodeScalars.append(next)
                    }
                    continue
                }
                let width = TerminalWidth.columns(of: scalar)
                if width == 0, !row.isEmpty {
                    continue
                }
                row.append(
                    StyledCell(
                        text: String(scalar), foreground: foreground, background: background, reverse: reverse,
                        bold: bold))
                if width == 2 {
                    row.append(
                        StyledCell(
                            text: "", foreground: foreground, background: background, reverse: reverse, bold: bold))
                }
            }
            rows.append(row)
        }
        self.rows = rows
    }

    /// The cell at a row and column (0-based); a blank default cell past the end of a line.
    func cell(row: Int, column: Int) -> StyledCell {
        guard rows.indices.contains(row), rows[row].indices.contains(column) else {
            return StyledCell(text: " ", foreground: nil, background: nil)
        }
        return rows[row][column]
    }

    /// Every SGR parameter list in the captured text, e.g. `["1", "38;5;231", "0"]`, for checks
    /// that look past what the cells keep (such as "no colour parameter at all").
    var sgrParameterLists: [String] {
        rawLines.flatMap { line in
            line.matches(of: /\x{1B}\[([0-9;:]*)m/).map { String($0.1) }
        }
    }

    private static func apply(
        _ parameters: String, foreground: inout String?, background: inout String?, reverse: inout Bool,
        bold: inout Bool
    ) {
        var numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if numbers.isEmpty { numbers = [0] }
        while let number = numbers.popFirst() {
            switch number {
            case 0:
                foreground = nil
                background = nil
                reverse = false
                bold = false
            case 1:
                bold = true
            case 22:
                bold = false
            case 7:
                reverse = true
            case 27:
                reverse = false
            case 30...37, 90...97:
                foreground = String(number)
            case 39:
                foreground = nil
            case 40...47, 100...107:
                background = String(number)
            case 49:
                background = nil
            case 38, 48:
                var extended = [number]
                if let kind = numbers.popFirst() {
                    extended.append(kind)
                    let count = kind == 5 ? 1 : kind == 2 ? 3 : 0
                    for _ in 0..<count {
                        if let value = numbers.popFirst() { extended.append(value) }
                    }
                }
                let text = extended.map(String.init).joined(separator: ";")
                if number == 38 { foreground = text } else { background = text }
            default:
                break
            }
        }
    }
}
