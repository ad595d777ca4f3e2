/// A shell command tied to a button by its title, as the command line gives it: `Mail=notmuch count tag:unread`.
///
/// `--watch`, `--on-press` and `--open` take this form; a watch may give its own
/// interval after the title, `Mail@5m=notmuch count`. The title is matched against
/// the buttons' titles as live counts are: exactly, else ignoring case.
public struct ButtonCommand: Sendable, Equatable {
    /// The title of the button the command belongs to, as typed.
    public var buttonTitle: String
    /// The command, run with `/bin/sh -c`.
    public var command: String
    /// How often to run it, in seconds, when the text gave an interval (`NAME@DURATION=COMMAND`).
    public var intervalSeconds: Double?
    /// The mouse button whose click runs it, for a command of a click (`--on-middle` and the like).
    public var mouseButton: MouseButton?

    /// Creates a command for a button.
    public init(buttonTitle: String, command: String, intervalSeconds: Double? = nil, mouseButton: MouseButton? = nil) {
        self.buttonTitle = buttonTitle
        self.command = command
        self.intervalSeconds = intervalSeconds
        self.mouseButton = mouseButton
    }

    /// A text that is not `NAME=COMMAND`, with a message naming what is wrong.
    public struct ParseError: Error, Equatable {
        /// The problem in one line.
        public var message: String
    }

    /// Reads `NAME=COMMAND`, or with `allowsInterval` also `NAME@DURATION=COMMAND`.
    ///
    /// The title ends at the first `=`, so the command may hold any character; with an
    /// interval allowed, an `@` followed by a digit or a point in the title starts the interval.
    ///
    /// - Parameters:
    ///   - text: The option's value.
    ///   - allowsInterval: Whether a per-button interval may follow the title.
    public static func parse(_ text: String, allowsInterval: Bool = false) throws(ParseError) -> ButtonCommand {
        let form = allowsInterval ? "NAME=COMMAND or NAME@DURATION=COMMAND" : "NAME=COMMAND"
        guard let equals = text.firstIndex(of: "=") else {
            throw ParseError(message: "'\(Sanitizer.shortened(text))' is not \(form)")
        }
        var title = String(text[..<equals])
        let command = String(text[text.index(after: equals)...])
        var interval: Double?
        if allowsInterval, let at = title.lastIndex(of: "@"),
            let next = title[title.index(after: at)...].first, next.isASCII && (next.isNumber || next == ".")
        {
            let duration = String(title[title.index(after: at)...])
            guard let seconds = DurationText.parse(duration) else {
                throw ParseError(
                    message:
                        "'\(Sanitizer.shortened(duration))' in '\(Sanitizer.shortened(text))' is not a duration from "
                        + "\(DurationText.describe(seconds: DurationText.shortestSeconds)) to 24h "
                        + "(e.g. \(DurationText.examples))")
            }
            interval = seconds
            title = String(title[..<at])
        }
        title = Sanitizer.printable(title, replacement: nil).trimmingSpaces
        guard !title.isEmpty else {
            throw ParseError(message: "'\(Sanitizer.shortened(text))' names no button: expected \(form)")
        }
        guard !command.trimmingSpaces.isEmpty else {
            throw ParseError(message: "'\(Sanitizer.shortened(text))' has no command: expected \(form)")
        }
        return ButtonCommand(buttonTitle: title, command: command, intervalSeconds: interval)
    }

    /// The command as messages quote it: control characters replaced, at most 40 characters.
    public var quotedCommand: String {
        "'\(Sanitizer.shortened(command))'"
    }
}
