import BadgeKit

extension ConfigurationFile {
    /// What the value of a key before the first section is printed against (``OptionSpecification/printedValue``).
    struct Printing: Sendable {
        /// The options as they are with nothing given, whose values are left out.
        let defaults = Options()
        /// Whether the Inbox demo's buttons are written as sections, titled Inbox, to carry commands.
        let hasDemoButtons: Bool
        /// The folder relative paths are in, to write them whole.
        let workingDirectory: String?

        /// A path written whole, from the folder badgebar runs in; standard input (`-`) as it is.
        func whole(_ path: String?) -> String? {
            guard let path, path != "-", !path.hasPrefix("/"), let workingDirectory else { return path }
            return workingDirectory.trimmingTrailingSlashes + "/" + path
        }
    }

    /// The first line of a printed file.
    static let printedHeader = "# A board for badgebar, as --print-config printed it (see man 5 badgebar)."

    /// The board some options describe, as a file that gives the same board when read (`--print-config`).
    ///
    /// Keys come in the order of the option table, and only those that differ from the defaults. Commands for
    /// the Inbox demo's buttons bring the demo's buttons into the file as sections of their own (titled Inbox),
    /// since only a section can carry a command. Paths are written whole, from the folder badgebar runs in.
    ///
    /// - Parameters:
    ///   - options: The options, file and flags together.
    ///   - workingDirectory: The folder relative paths are in, to write them whole.
    /// - Throws: A usage error for what a file cannot say: two buttons whose titles differ at most in case (a
    ///   file has one section a title), watches of one button on different intervals, and a value with a line
    ///   break in it, with a blank at either end (which reading drops) or that ends in ` \`.
    static func text(describing options: Options, workingDirectory: String?) throws(Options.UsageError) -> String {
        var lines = [printedHeader]
        let commands = options.watches + options.pressCommands + options.openCommands + options.clickCommands
        let demoButtons = options.buttons.isEmpty && (!commands.isEmpty || !options.folderSources.isEmpty)
        let buttons = demoButtons ? Inbox.demo(startTime: 0, autoPlays: false).toolbar.buttons : options.buttons
        let printing = Printing(hasDemoButtons: demoButtons, workingDirectory: workingDirectory)
        for key in ConfigurationKey.boardKeys {
            if let value = key.option?.printedValue?(options, printing) {
                lines.append("\(key.name) = \(try line(value, of: key.name))")
            }
        }
        let titles = buttons.map(\.title)
        var sectionTitles: Set<String> = []
        for title in titles where !sectionTitles.insert(title.lowercased()).inserted {
            throw Options.UsageError(
                message: "--print-config: two buttons are titled '\(Sanitizer.shortened(title))', and a board's file "
                    + "has one section a title; give them titles of their own")
        }
        func belongs(_ command: ButtonCommand, to index: Int) -> Bool {
            BadgeToolbar.index(ofTitle: command.buttonTitle, in: titles) == index
        }
        for (index, button) in buttons.enumerated() {
            lines += ["", "[\(button.title)]", "symbol = \(button.symbolName)"]
            switch button.style {
            case .count where button.count != 0: lines.append("badge = \(button.count)")
            case .count: break
            case .dot: lines.append("badge = dot")
            case .text(let word): lines.append("badge = text=\(try line(word, of: "badge"))")
            }
            if !button.colorsFromCount.isEmpty {
                lines.append(
                    "color = "
                        + ButtonSpecification.describeColors(base: button.badgeColor, steps: button.colorsFromCount))
            } else if button.badgeColor != .systemRed {
                let name = RGBColor.named.first { $0.color == button.badgeColor }?.name
                lines.append("color = \(name ?? button.badgeColor.description)")
            }
            if button.showsZero { lines.append("show-zero = true") }
            if button.hidesAtZero { lines.append("hide-zero = true") }
            if let noun = button.noun { lines.append("noun = \(noun.singular)/\(noun.plural)") }
            if let format = button.barFormat { lines.append("format = \(try line(format, of: "format"))") }
            let watches = options.watches.filter { belongs($0, to: index) }
            let intervals = Set(watches.map { $0.intervalSeconds ?? options.watchIntervalSeconds })
            if intervals.count > 1 {
                throw Options.UsageError(
                    message: "--print-config: the watches of '\(button.title)' run every "
                        + OptionValue.list(intervals.sorted().map(duration), conjunction: "and")
                        + ", and a section of a board's file has one every; give them one")
            }
            if let interval = intervals.first, interval != options.watchIntervalSeconds {
                lines.append("every = \(duration(interval))")
            }
            for source in options.folderSources
            where BadgeToolbar.index(ofTitle: source.buttonTitle, in: titles) == index {
                let text = source.writtenText
                let value = text.hasPrefix("~") ? text : printing.whole(text) ?? text
                lines.append("\(source.fileKey) = \(try line(value, of: source.fileKey, button: button.title))")
            }
            let clicks = MouseButton.allCases.map { mouseButton in
                ("on-\(mouseButton.rawValue)", options.clickCommands.filter { $0.mouseButton == mouseButton })
            }
            for (key, list) in [
                ("watch", watches), ("on-press", options.pressCommands), ("open", options.openCommands),
            ] + clicks {
                for command in list where belongs(command, to: index) {
                    lines.append("\(key) = \(try line(command.command, of: key, button: button.title))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as a line of the file holds it, which reading gives back exactly.
    ///
    /// - Throws: A usage error for a value a line cannot hold: one with a line break; one with a blank (a space
    ///   or a tab) at either end, which reading drops, as a file has no quotes; or one that ends in ` \`, which
    ///   would go on in the next line.
    private static func line(_ value: String, of key: String, button: String? = nil) throws(Options.UsageError)
        -> String
    {
        let trimmed = value.trimmingBlanks()
        let whose = button.map { "the \(key) of '\($0)'" } ?? key
        if trimmed != value && !value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            throw Options.UsageError(
                message: "--print-config: \(whose) '\(Sanitizer.shortened(value))' starts or ends with a blank, which "
                    + "a board's file drops; give it without")
        }
        if trimmed.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            throw Options.UsageError(
                message: "--print-config: \(whose) holds a line break, which a line of a board's file cannot; "
                    + "put the command in a script")
        }
        if trimmed.hasSuffix(" \\") || trimmed.hasSuffix("\t\\") {
            throw Options.UsageError(
                message: "--print-config: \(whose) ends in ' \\', which a board's file reads as going on in the "
                    + "next line")
        }
        return trimmed
    }

    /// A duration as a file gives it back exactly: `30s`, `5m`, `1.5s`, `250ms`.
    static func duration(_ seconds: Double) -> String {
        let described = DurationText.describe(seconds: seconds)
        if DurationText.parse(described) == seconds { return described }
        let milliseconds = seconds * 1000
        if milliseconds == milliseconds.rounded(), DurationText.parse("\(Int(milliseconds))ms") == seconds {
            return "\(Int(milliseconds))ms"
        }
        return "\(seconds)s"
    }
}

extension FolderSource {
    /// The key of a board's file that gives the source.
    var fileKey: String {
        switch kind {
        case .entries: return "count-files"
        case .maildir: return "maildir"
        case .changes: return "watch-path"
        }
    }

    /// The source's path as an option gives it: the folder, with its pattern after it if there is one.
    var writtenText: String {
        guard case .entries(let pattern?) = kind else { return path }
        return path == "." ? pattern.text : (path.hasSuffix("/") ? path : path + "/") + pattern.text
    }
}
