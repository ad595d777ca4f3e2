import BadgeKit

extension Options {
    /// The titles of the buttons these options show: their own, or the Inbox demo's.
    var buttonTitles: [String] {
        buttons.isEmpty ? Inbox.demo(startTime: 0, autoPlays: false).toolbar.buttons.map(\.title) : buttons.map(\.title)
    }

    /// Checks that every `--watch`, `--on-press`, `--open` and `--on-left` to `--on-scroll-down` names a button there is, as live counts match
    /// titles, and that no button has two `--open` commands (one program at a time has the terminal).
    ///
    /// - Throws: A usage error naming the option, the title and the buttons there are.
    func checkButtonCommands() throws(UsageError) {
        let titles = buttonTitles
        let groups =
            [("--watch", watches), ("--on-press", pressCommands), ("--open", openCommands)]
            + MouseButton.allCases.map { mouseButton in
                ("--on-\(mouseButton.rawValue)", clickCommands.filter { $0.mouseButton == mouseButton })
            }
        let folders = folderSources.map { ButtonCommand(buttonTitle: $0.buttonTitle, command: $0.path) }
        for (name, commands) in groups + [("--count-files, --maildir or --watch-path", folders)] {
            for command in commands where BadgeToolbar.index(ofTitle: command.buttonTitle, in: titles) == nil {
                throw UsageError(
                    message: "\(name): no button is titled '\(Sanitizer.printable(command.buttonTitle))' "
                        + "(the buttons are \(OptionValue.list(titles, conjunction: "and")))")
            }
        }
        var counted: Set<Int> = []
        for source in folderSources where source.kind != .changes {
            guard let index = BadgeToolbar.index(ofTitle: source.buttonTitle, in: titles) else { continue }
            guard counted.insert(index).inserted else {
                throw UsageError(
                    message:
                        "--count-files and --maildir: '\(titles[index])' is given two folders to count; give it one")
            }
        }
        for source in folderSources where source.kind == .changes {
            guard BadgeToolbar.index(ofTitle: source.buttonTitle, in: watches.map(\.buttonTitle)) != nil else {
                throw UsageError(
                    message: "--watch-path: '\(Sanitizer.printable(source.buttonTitle))' has no --watch to run when "
                        + "\(source.describedPath) changes")
            }
        }
        var opened: Set<Int> = []
        for command in openCommands {
            guard let index = BadgeToolbar.index(ofTitle: command.buttonTitle, in: titles) else { continue }
            guard opened.insert(index).inserted else {
                throw UsageError(message: "--open: '\(titles[index])' is given two commands; give it one")
            }
        }
    }
}

extension MouseButton {
    /// Reads a comma-separated list of mouse buttons' names, or `none` for none (`--press-with left,right`).
    ///
    /// - Throws: A usage error naming the option and the word that names no mouse button.
    static func parseList(_ text: String, for option: String) throws(Options.UsageError) -> Set<MouseButton> {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingSpaces.lowercased()
        }
        if words == ["none"] { return [] }
        var buttons: Set<MouseButton> = []
        for word in words {
            guard let button = MouseButton(rawValue: word) else {
                throw Options.UsageError(
                    message: "\(option): '\(Sanitizer.shortened(word))' is no mouse button: give "
                        + OptionValue.list(names + ["none"], conjunction: "or") + ", or several with commas")
            }
            buttons.insert(button)
        }
        return buttons
    }

    /// A set of mouse buttons as ``parseList(_:for:)`` reads it back: `left,right`, or `none`.
    static func describeList(_ buttons: Set<MouseButton>) -> String {
        buttons.isEmpty ? "none" : buttons.sorted().map(\.rawValue).joined(separator: ",")
    }
}
