/// One line typed to line mode on standard input: press a button, say every count again, or quit.
///
/// `1` (or any button's number, past 9 too) and `press Mail` (a title, in any case,
/// or a number) press a button; `status` says every count again; `q` or `quit` quits.
/// Blank lines and lines starting with `#` mean nothing; spaces and tabs around
/// words are ignored, and so is a `\r` at the end (a CRLF line end).
package enum LineModeInstruction: Sendable, Equatable {
    /// Press the button at an index, as its number key does.
    case press(buttonIndex: Int)
    /// Say every button's count again.
    case status
    /// Quit.
    case quit

    /// A line that is not an instruction, with a message saying why.
    package struct ParseError: Error, Equatable, Sendable {
        /// The problem in one line, quoting the bad line (without control characters).
        package var message: String
    }

    /// Reads one line: an instruction, `nil` for a blank or comment line, or an error.
    ///
    /// - Parameters:
    ///   - line: The line, without its line end.
    ///   - buttonTitles: The buttons' titles in order, for `press NAME` and the numbers allowed.
    package static func parse(_ line: String, buttonTitles: [String]) throws(ParseError) -> LineModeInstruction? {
        var text = line.trimmingSpaces
        if text.hasSuffix("\r") {
            text = String(text.dropLast()).trimmingSpaces
        }
        if text.isEmpty || text.hasPrefix("#") {
            return nil
        }
        let lowered = text.lowercased()
        if lowered == "q" || lowered == "quit" {
            return .quit
        }
        if lowered == "status" {
            return .status
        }
        var name = text
        if lowered.hasPrefix("press ") || lowered.hasPrefix("press\t") {
            name = String(text.dropFirst(6)).trimmingSpaces
        }
        if let index = buttonIndex(named: name, in: buttonTitles) {
            return .press(buttonIndex: index)
        }
        let quoted = Sanitizer.shortened(text)
        let numbers = buttonTitles.count > 1 ? "1-\(buttonTitles.count)" : "1"
        throw ParseError(message: "ignored '\(quoted)': expected a button number (\(numbers)), press NAME, status or q")
    }

    /// The index of the button a number (from 1) or a title names: the exact title first, then in any case.
    private static func buttonIndex(named name: String, in titles: [String]) -> Int? {
        if let number = BadgeCount.parse(name), number >= 1, number <= titles.count {
            return number - 1
        }
        return BadgeToolbar.index(ofTitle: name, in: titles)
    }
}
