import BadgeKit
import BadgeTerminal

/// The command line, parsed: what to show and how; ``table`` lists the options.
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
    /// Commands whose output gives buttons their counts (`--watch`), in order.
    var watches: [ButtonCommand] = []
    /// How often a watch runs unless it gives its own interval, in seconds (`--every`).
    var watchIntervalSeconds = WatchSchedule.defaultIntervalSeconds
    /// Commands run in the background when their button is pressed (`--on-press`).
    var pressCommands: [ButtonCommand] = []
    /// Commands run in the foreground, with the terminal, when their button is pressed (`--open`).
    var openCommands: [ButtonCommand] = []
    /// Commands run in the background when their button is clicked with a mouse button (`--on-middle` and the
    /// others), each with its mouse button.
    var clickCommands: [ButtonCommand] = []
    /// The folders that give buttons their counts and the paths that run their watches (`--count-files`,
    /// `--maildir`, `--watch-path`), in order.
    var folderSources: [FolderSource] = []
    /// An i3bar status line of the user's own run beside the buttons (`--beside`), if any.
    var besideCommand: String?
    /// How many spaces keep a status bar's buttons off the screen's edge (`--padding`).
    var padding = 0
    /// The mouse buttons whose click in a status bar presses (`--press-with`).
    var pressingMouseButtons: Set<MouseButton> = [.left]
    /// The mouse button `--press` clicks with (`--mouse-button`), if any.
    var pressMouseButton: MouseButton?
    /// Where to write a JSON line for every press and change (`-` for standard output), if anywhere.
    var eventsPath: String?
    /// Whether the window's title carries the total of the badges.
    var setsWindowTitle = true
    /// When a count going up sends a desktop notification.
    var notificationMode = NotificationMode.never
    /// Whether to write one plain line per change instead of drawing the full screen.
    var lines = false
    /// Whether to print the toolbar once, in ``format``, and exit.
    var once = false
    /// The form `--once` prints, or `nil` when not given (plain).
    var format: StatusBarFormat?
    /// Whether to print the toolbar in the format at start and after every change, until stopped (`--stream`).
    var stream = false
    /// The socket other programs reach the running program through (`--control`).
    var controlPath: String?
    /// A line to send to the program that listens on `--control`, then exit (`--press NAME`, `--refresh`,
    /// `--send LINE`).
    var controlLine: String?
    /// Whether `--send -` sends the lines of standard input instead of ``controlLine``.
    var sendsStandardInput = false
    /// The board's file as `--config` names it (a path, or a name in badgebar's folder), if it does.
    var configName: String?
    /// Whether `--demo` asks for the Inbox demo, whatever file there is.
    var opensDemo = false
    /// Whether `--print-config` asks for the board as a file instead of showing it.
    var printsConfig = false
    /// The board's file the options were read from, as found, if any.
    var configurationPath: String?

    /// What the command line asks for.
    enum Request: Equatable {
        /// Run the demo.
        case run(Options)
        /// Print usage and exit 0.
        case help
        /// Print the version and exit 0.
        case version
        /// Print the man page or a completion script and exit 0.
        case generate(GeneratedDocument)
    }

    /// A command-line mistake, with one line that names it.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// An option as the command line gives it: its row, its spelling and its value (empty for a switch).
    struct GivenOption {
        /// The option's row.
        var option: OptionSpecification
        /// The spelling typed, for messages.
        var name: String
        /// The value.
        var value: String
    }

    /// What the command line says: a request of its own (`--help`), or the options it gives, in order.
    enum Reading {
        /// A request that ends parsing.
        case request(Request)
        /// The options given, each checked.
        case given([GivenOption])
    }

    /// Parses arguments (without the program name) and the environment, as the option table says.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, e.g. `["--limit", "9"]` or `["--limit=9"]`.
    ///   - environment: Looks up an environment variable, for `BADGEBAR_REDUCE_MOTION`.
    ///   - table: The options to know, ``table`` unless a test brings its own.
    static func parse(
        _ arguments: [String], environment: (String) -> String? = { _ in nil },
        table: [OptionSpecification] = Options.table
    ) throws(UsageError) -> Request {
        switch try read(arguments, table: table) {
        case .request(let request): return request
        case .given(let given): return .run(try assemble(given, over: initial(environment: environment)))
        }
    }

    /// The options before any file or flag: the defaults, and Reduce Motion from `BADGEBAR_REDUCE_MOTION`.
    static func initial(environment: (String) -> String?) -> Options {
        var options = Options()
        if let value = environment("BADGEBAR_REDUCE_MOTION"), !value.isEmpty, value != "0" {
            options.reduceMotion = true
        }
        return options
    }

    /// Reads the arguments, checking each option's value in order, up to a request that ends parsing.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - table: The options to know.
    static func read(_ arguments: [String], table: [OptionSpecification] = Options.table) throws(UsageError)
        -> Reading
    {
        var scratch = Options()
        var given: [GivenOption] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let option = table.first(where: { $0.allNames.contains(name) }) else {
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(Sanitizer.printable(argument))'")
                }
                throw UsageError(message: "unexpected argument '\(Sanitizer.printable(argument))'")
            }
            var value = ""
            if option.value.takesValue {
                guard let given = attached ?? remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value")
                }
                value = given
            } else if attached != nil {
                throw UsageError(message: "\(name) takes no value")
            }
            if let request = try option.apply(value, named: name, to: &scratch) {
                return .request(request)
            }
            given.append(GivenOption(option: option, name: name, value: value))
        }
        return .given(given)
    }

    /// The options the command line gives over those of a board's file (or the defaults), checked whole.
    ///
    /// The flags come after the file's keys, so a flag that takes one value (`--title`, `--every`) wins over
    /// its key; `--button` on the command line replaces the file's buttons, with everything their sections say;
    /// `--watch`, `--on-press` and `--open` add to the file's commands, but an `--open` for a button the file
    /// already opens replaces the file's (a button opens one program).
    ///
    /// - Parameters:
    ///   - given: The command line's options, as ``read(_:table:)`` found them.
    ///   - base: The options before the flags: the file's, or ``initial(environment:)``.
    static func assemble(_ given: [GivenOption], over base: Options) throws(UsageError) -> Options {
        var options = base
        if given.contains(where: { $0.option.filePlace == .sections }) {
            options.buttons = []
            options.watches = []
            options.pressCommands = []
            options.openCommands = []
            options.clickCommands = []
            options.folderSources = []
        }
        let fileOpenCount = options.openCommands.count
        for option in given {
            _ = try option.option.apply(option.value, named: option.name, to: &options)
        }
        if fileOpenCount > 0 {
            let titles = options.buttonTitles
            let opened = Set(
                options.openCommands.dropFirst(fileOpenCount).compactMap {
                    BadgeToolbar.index(ofTitle: $0.buttonTitle, in: titles)
                })
            let fromFile = options.openCommands.prefix(fileOpenCount).filter { command in
                BadgeToolbar.index(ofTitle: command.buttonTitle, in: titles).map { !opened.contains($0) } ?? true
            }
            options.openCommands = fromFile + options.openCommands.dropFirst(fileOpenCount)
        }
        // The limit applies to every button, wherever it is given.
        for index in options.buttons.indices {
            options.buttons[index].limit = options.limit
        }
        if !options.buttons.isEmpty || !options.watches.isEmpty || !options.folderSources.isEmpty {
            // The auto-play script is the Inbox demo's; a toolbar of one's own, or one fed by commands, starts still.
            options.autoPlays = false
        }
        try options.checkButtonCommands()
        try options.checkPresentation()
        return options
    }
}
