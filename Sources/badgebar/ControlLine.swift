import BadgeKit

/// One line read from the control FIFO (`--control`): press a button, run the watches now, or change counts.
///
/// `press NAME` presses the button with that title (exactly, else ignoring case),
/// as a click does; `refresh` runs every watch now, as SIGUSR1 does; any other
/// line is a counts line (`Name=N`, `Name+=N`, `Name-=N`), read as `--counts-from`
/// reads it. Spaces around words and a `\r` at the end are ignored.
enum ControlLine: Equatable {
    /// Press the button at an index.
    case press(buttonIndex: Int)
    /// Run every watch now.
    case refresh
    /// A counts line, for the counts reader (which reports it if it is not one).
    case counts
    /// `press NAME` naming no button, with the name as given.
    case unknownButton(String)
    /// A blank line.
    case blank

    /// Reads a line.
    ///
    /// - Parameters:
    ///   - line: The line, without its line end.
    ///   - buttonTitles: The buttons' titles in order.
    init(_ line: String, buttonTitles: [String]) {
        var text = line.trimmingSpaces
        if text.hasSuffix("\r") {
            text = String(text.dropLast()).trimmingSpaces
        }
        if text.isEmpty {
            self = .blank
        } else if text.lowercased() == "refresh" {
            self = .refresh
        } else if text.lowercased().hasPrefix("press "),
            let index = BadgeToolbar.index(
                ofTitle: String(text.dropFirst("press ".count)).trimmingSpaces, in: buttonTitles)
        {
            // A title may hold `=`: a button it names is pressed before the line is read as counts.
            self = .press(buttonIndex: index)
        } else if text.lowercased().hasPrefix("press "), !text.contains("=") {
            self = .unknownButton(String(text.dropFirst("press ".count)).trimmingSpaces)
        } else {
            self = .counts
        }
    }
}
