import BadgeKit

/// The man page of the board's file, `badgebar.5`: its keys made from the option table, as `--help`, the
/// completions and the file's reader are.
enum ConfigurationManualPage {
    /// Examples: what each is, then the file.
    static let examples: [(meaning: String, file: [String])] = [
        (
            "New mail in a maildir, counted every 10 seconds; pressing Mail opens the mail reader, and a "
                + "notification comes when mail arrives while the window is in the background:",
            [
                "title = Mail",
                "every = 10s",
                "notify = unfocused",
                "",
                "[Mail]",
                "symbol = envelope",
                "watch = ls ~/Maildir/new | wc -l",
                "open = neomutt -f ~/Maildir",
            ]
        ),
        (
            "Two buttons, one of them fed by a long command written on two lines, and a log of every change:",
            [
                "# CI of the repository in the current folder",
                "title = CI",
                "every = 1m",
                "events-to = ~/.cache/badgebar-ci.jsonl",
                "",
                "[Failing]",
                "symbol = flag",
                "watch = gh run list -L 20 --json conclusion --jq '.[].conclusion' \\",
                "    | grep -cx failure || true",
                "open = gh run view --log-failed",
                "",
                "[Running]",
                "symbol = hammer",
                "color = yellow",
                "noun = run/runs",
                "every = 10s",
                "watch = gh run list -L 20 --json status --jq '.[].status' \\",
                "    | grep -cvx completed || true",
            ]
        ),
    ]

    /// The page's source.
    static var text: String {
        var page = Roff.badgebarPage(
            section: "5", volume: "File Formats", madeBy: "'badgebar --generate man5' from its option table",
            name: "a board of badged buttons in a file")
        page.section("SYNOPSIS")
        page.raw(
            ".I $XDG_CONFIG_HOME/badgebar/config", ".br", ".I $XDG_CONFIG_HOME/badgebar/NAME.conf", ".br",
            ".I FILE")
        page.section("DESCRIPTION")
        page.paragraph(
            "A board of badgebar(1) written in a file, as i3blocks and polybar keep theirs: keys for the whole "
                + "board first, then one section per button, its title in brackets and its keys under it. Every "
                + "option of badgebar that describes a board has a key, named after the option without its dashes. "
                + "badgebar --config reads a file, and badgebar --print-config writes the board of any command "
                + "line as one.")
        page.example(examples[0].file)
        page.subsection("Lines")
        page.paragraph(
            "Each line is key = value, a [Title] that starts a button's section, a comment or blank. A comment is a "
                + "line whose first character that is not a blank is # or ;. The key and the value lose the blanks "
                + "around them; the value is the rest of the line, taken as it is: no quotes, no escapes, and a # "
                + "in it is part of it, so a command is written as a shell would be given it. A line that ends "
                + "with a blank and a backslash goes on in the next one: the backslash, the line break and the "
                + "blanks that start the next line are dropped. A file may hold at most 1 MiB.")
        page.paragraph(
            "A switch (no-title, show-zero) takes true or false. A path (counts-from, events-to) may start with "
                + "~/ for the home folder; a relative one is taken from the file's folder.")
        page.subsection("Sections")
        page.paragraph(
            "Each section is a button, in the order of the file, as --button would add it: the title between the "
                + "brackets may hold any character, colons too. A section needs a symbol; the rest is optional. "
                + "watch, on-press and open are commands of the section's button, as --watch TITLE=COMMAND and the "
                + "others give them, and the section's every is the interval of its watches. A file without "
                + "sections keeps the Inbox demo's buttons.")
        page.section("KEYS OF THE BOARD")
        page.paragraph("Before the first section:")
        for key in ConfigurationKey.boardKeys {
            page.tagged(Roff.bold(key.name) + " = " + Roff.italic(key.placeholder), key.help)
        }
        page.section("KEYS OF A BUTTON")
        page.paragraph("In a button's section:")
        for key in ConfigurationKey.buttonKeys {
            page.tagged(Roff.bold(key.name) + " = " + Roff.italic(key.placeholder), key.help)
        }
        page.section("FILES")
        page.tagged(
            Roff.italic("$XDG_CONFIG_HOME/badgebar/config"),
            "The board badgebar shows when it is started without --config, if the file exists, unless the command "
                + "line gives buttons or their commands (--button, --watch, --on-press, --open) or --demo. "
                + "XDG_CONFIG_HOME is ~/.config when it is unset, empty or not an absolute path.")
        page.tagged(
            Roff.italic("$XDG_CONFIG_HOME/badgebar/NAME.conf"),
            "The board of badgebar --config NAME, for a NAME with no / and no . in it; any other value of --config "
                + "is the path of the file.")
        page.section("THE FILE AND THE COMMAND LINE")
        page.paragraph(
            "The flags given with a file go over it: a flag of one value (--title, --every, --limit) wins over its "
                + "key; --button replaces the file's buttons, with everything their sections say; --watch, "
                + "--on-press and --open add to the file's commands, but an --open for a button the file opens "
                + "replaces the file's. A switch the file turns on cannot be turned off by a flag. --lines, --once, "
                + "--format and --record have no key: they say how one run shows the board.")
        page.section("READING IT AGAIN")
        page.paragraph(
            "The full screen, line mode and --stream read the file again on SIGUSR2 and, on Linux, when the file is "
                + "saved (written and closed, moved into its place, or deleted and made again, as editors do), with "
                + "the same command line over it; --once reads it again on SIGUSR2 and prints the board it gives "
                + "then. The path is followed as it was named: a link on it re-pointed (ln -sfn), a folder on it "
                + "removed and made again, or the file made again is read again; the file deleted or replaced by a "
                + "folder is said at once, and the board stays as it was. inotify watches the file's folder and the "
                + "folder of every link on the way (while a folder is missing, the nearest one there), so nothing "
                + "wakes badgebar while nothing changes; a folder above them that is renamed is followed at the "
                + "next SIGUSR2. Buttons are "
                + "matched by title: a button that remains keeps its count, its stale mark and its running commands, "
                + "whatever count the file gives it; a new button starts at the file's. A watch of the same command "
                + "for the same button on the same interval keeps its turn; other watches run at once. The commands "
                + "of a button that is gone end. The status line says the file was read again, or, for a file that "
                + "cannot be used, why, and the board stays as it was; in line mode the same goes to standard error, "
                + "and every button is said again. What only a start can change waits for the next one, and the "
                + "status line says so: "
                + "\(OptionValue.list(Options().keysWaitingForStartNames, conjunction: "and")).")
        page.section("DIAGNOSTICS")
        page.paragraph(
            "A mistake is said as FILE:LINE: message on standard error, and badgebar exits with status 78 before "
                + "anything starts: a line that is no key, section or comment; an unknown key (with the nearest "
                + "known one: did you mean 'every'?); a key in the wrong place or given twice; a section given "
                + "twice or without a symbol; a value its option refuses, with the option's own message. A file "
                + "that cannot be read, or is larger than 1 MiB, ends it with status 66.")
        page.section("EXAMPLES")
        for (meaning, file) in examples {
            page.paragraph(meaning)
            page.example(file)
        }
        page.paragraph("The board of a command line, as a file, to start from:")
        page.example([
            #"badgebar --title Mail --button "Mail:envelope:0" \"#,
            #"    --watch 'Mail=ls ~/Maildir/new | wc -l' --print-config \"#,
            "    > ~/.config/badgebar/mail.conf",
            "badgebar --config mail",
            "pkill -USR2 -x badgebar",
        ])
        page.section("SEE ALSO")
        page.raw(".BR badgebar (1)")
        return page.text
    }
}
