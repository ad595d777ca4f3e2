import BadgeKit

extension ConfigurationFile {
    /// A switch's value in a file: `true` turns the option on, `false` leaves it off.
    enum SwitchValue: String, CaseIterable, Sendable {
        case on = "true"
        case off = "false"
    }

    /// The options the file gives, over some options (the defaults and the environment's): each key is
    /// checked as its option checks it on the command line, with the same message, said of its line.
    ///
    /// Sections are buttons, in order, as `--button` would add them; a section's `watch`, `on-press` and `open`
    /// are commands of its button, as `--watch TITLE=COMMAND` and the others would give them, and its `every` is
    /// the interval of its watches. A path (`counts-from`, `events-to`) may start with `~/` for the home folder;
    /// a relative path is taken from the file's folder.
    ///
    /// - Parameters:
    ///   - base: The options the file's keys change.
    ///   - home: The home folder, for `~/`, if known.
    /// - Throws: ``ConfigurationError`` for an unknown key (with the nearest known one), a key in the wrong place
    ///   or given twice, a value its option refuses, a section without a symbol, and an `every` without a watch.
    func options(over base: Options, home: String?) throws(ConfigurationError) -> Options {
        var options = base
        var seen: [String: Int] = [:]
        for entry in entries {
            let key = try key(for: entry, in: .board, seen: &seen)
            guard case .option(let option) = key.meaning else { continue }
            try apply(option, entry, key: key, to: &options, home: home)
        }
        for section in sections {
            try add(section, to: &options, home: home)
        }
        return options
    }

    /// The key an entry names in a place, checked to be known there and not given twice.
    private func key(for entry: Entry, in place: ConfigurationKey.Place, seen: inout [String: Int])
        throws(ConfigurationError) -> ConfigurationKey
    {
        let keys = ConfigurationKey.keys(in: place)
        guard let key = keys.first(where: { $0.name == entry.key }) else {
            let name = Sanitizer.shortened(entry.key)
            let other = ConfigurationKey.keys(in: place == .board ? .button : .board)
            if other.contains(where: { $0.name == entry.key }) {
                throw failure(
                    entry.line,
                    place == .board
                        ? "'\(name)' is a button's key: put it in the button's section, under [Title]"
                        : "'\(name)' is the whole board's key: put it before the first section")
            }
            if let near = Self.nearest(to: entry.key, among: keys.map(\.name)) {
                throw failure(entry.line, "unknown key '\(name)'; did you mean '\(near)'?")
            }
            throw failure(
                entry.line,
                "unknown key '\(name)' (the keys \(place == .board ? "before the sections" : "of a section") are "
                    + "\(OptionValue.list(keys.map(\.name), conjunction: "and")))")
        }
        if !key.isRepeatable, let first = seen[key.name] {
            throw failure(entry.line, "'\(key.name)' is given twice (first on line \(first))")
        }
        seen[key.name] = entry.line
        return key
    }

    /// Gives an option a key's value, as the command line would: a switch by `true` or `false`, a path from the
    /// file's folder.
    private func apply(
        _ option: OptionSpecification, _ entry: Entry, key: ConfigurationKey, to options: inout Options, home: String?
    ) throws(ConfigurationError) {
        do throws(Options.UsageError) {
            if !option.value.takesValue {
                if try OptionSpecification.parseChoice(entry.value, as: SwitchValue.self, for: key.name) == .on {
                    _ = try option.apply("", named: key.name, to: &options)
                }
                return
            }
            var value = entry.value
            if case .path = option.value {
                value = resolve(path: value, home: home)
            }
            _ = try option.apply(value, named: key.name, to: &options)
        } catch {
            throw failure(entry.line, error.message)
        }
    }

