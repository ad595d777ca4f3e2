import BadgeKit

/// One row of the option table: an option's spellings, its value, its help, and what it does.
///
/// Rows are made with the constructors below, one per kind of value (``flag(_:aliases:help:set:)``,
/// ``wholeNumber(_:aliases:placeholder:in:help:set:)``, ``choice(_:aliases:of:placeholder:help:set:)``,
/// ``text(_:aliases:placeholder:repeatable:help:set:)``, ``path(_:aliases:placeholder:standardInput:standardOutput:help:set:)``,
/// ``button(_:aliases:placeholder:help:add:)``, ``buttonCommand(_:aliases:allowsInterval:help:add:)``,
/// ``duration(_:aliases:placeholder:help:set:)``); each checks its value the same way for every option of
/// its kind, so a row only says where the value goes. ``Options/table`` lists the rows.
struct OptionSpecification: Sendable {
    /// Where an option's key sits in a board's file: the same table makes `--help`, the man pages, the
    /// completions and the file's keys, so none can disagree.
    enum FilePlace: Sendable, Equatable {
        /// Nowhere: the option asks something of one run (`--once`, `--help`), it does not describe a board.
        case none
        /// Before the first section, for the whole board: `title = Mail`.
        case board
        /// In a button's section, for that button, without the `NAME=`: `watch = notmuch count` under `[Mail]`.
        case button
        /// Both: for the whole board before the first section, for one button in its section (`every`).
        case boardAndButton
        /// The sections themselves: `[TITLE]` names a button, and the parts of its specification are keys (`--button`).
        case sections

        /// Whether the option describes a board, and so has a key.
        var describesBoard: Bool { self != .none }

        /// Whether the option describes the buttons one by one: with it on the command line, the command line
        /// says which buttons there are and what feeds them (`--button`, `--watch`, `--on-press`, `--open`).
        var isPerButton: Bool { self == .button || self == .sections }
    }

    /// What an option does with its value.
    enum Effect: Sendable {
        /// Changes the options; parsing goes on. Gets the value (empty for a switch) and the name as typed.
        case update(@Sendable (inout Options, _ value: String, _ name: String) throws(Options.UsageError) -> Void)
        /// Ends parsing with a request of its own, as `--help` does.
        case finish(@Sendable (_ value: String, _ name: String) throws(Options.UsageError) -> Options.Request)
    }

    /// The spellings `--help` shows, short ones first: `["-h", "--help"]`.
    var names: [String]
    /// Other spellings that work and complete but are not shown in `--help` (`--colour`).
    var aliases: [String] = []
    /// The value's name in the help, such as `N` or `MODE`; `nil` for a switch.
    var placeholder: String?
    /// The kind of value.
    var value: OptionValue
    /// The help: a first sentence that stands alone (completions show it), then any details.
    var help: String
    /// Whether the option may be given more than once, each time adding to the last.
    var isRepeatable = false
    /// What the option does.
    var effect: Effect
    /// Where the option's key sits in a board's file, if it has one (``ConfigurationKey``).
    var filePlace = FilePlace.none
    /// What the key means in a button's section, where it differs from the option's help (``FilePlace/button``).
    var buttonHelp: String?
    /// Whether the key may be given more than once in a section, each adding to the last (`watch`).
    var isRepeatableInSection = false
    /// For an option that ties a command to a button: adds a command already made, as a section's key gives it.
    var addCommand: (@Sendable (inout Options, ButtonCommand) -> Void)?
    /// How `--print-config` writes the value of the option's key before the first section.
    ///
    /// `nil` from it leaves the key out (the default's value). A test fails for a board's key without one.
    var printedValue: (@Sendable (Options, ConfigurationFile.Printing) -> String?)?

    /// The row with a key in a board's file, named after the option: `.inFile(.board)`.
    ///
    /// - Parameters:
    ///   - place: Where the key sits.
    ///   - buttonHelp: What the key means in a button's section, when that is not the option's help.
    ///   - repeatableInSection: Whether a section may give the key more than once, each adding to the last.
    func inFile(_ place: FilePlace, buttonHelp: String? = nil, repeatableInSection: Bool = false) -> Self {
        var row = self
        row.filePlace = place
        row.buttonHelp = buttonHelp
        row.isRepeatableInSection = repeatableInSection
        return row
    }

    /// The row with the value `--print-config` writes for its key before the first section.
    func printed(_ value: @escaping @Sendable (Options, ConfigurationFile.Printing) -> String?) -> Self {
        var row = self
        row.printedValue = value
        return row
    }

    /// The row with another kind of value, for completions and documents (`.taking(.configuration)`).
    func taking(_ value: OptionValue) -> Self {
        var row = self
        row.value = value
        return row
    }

    /// The key the option has in a board's file: its long name without the dashes (`every`); `nil` for none.
    var fileKey: String? {
        guard filePlace != .none, let long = names.last, long.hasPrefix("--") else { return nil }
        return String(long.dropFirst(2))
    }

    /// Every spelling, shown or not.
    var allNames: [String] { names + aliases }

