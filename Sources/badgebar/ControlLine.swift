import BadgeKit

/// One line read from the control FIFO (`--control`): press a button, run the watches now, or change counts.
///
/// `press NAME` presses the button with that title (exactly, else ignoring case),
/// as a key does; `click MOUSE-BUTTON NAME` clicks it with a mouse button (`left`,
/// `middle`, `right`, `scroll-up`, `scroll-down`), as a bar's click does; `refresh` runs every watch now, as SIGUSR1 does; any other
/// line is a counts line (`Name=N`, `Name+=N`, `Name-=N`), read as `--counts-from`
/// reads it. Spaces around words and a `\r` at the end are ignored.
enum ControlLine: Equatable {
    /// Press the button at an index, or click it with a mouse button.
    case press(buttonIndex: Int, mouseButton: MouseButton? = nil)
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
        } else if let click = Self.click(text, buttonTitles: buttonTitles) {
            self = click
        } else if text.lowercased().hasPrefix("press "),
            let index = BadgeToolbar.index(
                ofTitle: String(text.dropFirst("press ".count)).trimmingSpaces, in: buttonTitles)
        {
            // A title may hold `=`: a button it names is pressed before the line is read as counts.
            self = .press(buttonIndex: index)
        } else if let click = Self.click(text, buttonTitles: buttonTitles) {
            self = click
        } else if text.lowercased().hasPrefix("press "), !text.contains("=") {
            self = .unknownButton(String(text.dropFirst("press ".count)).trimmingSpaces)
        } else {
            self = .counts
        }
    }

    /// `click MOUSE-BUTTON NAME` read, or `nil` when the line is not one (a counts line may start with `click`):
    /// a title that names no button is said as for `press`.
    private static func click(_ text: String, buttonTitles: [String]) -> ControlLine? {
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard words.count == 3, words[0].lowercased() == "click",
            let mouseButton = MouseButton(rawValue: words[1].lowercased())
        else { return nil }
        let title = String(words[2]).trimmingSpaces
        guard let index = BadgeToolbar.index(ofTitle: title, in: buttonTitles) else {
            return title.contains("=") ? nil : .unknownButton(title)
        }
        return .press(buttonIndex: index, mouseButton: mouseButton)
    }
}
