import BadgeKit

extension Options {
    /// The titles of the buttons these options show: their own, or the Inbox demo's.
    var buttonTitles: [String] {
        buttons.isEmpty ? Inbox.demo(startTime: 0, autoPlays: false).toolbar.buttons.map(\.title) : buttons.map(\.title)
    }

    /// Checks that every `--watch`, `--on-press` and `--open` names a button there is, as live counts match
    /// titles, and that no button has two `--open` commands (one program at a time has the terminal).
    ///
    /// - Throws: A usage error naming the option, the title and the buttons there are.
    func checkButtonCommands() throws(UsageError) {
        let titles = buttonTitles
        let groups = [("--watch", watches), ("--on-press", pressCommands), ("--open", openCommands)]
        for (name, commands) in groups {
            for command in commands where BadgeToolbar.index(ofTitle: command.buttonTitle, in: titles) == nil {
                throw UsageError(
                    message: "\(name): no button is titled '\(Sanitizer.printable(command.buttonTitle))' "
                        + "(the buttons are \(OptionValue.list(titles, conjunction: "and")))")
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