    /// The left column of `--help`: `--limit N`, `-h, --help`.
    var synopsis: String {
        names.joined(separator: ", ") + (placeholder.map { " \($0)" } ?? "")
    }

    /// The help's first sentence, without its full stop, for completions that show one line.
    var summary: String {
        let first = help.sentences.first ?? help
        return first.hasSuffix(".") ? String(first.dropLast()) : first
    }

    /// Whether the option ends parsing with a request of its own (`--help`, `--version`).
    var finishes: Bool {
        if case .finish = effect { return true }
        return false
    }

    /// Applies the option's value to the options, or returns the request that ends parsing.
    ///
    /// - Parameters:
    ///   - value: The value, empty for a switch.
    ///   - name: The spelling the user typed, for messages.
    ///   - options: The options so far.
    func apply(_ value: String, named name: String, to options: inout Options) throws(Options.UsageError)
        -> Options.Request?
    {
        switch effect {
        case .update(let update):
            try update(&options, value, name)
            return nil
        case .finish(let finish):
            return try finish(value, name)
        }
    }
}

extension OptionSpecification {
    /// A switch that changes the options (`--no-autoplay`).
    static func flag(
        _ names: String..., aliases: [String] = [], help: String,
        set: @escaping @Sendable (inout Options) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, value: .none, help: help, effect: .update { options, _, _ in set(&options) }
        )
    }

    /// A switch that ends parsing with a request (`--help`, `--version`).
    static func flag(_ names: String..., aliases: [String] = [], help: String, request: Options.Request) -> Self {
        Self(names: names, aliases: aliases, value: .none, help: help, effect: .finish { _, _ in request })
    }

    /// An option that takes a whole number within a range (`--fps N`).
    static func wholeNumber(
        _ names: String..., aliases: [String] = [], placeholder: String = "N", in range: ClosedRange<Int>,
        help: String, set: @escaping @Sendable (inout Options, Int) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, placeholder: placeholder, value: .wholeNumber(range), help: help,
            effect: .update { options, text, name throws(Options.UsageError) in
                guard let number = Int(text), range.contains(number) else {
                    throw Options.UsageError(
                        message:
                            "\(name) needs a whole number \(OptionValue.describe(range)), not '\(Sanitizer.printable(text))'"
                    )
                }
                set(&options, number)
            })
    }

    /// An option that takes one of the raw values of an enum (`--color never`).
    static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ names: String..., aliases: [String] = [], of type: Choice.Type, placeholder: String, help: String,
        set: @escaping @Sendable (inout Options, Choice) -> Void
    ) -> Self where Choice.RawValue == String {
        Self(
            names: names, aliases: aliases, placeholder: placeholder, value: .choice(type.allCases.map(\.rawValue)),
            help: help,
            effect: .update { options, text, name throws(Options.UsageError) in
                set(&options, try parseChoice(text, as: type, for: name))
            })
    }

    /// An option that takes one of the raw values of an enum and ends parsing with a request (`--generate man`).
    static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
        _ names: String..., aliases: [String] = [], of type: Choice.Type, placeholder: String, help: String,
        request: @escaping @Sendable (Choice) -> Options.Request
    ) -> Self where Choice.RawValue == String {
        Self(
            names: names, aliases: aliases, placeholder: placeholder, value: .choice(type.allCases.map(\.rawValue)),
            help: help,
            effect: .finish { text, name throws(Options.UsageError) in
                request(try parseChoice(text, as: type, for: name))
            }
        )
    }

    /// An option that takes any text (`--title TEXT`); `set` may reject it with a usage error.
    static func text(
        _ names: String..., aliases: [String] = [], placeholder: String, repeatable: Bool = false, help: String,
        set: @escaping @Sendable (inout Options, String) throws(Options.UsageError) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, placeholder: placeholder, value: .text, help: help,
            isRepeatable: repeatable,
            effect: .update { options, text, _ throws(Options.UsageError) in try set(&options, text) })
    }

    /// An option that takes a path, never empty (`--record FILE`); with `standardInput`, `-` means standard input,
    /// with `standardOutput`, standard output.
    static func path(
        _ names: String..., aliases: [String] = [], placeholder: String, standardInput: Bool = false,
        standardOutput: Bool = false, help: String, set: @escaping @Sendable (inout Options, String) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, placeholder: placeholder,
            value: .path(standardInput: standardInput || standardOutput), help: help,
            effect: .update { options, path, name throws(Options.UsageError) in
                guard !path.isEmpty else {
                    let hint =
                        standardInput ? ", or - for standard input" : standardOutput ? ", or - for standard output" : ""
                    throw Options.UsageError(message: "\(name) needs a path\(hint)")
                }
                set(&options, path)
            })
    }

    /// A repeatable option that ties a shell command to a button, such as `--on-press NAME=COMMAND`.
    ///
    /// With `allowsInterval` it also takes `NAME@DURATION=COMMAND` (`--watch`). The name is checked
    /// against the buttons once every option is read.
    static func buttonCommand(
        _ names: String..., aliases: [String] = [], allowsInterval: Bool = false, help: String,
        add: @escaping @Sendable (inout Options, ButtonCommand) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, placeholder: "NAME=COMMAND", value: .text, help: help,
            isRepeatable: true,
            effect: .update { options, text, name throws(Options.UsageError) in
                do throws(ButtonCommand.ParseError) {
                    add(&options, try ButtonCommand.parse(text, allowsInterval: allowsInterval))
                } catch {
                    throw Options.UsageError(message: "\(name): \(error.message)")
                }
            }, addCommand: add)
    }

    /// An option that ties a folder or a path to a button, `--maildir Mail=~/Maildir`: repeatable, a path with
    /// `~/` in the home folder, and a key in a button's section whose relative path is by the file's folder.
    static func folderSource(
        _ name: String, placeholder: String, help: String, buttonHelp: String,
        make: @escaping @Sendable (_ buttonTitle: String, _ text: String) -> FolderSource
    ) -> Self {
        let add: @Sendable (inout Options, ButtonCommand) -> Void = { options, command in
            options.folderSources.append(make(command.buttonTitle, command.command))
        }
        return Self(
            names: [name], placeholder: placeholder, value: .path(standardInput: false), help: help,
            isRepeatable: true,
            effect: .update { options, text, name throws(Options.UsageError) in
                do throws(ButtonCommand.ParseError) {
                    add(&options, try ButtonCommand.parse(text))
                } catch {
                    throw Options.UsageError(
                        message: "\(name): "
                            + error.message.replacing("COMMAND", with: placeholder.split(separator: "=").last ?? "PATH")
                            .replacing("has no command", with: "has no path"))
                }
            }, addCommand: add
        ).inFile(.button, buttonHelp: buttonHelp, repeatableInSection: name == "--watch-path")
    }

    /// The option of a command per mouse button, `--on-middle NAME=COMMAND` and the like: a button command with
    /// its mouse button, whose key sits in a button's section (`on-middle = …`).
    static func clickCommand(_ mouseButton: MouseButton) -> Self {
        let name = mouseButton.rawValue
        let when =
            mouseButton == .scrollUp || mouseButton == .scrollDown
            ? "the wheel turns \(mouseButton == .scrollUp ? "up" : "down") over NAME"
            : "NAME is clicked with the \(name) mouse button"
        return buttonCommand(
            "--on-\(name)",
            help: "Run COMMAND in the background when \(when) in a status bar, repeatable, with BADGEBAR_BUTTON, "
                + "BADGEBAR_COUNT and BADGEBAR_MOUSE_BUTTON=\(name) set; the count stays unless --press-with has \(name)"
        ) { options, command in
            var command = command
            command.mouseButton = mouseButton
            options.clickCommands.append(command)
        }.inFile(
            .button,
            buttonHelp: "A command run in the background when \(when.replacing("NAME", with: "the button")) in a "
                + "status bar, with BADGEBAR_BUTTON, BADGEBAR_COUNT and BADGEBAR_MOUSE_BUTTON set; repeatable",
            repeatableInSection: true)
    }

    /// An option that takes a duration (`--every 2s`), as ``DurationText`` reads it.
    static func duration(
        _ names: String..., aliases: [String] = [], placeholder: String = "DURATION", help: String,
        set: @escaping @Sendable (inout Options, Double) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, placeholder: placeholder, value: .duration, help: help,
            effect: .update { options, text, name throws(Options.UsageError) in
                guard let seconds = DurationText.parse(text) else {
                    throw Options.UsageError(
                        message:
                            "\(name) needs a duration from 100ms to 24h, e.g. \(DurationText.examples), "
                            + "not '\(Sanitizer.printable(text))'")
                }
                set(&options, seconds)
            })
    }

    /// A repeatable option that takes a button specification (`--button Mail:envelope:5`).
    static func button(
        _ names: String..., aliases: [String] = [], placeholder: String = "SPEC", help: String,
        add: @escaping @Sendable (inout Options, BadgedButton) -> Void
    ) -> Self {
        Self(
            names: names, aliases: aliases, placeholder: placeholder, value: .buttonSpecification, help: help,
            isRepeatable: true,
            effect: .update { options, text, _ throws(Options.UsageError) in
                do throws(ButtonSpecification.ParseError) {
                    add(&options, try ButtonSpecification.parse(text))
                } catch {
                    throw Options.UsageError(message: error.message)
                }
            })
    }

    /// The case of an enum that a value names, or a usage error that lists every allowed value.
    ///
    /// One helper for every enum option: `--color must be auto, always or never, not 'sometimes'`.
    ///
    /// - Parameters:
    ///   - text: The value given.
    ///   - type: The enum; its raw values, in order, are the allowed values.
    ///   - name: The option as typed, for the message.
    static func parseChoice<Choice: CaseIterable & RawRepresentable>(
        _ text: String, as type: Choice.Type, for name: String
    ) throws(Options.UsageError) -> Choice where Choice.RawValue == String {
        if let choice = Choice(rawValue: text) { return choice }
        let allowed = OptionValue.list(type.allCases.map(\.rawValue))
        throw Options.UsageError(message: "\(name) must be \(allowed), not '\(Sanitizer.printable(text))'")
    }
}
