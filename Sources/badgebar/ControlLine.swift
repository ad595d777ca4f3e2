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
        } else if text.lowercased().hasPrefix("press "), !text.contains("=") {
            let title = String(text.dropFirst("press ".count)).trimmingSpaces
            if let index = BadgeToolbar.index(ofTitle: title, in: buttonTitles) {
                self = .press(buttonIndex: index)
            } else {
                self = .unknownButton(title)
            }
        } else {
            self = .counts
        }
    }
}
