import BadgeKit

/// A key of a board's file, made from the option table, so `--help`, the man pages, the completions and the
/// file cannot disagree.
///
/// Every option that describes a board (``OptionSpecification/FilePlace``) has a key named after its flag without
/// the dashes: before the first section for the whole board (`title`, `every`, `notify`), in a button's section
/// for that button (`watch`, `every`, `on-press`, `open`). `--button` is the sections themselves: `[TITLE]`,
/// with the parts of its specification as keys (`symbol`, `badge`, `color`, `show-zero`, `noun`).
struct ConfigurationKey: Sendable {
    /// Where a key may be.
    enum Place: Sendable, Equatable {
        /// Before the first section: the whole board's.
        case board
        /// In a button's section: that button's.
        case button
    }

    /// A part of a button's specification, a key of its section.
    enum ButtonPart: String, CaseIterable, Sendable {
        /// The icon's symbol name; every section needs one.
        case symbol
        /// A count, `dot` or `text=WORD`.
        case badge
        /// The badge's colour.
        case color
        /// Whether a count of zero shows `0`.
        case showZero = "show-zero"
        /// Whether a status bar leaves the button out at zero.
        case hideZero = "hide-zero"
        /// What a count counts.
        case noun
        /// How a status bar lays the button out.
        case format
    }

    /// What gives the key its meaning.
    enum Meaning: Sendable {
        /// An option of the table, given the key's value (in a section, with the button's title before it).
        case option(OptionSpecification)
        /// A part of a button's specification.
        case buttonPart(ButtonPart)
    }

    /// The key, as written before the `=`.
    var name: String
    /// Where it may be.
    var place: Place
    /// What gives it its meaning.
    var meaning: Meaning
    /// The value's name in the documentation, such as `N`, `COMMAND` or `true or false`.
    var placeholder: String
    /// What it does.
    var help: String
    /// Whether it may be given more than once in its place, each adding to the last (`watch`).
    var isRepeatable: Bool

    /// The value a switch takes: `true` turns it on, `false` leaves it off.
    static let switchValues = ["true", "false"]
    /// A switch's value in the documentation.
    static let switchPlaceholder = "true or false"

    /// The keys before the first section, in the option table's order.
    static var boardKeys: [ConfigurationKey] {
        Options.table.compactMap { option in
            guard let name = option.fileKey, option.filePlace == .board || option.filePlace == .boardAndButton
            else { return nil }
            return ConfigurationKey(
                name: name, place: .board, meaning: .option(option),
                placeholder: option.value.takesValue ? option.placeholder ?? "VALUE" : switchPlaceholder,
                help: option.help, isRepeatable: false)
        }
    }

    /// The keys of a button's section: the parts of its specification, then the options that are a button's.
    static var buttonKeys: [ConfigurationKey] {
        let parts = ButtonPart.allCases.map { part in
            ConfigurationKey(
                name: part.rawValue, place: .button, meaning: .buttonPart(part), placeholder: part.placeholder,
                help: part.help, isRepeatable: false)
        }
        let options = Options.table.compactMap { option -> ConfigurationKey? in
            guard let name = option.fileKey, option.filePlace == .button || option.filePlace == .boardAndButton
            else { return nil }
            let takesCommand = option.addCommand != nil
            return ConfigurationKey(
                name: name, place: .button, meaning: .option(option),
                placeholder: takesCommand ? "COMMAND" : option.placeholder ?? "VALUE",
                help: option.buttonHelp ?? option.help, isRepeatable: option.isRepeatableInSection)
        }
        return parts + options
    }

    /// The keys of a place.
    static func keys(in place: Place) -> [ConfigurationKey] {
        place == .board ? boardKeys : buttonKeys
    }

    /// The option a key of a place comes from, when it comes from one.
    var option: OptionSpecification? {
        if case .option(let option) = meaning { return option }
        return nil
    }
}

extension ConfigurationKey.ButtonPart {
    /// The value's name in the documentation.
    var placeholder: String {
        switch self {
        case .symbol: return "NAME"
        case .badge: return "BADGE"
        case .color: return "COLOUR"
        case .showZero, .hideZero: return ConfigurationKey.switchPlaceholder
        case .noun: return "ONE/MANY"
        case .format: return "TEXT"
        }
    }

    /// What the part does, in a sentence or two.
    var help: String {
        switch self {
        case .symbol: return "The icon, by the name of its symbol (e.g. envelope); every section needs one"
        case .badge: return "What the badge starts with: a count (default 0), dot, or text=WORD"
        case .color:
            return "The badge's colour: a colour name (default red) or #RRGGBB, then colours from counts on "
                + "(e.g. green, orange@5, red@20)"
        case .showZero: return "Whether a count of 0 shows 0 rather than no badge (count badges only)"
        case .hideZero:
            return "Whether a status bar leaves the button out, icon too, while its count is 0 and not stale (count "
                + "badges only)"
        case .noun:
            return "What a count counts (e.g. message/messages, or message alike), so it is spoken as "
                + "\"3 unread messages\" (count badges only)"
        case .format:
            return "How a status bar lays the button out: {icon}, {count} (the badge) and {title} in a text of your "
                + "own (e.g. {icon} {title} {count})"
        }
    }
}