    /// A path as a file means it: `-` as it is, `~/…` in the home folder, a relative one in the file's folder.
    func resolve(path: String, home: String?) -> String {
        if path.hasPrefix("~/"), let home, !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
        }
        guard !path.isEmpty, path != "-", !path.hasPrefix("/"), let slash = self.path.lastIndex(of: "/") else {
            return path
        }
        return String(self.path[...slash]) + path
    }

    /// Adds a section's button and its commands.
    private func add(_ section: Section, to options: inout Options, home: String?) throws(ConfigurationError) {
        var seen: [String: Int] = [:]
        var parts: [ConfigurationKey.ButtonPart: Entry] = [:]
        var interval: (seconds: Double, line: Int)?
        var commands: [(option: OptionSpecification, entry: Entry)] = []
        for entry in section.entries {
            let key = try key(for: entry, in: .button, seen: &seen)
            switch key.meaning {
            case .buttonPart(let part):
                parts[part] = entry
            case .option(let option) where option.addCommand != nil:
                guard !entry.value.isEmpty else { throw failure(entry.line, "'\(key.name)' needs a command") }
                commands.append((option, entry))
            case .option(let option):
                // every: checked as --every checks it, and kept for the section's watches.
                var scratch = Options()
                do throws(Options.UsageError) {
                    _ = try option.apply(entry.value, named: key.name, to: &scratch)
                } catch {
                    throw failure(entry.line, error.message)
                }
                interval = (scratch.watchIntervalSeconds, entry.line)
            }
        }
        options.buttons.append(try button(section, parts: parts))
        let watches = commands.filter { $0.option.fileKey == "watch" }
        if let interval, watches.isEmpty {
            throw failure(
                interval.line, "'every' says how often the button's watches run, and [\(section.title)] has none")
        }
        for (option, entry) in commands {
            let isWatch = option.fileKey == "watch"
            var value = entry.value
            // A folder of a count or a path of a watch: as the file means it (`~/`, or by the file's folder).
            // `~/` is left for the watcher, which finds the home folder as a command line's `~/` is found.
            if case .path = option.value, !value.hasPrefix("~") { value = resolve(path: value, home: home) }
            option.addCommand?(
                &options,
                ButtonCommand(
                    buttonTitle: section.title, command: value,
                    intervalSeconds: isWatch ? interval?.seconds : nil))
        }
    }

    /// The button a section describes, from the parts of its specification.
    private func button(_ section: Section, parts: [ConfigurationKey.ButtonPart: Entry]) throws(ConfigurationError)
        -> BadgedButton
    {
        guard let symbolEntry = parts[.symbol] else {
            throw failure(section.line, "[\(section.title)] needs a symbol, such as symbol = envelope")
        }
        var switches: [ConfigurationKey.ButtonPart: Bool] = [:]
        for part in [ConfigurationKey.ButtonPart.showZero, .hideZero] {
            guard let entry = parts[part] else { continue }
            do throws(Options.UsageError) {
                switches[part] =
                    try OptionSpecification.parseChoice(entry.value, as: SwitchValue.self, for: entry.key) == .on
            } catch {
                throw failure(entry.line, error.message)
            }
        }
        let showsZero = switches[.showZero] ?? false
        let hidesAtZero = switches[.hideZero] ?? false
        var line = symbolEntry.line
        do throws(ButtonSpecification.ParseError) {
            let symbol = try ButtonSpecification.symbol(symbolEntry.value)
            var badge = (style: BadgeStyle.count, count: 0)
            if let entry = parts[.badge] {
                line = entry.line
                badge = try ButtonSpecification.badge(entry.value)
            }
            var color = RGBColor.systemRed
            var colorSteps: [Int: RGBColor] = [:]
            if let entry = parts[.color] {
                line = entry.line
                let colors = try ButtonSpecification.colors(entry.value)
                color = colors.base ?? .systemRed
                colorSteps = colors.steps
            }
            if showsZero, let entry = parts[.showZero] {
                line = entry.line
                try ButtonSpecification.checkShowsZero(style: badge.style)
            }
            if hidesAtZero, let entry = parts[.hideZero] {
                line = entry.line
                try ButtonSpecification.checkHidesAtZero(style: badge.style)
                try ButtonSpecification.checkZero(showsZero: showsZero, hidesAtZero: hidesAtZero)
            }
            var noun: CountNoun?
            if let entry = parts[.noun] {
                line = entry.line
                noun = try ButtonSpecification.noun(entry.value, style: badge.style)
            }
            var button = BadgedButton(
                title: section.title, symbolName: symbol, count: badge.count, badgeColor: color, style: badge.style,
                showsZero: showsZero, hidesAtZero: hidesAtZero, noun: noun)
            button.colorsFromCount = colorSteps
            if let entry = parts[.format] {
                line = entry.line
                button.barFormat = try ButtonSpecification.barFormat(entry.value)
            }
            return button
        } catch {
            throw failure(line, error.message)
        }
    }

    /// A problem with a line of the file.
    private func failure(_ line: Int, _ message: String) -> ConfigurationError {
        ConfigurationError(path: path, line: line, message: message)
    }

    /// The known word nearest to a mistyped one, ignoring case, when it is near enough to be meant: at most two
    /// letters apart (one for words of three letters or fewer).
    static func nearest(to word: String, among words: [String]) -> String? {
        let typed = Array(word.lowercased())
        let scored = words.map { ($0, distance(typed, Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= (typed.count <= 3 ? 1 : 2) ? best.0 : nil
    }

    /// How many letters must be added, removed or changed to make one word the other (Levenshtein).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
