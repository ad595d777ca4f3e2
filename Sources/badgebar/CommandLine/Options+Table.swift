import BadgeKit
import BadgeTerminal

extension Options {
    /// Every option, in the order `--help`, the man page, `docs/keys-and-options.md` and the completions list them.
    ///
    /// The one table of options: ``parse(_:environment:table:)`` reads the command line with it, and
    /// `--help`, the man page's OPTIONS and the bash, zsh and fish completions are made from it
    /// (a test checks the flag table of `docs/keys-and-options.md` against it). To add an option, give ``Options`` a
    /// property for it and add one row here: the constructor names the kind of value (a switch,
    /// a whole number in a range, an enum's raw values, text, a path, a button), and its closure
    /// says where the value goes. An enum option needs only `CaseIterable` and `String` raw values:
    /// its values are checked, listed in the error message and completed from the type.
    static let table: [OptionSpecification] = [
        .wholeNumber(
            "--limit", in: 1...Int.max, help: "Badge limit, 1 or more: past it badges read N+ (default 99)"
        ) { $0.limit = $1 }.inFile(.board).printed { options, file in
            options.limit != file.defaults.limit ? "\(options.limit)" : nil
        },
        .flag("--no-autoplay", help: "Start without the auto-play script") { $0.autoPlays = false }.inFile(.board)
            .printed { options, file in
                !options.autoPlays && options.buttons.isEmpty && !file.hasDemoButtons ? "true" : nil
            },
        .flag("--reduce-motion", help: "Badges only fade, icons stay still (also BADGEBAR_REDUCE_MOTION=1)") {
            $0.reduceMotion = true
        }.inFile(.board).printed { options, _ in options.reduceMotion ? "true" : nil },
        .wholeNumber("--fps", in: 1...240, help: "Frame rate while something moves, 1 to 240 (default 60)") {
            $0.framesPerSecond = $1
        }.inFile(.board).printed { options, file in
            options.framesPerSecond != file.defaults.framesPerSecond ? "\(options.framesPerSecond)" : nil
        },
        .choice(
            "--color", aliases: ["--colour"], of: ColorMode.self, placeholder: "MODE",
            help: "Colour: auto, always or never (default auto; NO_COLOR turns auto off)"
        ) { $0.colorMode = $1 }.inFile(.board).printed { options, file in
            options.colorMode != file.defaults.colorMode ? options.colorMode.rawValue : nil
        },
        .choice(
            "--icons", of: IconStyle.self, placeholder: "STYLE",
            help: "Glyph set: emoji, unicode or ascii (default emoji in a UTF-8 locale, else ascii)"
        ) { $0.iconStyle = $1 }.inFile(.board).printed { options, _ in options.iconStyle?.rawValue },
        .text("--title", placeholder: "TEXT", help: "The toolbar's title (default Inbox, or Badges with --button)") {
            options, text throws(UsageError) in
            let title = Sanitizer.printable(text, replacement: nil)
            guard !title.isEmpty else { throw UsageError(message: "--title needs a non-empty title") }
            options.title = title
        }.inFile(.board).printed { options, file in options.title ?? (file.hasDemoButtons ? "Inbox" : nil) },
        .button(
            "--button",
            help:
                "A button title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY], repeatable; replaces the "
                + "Inbox's buttons. BADGE is a count, dot, or text=WORD (e.g. \"Mail:envelope:5\", "
                + "\"Builds:hammer:0:yellow\", \"News:newspaper:dot\", \"Beta:star:text=new\", "
                + "\"Jobs:gear:0:blue:show-zero\"); a colour list changes the badge's colour as the count reaches each "
                + "step (\"Builds:hammer:0:green,orange@5,red@20\"); hide-zero leaves the button out of a status bar "
                + "at 0; format= lays it out in a status bar (\"Mail:envelope:0:format={icon} {title} {count}\"); noun= "
                + "says "
                + "what a count counts, so it is spoken as "
                + "\"3 unread messages\" (\"Mail:envelope:3:noun=message/messages\")"
        ) { $0.buttons.append($1) }.inFile(.sections),
        .choice(
            "--badge-corner", of: BadgeCorner.self, placeholder: "CORNER",
            help: "The corner badges sit on: top-trailing (default), top-leading, bottom-trailing or bottom-leading"
        ) { $0.badgeCorner = $1 }.inFile(.board).printed { options, file in
            options.badgeCorner != file.defaults.badgeCorner ? options.badgeCorner.rawValue : nil
        },
        .wholeNumber(
            "--padding", in: 0...20,
            help: "Spaces at both ends of a status bar's line, 0 to 20 (default 0): 1 keeps the badges off the "
                + "screen's edge in i3bar, swaybar and Waybar"
        ) { $0.padding = $1 }.inFile(.board).printed { options, file in
            options.padding != file.defaults.padding ? "\(options.padding)" : nil
        },
        .path("--record", placeholder: "FILE", help: "Record the session as asciicast v2 (e.g. demo.cast)") {
            $0.recordingPath = $1
        },
        .path(
            "--counts-from", placeholder: "PATH", standardInput: true,
            help: "Live counts from a file, FIFO or pipe (- for standard input): lines Name=N, Name+=N or Name-=N"
        ) { $0.countsPath = $1 }.inFile(.board).printed { options, file in file.whole(options.countsPath) },
        .buttonCommand(
            "--watch", allowsInterval: true,
            help: "Run COMMAND for the button NAME every --every, or every DURATION with NAME@DURATION=COMMAND; "
                + "repeatable. It prints a whole number, or lines Name=N, Name+=N or Name-=N "
                + "(e.g. \"Mail=notmuch count tag:unread\"); SIGUSR1 runs every watch at once"
        ) { $0.watches.append($1) }.inFile(
            .button,
            buttonHelp:
                "A command whose output gives the button its count, run as often as every says: a whole number, or "
                + "lines Name=N, Name+=N or Name-=N that may set other buttons too; repeatable",
            repeatableInSection: true),
        .duration(
            "--every", help: "How often --watch commands run: e.g. 2s, 1.5s, 5m or 500ms (default 30s)"
        ) { $0.watchIntervalSeconds = $1 }.inFile(
            .boardAndButton, buttonHelp: "How often the button's watches run, instead of the every before the sections"
        ).printed { options, file in
            options.watchIntervalSeconds != file.defaults.watchIntervalSeconds
                ? ConfigurationFile.duration(options.watchIntervalSeconds) : nil
        },
        .folderSource(
            "--count-files", placeholder: "NAME=DIR[/PATTERN]",
            help: "Count the names in the folder DIR for the button NAME, those matching PATTERN if given (e.g. "
                + "\"Downloads=~/Downloads/*.part\"), the moment they change; a missing or unreadable folder shows ?",
            buttonHelp: "A folder whose names give the button its count, those matching a pattern if it ends in one "
                + "(e.g. ~/Downloads/*.part), the moment they change"
        ) { FolderSource.entries(buttonTitle: $0, text: $1) },
        .folderSource(
            "--maildir", placeholder: "NAME=PATH",
            help: "Count the unread mail of the Maildir PATH for the button NAME, as mail programs do (new/, and cur/ "
                + "without the seen flag), the moment it changes; a missing or unreadable Maildir shows ?",
            buttonHelp: "A Maildir whose unread mail gives the button its count (new/, and cur/ without the seen "
                + "flag), the moment it changes"
        ) { FolderSource(buttonTitle: $0, path: $1, kind: .maildir) },
        .folderSource(
            "--watch-path", placeholder: "NAME=PATH",
            help: "Run the --watch of the button NAME again whenever PATH changes (a file written, a name in a "
                + "folder made, removed or moved), instead of every --every; repeatable",
            buttonHelp: "A file or folder whose changes run the button's watches again, instead of every every; "
                + "repeatable"
        ) { FolderSource(buttonTitle: $0, path: $1, kind: .changes) },
        .buttonCommand(
            "--on-press",
            help: "Run COMMAND in the background when NAME is pressed, repeatable, with BADGEBAR_BUTTON and "
                + "BADGEBAR_COUNT (the count before the press) set; the button's watch runs after it; a press while "
                + "it runs starts nothing"
        ) { $0.pressCommands.append($1) }.inFile(
            .button,
            buttonHelp: "A command run in the background when the button is pressed, with BADGEBAR_BUTTON and "
                + "BADGEBAR_COUNT set; repeatable",
            repeatableInSection: true),
        .buttonCommand(
            "--open",
            help: "Run COMMAND with the terminal when NAME is pressed, repeatable, as Ctrl-Z would hand it over "
                + "(e.g. \"Mail=neomutt\"); the button's watch runs after it"
        ) { $0.openCommands.append($1) }.inFile(
            .button,
            buttonHelp: "A command run with the terminal when the button is pressed (e.g. neomutt); one a button"
        ),
        .clickCommand(.left), .clickCommand(.middle), .clickCommand(.right), .clickCommand(.scrollUp),
        .clickCommand(.scrollDown),
        .text(
            "--press-with", placeholder: "BUTTONS",
            help: "The mouse buttons whose click in a status bar presses (clears the count, runs --on-press and "
                + "--open): a comma-separated list of left, middle, right, scroll-up and scroll-down, or none "
                + "(default left)"
        ) { options, text throws(UsageError) in
            options.pressingMouseButtons = try MouseButton.parseList(text, for: "--press-with")
        }.inFile(.board).printed { options, file in
            options.pressingMouseButtons == file.defaults.pressingMouseButtons
                ? nil : MouseButton.describeList(options.pressingMouseButtons)
        },
        .path(
            "--events-to", placeholder: "PATH", standardOutput: true,
            help: "Write a JSON line for every press and change to a file or FIFO (- for standard output, "
                + "which then must not be the terminal)"
        ) { $0.eventsPath = $1 }.inFile(.board).printed { options, file in file.whole(options.eventsPath) },
        .flag("--no-title", help: "Leave the window's title alone (default: the total of the badges, e.g. (101) Inbox)")
        {
            $0.setsWindowTitle = false
        }.inFile(.board).printed { options, _ in options.setsWindowTitle ? nil : "true" },
        .choice(
            "--notify", of: NotificationMode.self, placeholder: "WHEN",
            help: "Desktop notification through the terminal when a count goes up: never, unfocused or always "
                + "(default never)"
        ) { $0.notificationMode = $1 }.inFile(.board).printed { options, file in
            options.notificationMode != file.defaults.notificationMode ? options.notificationMode.rawValue : nil
        },
        .text(
            "--config", placeholder: "FILE",
            help: "The board's file: a path, or a NAME for $XDG_CONFIG_HOME/badgebar/NAME.conf (default "
                + "~/.config/badgebar); the flags given with it win. Without it, $XDG_CONFIG_HOME/badgebar/config is "
                + "read when it exists, unless --button, --watch, --on-press, --open or --demo is given"
        ) { options, name throws(UsageError) in
            guard !name.isEmpty else { throw UsageError(message: "--config needs a file, or the name of one") }
            options.configName = name
        }.taking(.configuration),
        .flag("--demo", help: "Open the Inbox demo, whatever board file there is") { $0.opensDemo = true },
        .flag(
            "--lines",
            help: "Line mode: no screen drawing, one plain line per change on standard output (also when "
                + "ACCESSIBLE=1, TERM=dumb or standard output is not a terminal)"
        ) { $0.lines = true },
        .flag(
            "--once",
            help: "Print the toolbar once in the --format and exit, after reading --counts-from to its end"
        ) { $0.once = true },
        .flag(
            "--stream",
            help: "Print the toolbar in the --format at start and after every change until stopped, for a status "
                + "bar that keeps reading (i3bar, swaybar, Waybar, polybar, i3blocks); i3bar's clicks on standard "
                + "input press buttons"
        ) { $0.stream = true },
        .choice(
            "--format", of: StatusBarFormat.self, placeholder: "FORMAT",
            help: "What --once and --stream print: plain, tmux, json, i3bar, waybar, polybar or i3blocks "
                + "(default plain; i3bar only with --stream)"
        ) { $0.format = $1 },
        .text(
            "--beside", placeholder: "COMMAND",
            help: "With --stream --format i3bar: run COMMAND, an i3bar status line of your own such as i3status, and "
                + "show its blocks after the buttons, its clicks passed on to it"
        ) { options, text throws(UsageError) in
            guard !text.trimmingSpaces.isEmpty else { throw UsageError(message: "--beside needs a command") }
            options.besideCommand = text
        },
        .path(
            "--control", placeholder: "PATH",
            help: "A socket (made at the start, removed at the end; yours alone) through which --press, --refresh "
                + "and --send reach this badgebar"
        ) { $0.controlPath = $1 },
        .text(
            "--press", placeholder: "NAME",
            help: "Press the button NAME of the badgebar that listens on --control PATH, as a click does, and exit: "
                + "for a status bar's click command"
        ) { options, text throws(UsageError) in
            let title = Sanitizer.printable(text, replacement: nil)
            guard !title.isEmpty else { throw UsageError(message: "--press needs a button's title") }
            options.controlLine = "press \(title)"
        },
        .choice(
            "--mouse-button", of: MouseButton.self, placeholder: "BUTTON",
            help: "With --press: click the button with this mouse button instead of pressing it (left, middle, right, "
                + "scroll-up or scroll-down), for a bar's click command per mouse button"
        ) { $0.pressMouseButton = $1 },
        .flag(
            "--refresh", help: "Run the watches of the badgebar that listens on --control PATH now, and exit"
        ) { $0.controlLine = "refresh" },
        .text(
            "--send", placeholder: "LINE",
            help: "Send a counts line (Mail=3, Mail+=1) to the badgebar that listens on --control PATH, and exit; "
                + "- sends the lines of standard input"
        ) { options, text throws(UsageError) in
            if text == "-" {
                options.sendsStandardInput = true
                options.controlLine = ""
                return
            }
            let line = Sanitizer.printable(text, replacement: nil)
            guard !line.isEmpty else { throw UsageError(message: "--send needs a counts line, such as Mail=3") }
            options.controlLine = line
        },
        .flag(
            "--print-config",
            help: "Print the board the flags (and the board's file) describe, as a board's file, and exit"
        ) { $0.printsConfig = true },
        .flag("-h", "--help", help: "Show this help and exit", request: .help),
        .flag("--version", help: "Show the version and the commit it was built from, and exit", request: .version),
        .choice(
            "--generate", of: GeneratedDocument.self, placeholder: "KIND",
            help: "Print the man page (man), the board file's man page (man5) or a completion script (bash, zsh or "
                + "fish) and exit",
            request: { .generate($0) }),
    ]
}
