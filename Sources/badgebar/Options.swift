import BadgeKit
import BadgeTerminal

/// The command line, parsed: what to show and how.
struct Options: Equatable {
    /// The badge limit; past it badges read `limit+`.
    var limit = BadgeText.defaultLimit
    /// Whether the demo plays by itself until the first key or click.
    var autoPlays = true
    /// Whether badges only fade and icons stay still.
    var reduceMotion = false
    /// The frame rate while something moves.
    var framesPerSecond = 60
    /// Whether to use colour.
    var colorMode = ColorMode.auto
    /// The glyph set, or `nil` to choose from the locale.
    var iconStyle: IconStyle?
    /// The toolbar's title, or `nil` for the demo's "Inbox".
    var title: String?
    /// Buttons that replace the Inbox demo's, in order.
    var buttons: [BadgedButton] = []
    /// Where live counts come from (`-` for standard input), if anywhere.
    var countsPath: String?
    /// The corner every badge sits on.
    var badgeCorner = BadgeCorner.topTrailing
    /// Where to record the session as asciicast v2, if anywhere.
    var recordingPath: String?

    /// The version `--version` prints.
    static let version = "0.1.0"

    /// What the command line asks for.
    enum Request: Equatable {
        /// Run the demo.
        case run(Options)
        /// Print usage and exit 0.
        case help
        /// Print the version and exit 0.
        case version
    }

    /// A command-line mistake, with one line that names it.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Parses arguments (without the program name) and the environment.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, e.g. `["--limit", "9"]` or `["--limit=9"]`.
    ///   - environment: Looks up an environment variable, for `BADGEBAR_REDUCE_MOTION`.
    static func parse(_ arguments: [String], environment: (String) -> String? = { _ in nil }) throws(UsageError)
        -> Request
    {
        var options = Options()
        if let value = environment("BADGEBAR_REDUCE_MOTION"), !value.isEmpty, value != "0" {
            options.reduceMotion = true
        }
        var buttonSpecifications: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let next = remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if attached != nil { throw UsageError(message: "\(name) takes no value") }
            }
            switch name {
            case "-h", "--help":
                try noValue()
                return .help
            case "--version":
                try noValue()
                return .version
            case "--no-autoplay":
                try noValue()
                options.autoPlays = false
            case "--reduce-motion":
                try noValue()
                options.reduceMotion = true
            case "--limit":
                options.limit = try wholeNumber(try value(), for: name, in: 1...Int.max, range: "1 or more")
            case "--fps":
                options.framesPerSecond = try wholeNumber(try value(), for: name, in: 1...240, range: "from 1 to 240")
            case "--color", "--colour":
                let text = try value()
                guard let mode = ColorMode(rawValue: text) else {
                    throw UsageError(
                        message: "--color must be auto, always or never, not '\(Sanitizer.printable(text))'")
                }
                options.colorMode = mode
            case "--icons":
                let text = try value()
                guard let style = IconStyle(rawValue: text) else {
                    throw UsageError(
                        message: "--icons must be emoji, unicode or ascii, not '\(Sanitizer.printable(text))'")
                }
                options.iconStyle = style
            case "--title":
                let text = Sanitizer.printable(try value(), replacement: nil)
                guard !text.isEmpty else { throw UsageError(message: "--title needs a non-empty title") }
                options.title = text
            case "--button":
                buttonSpecifications.append(try value())
            case "--badge-corner":
                let text = try value()
                guard let corner = BadgeCorner(rawValue: text) else {
                    let corners = BadgeCorner.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(
                        message: "--badge-corner must be one of \(corners), not '\(Sanitizer.printable(text))'")
                }
                options.badgeCorner = corner
            case "--record":
                let path = try value()
                guard !path.isEmpty else { throw UsageError(message: "--record needs a file name, e.g. demo.cast") }
                options.recordingPath = path
            case "--counts-from":
                let path = try value()
                guard !path.isEmpty else {
                    throw UsageError(message: "--counts-from needs a path, or - for standard input")
                }
                options.countsPath = path
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(Sanitizer.printable(argument))'")
                }
                throw UsageError(message: "unexpected argument '\(Sanitizer.printable(argument))'")
            }
        }
        do {
            options.buttons = try buttonSpecifications.map { specification throws(ButtonSpecification.ParseError) in
                try ButtonSpecification.parse(specification, limit: options.limit)
            }
        } catch {
            throw UsageError(message: error.message)
        }
        if !options.buttons.isEmpty {
            // The auto-play script is the Inbox demo's; a toolbar of one's own starts still.
            options.autoPlays = false
        }
        return .run(options)
    }

    private static func wholeNumber(
        _ text: String, for name: String, in allowed: ClosedRange<Int>, range: String
    ) throws(UsageError) -> Int {
        guard let number = Int(text), allowed.contains(number) else {
            throw UsageError(message: "\(name) needs a whole number \(range), not '\(Sanitizer.printable(text))'")
        }
        return number
    }
}
