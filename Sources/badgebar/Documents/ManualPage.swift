import BadgeKit
import BadgeTerminal

/// The man page, `badgebar.1`: its OPTIONS, KEYS and EXIT STATUS made from the same tables as `--help`.
enum ManualPage {
    /// The environment variables badgebar reads, and what each does.
    static let environment: [(name: String, meaning: String)] = [
        (
            "TERM",
            "The terminal type, looked up in terminfo. dumb means line mode; for the full screen it must name a "
                + "terminal that can move the cursor: unset or unknown ends badgebar with status 1."
        ),
        (
            "ACCESSIBLE",
            "When set, not empty and not 0, badgebar runs in line mode, as with --lines: for screen readers and "
                + "braille displays."
        ),
        (
            "COLORTERM",
            "Set to truecolor or 24bit, with a terminfo entry that takes 24-bit colours (such as xterm-direct), "
                + "badges show their exact colours; otherwise the nearest of the terminal's 256, 16 or 8 colours."
        ),
        (
            "NO_COLOR",
            "When set and not empty, --color auto (the default) draws without colour: badges in reverse video."
        ),
        (
            "ESCDELAY",
            "How long Esc waits for the rest of an escape sequence, in milliseconds (read by ncurses); "
                + "badgebar uses 25 when it is unset."
        ),
        (
            "LANG, LC_ALL, LC_CTYPE",
            "The locale. In a UTF-8 locale icons are emoji by default; in any other they are ASCII."
        ),
        (
            "XDG_CONFIG_HOME, HOME",
            "Where the board's files are: $XDG_CONFIG_HOME/badgebar, or ~/.config/badgebar when XDG_CONFIG_HOME is "
                + "unset, empty or not an absolute path (see FILES and badgebar(5))."
        ),
        (
            "BADGEBAR_REDUCE_MOTION",
            "When set, not empty and not 0, Reduce Motion starts on, as with --reduce-motion."
        ),
        (
            "TERM_PROGRAM, TMUX",
            "With TERM and the variables terminals set (KITTY_WINDOW_ID, VTE_VERSION, WT_SESSION), which sequence "
                + "--notify sends: OSC 99 in kitty, OSC 9 in iTerm2, WezTerm and Windows Terminal, "
                + "OSC 777 in VTE terminals, foot and urxvt, through tmux's passthrough when the pane allows it "
                + "(allow-passthrough), and the bell anywhere else."
        ),
    ]

    /// The files badgebar reads besides those named on the command line.
    static let files: [(path: String, meaning: String)] = [
        (
            "/dev/tty",
            "Where keys and clicks come from while standard input carries the counts (--counts-from -), in line "
                + "mode too, and where the screen is drawn while standard output carries the events (--events-to -)."
        ),
        (
            "$XDG_CONFIG_HOME/badgebar/config",
            "The board shown without --config, when the file exists, unless --button, --watch, --on-press, --open or "
                + "--demo is given (see badgebar(5))."
        ),
        ("$XDG_CONFIG_HOME/badgebar/NAME.conf", "The board of --config NAME."),
        ("/usr/share/terminfo", "The terminal descriptions that TERM names (see terminfo(5))."),
    ]

    /// Examples: what each does, then the command.
    static let examples: [(meaning: String, command: [String])] = [
        (
            "The Inbox demo, still until you press a key, with badges that read 9+ past nine:",
            [
                "badgebar --no-autoplay --limit 9"
            ]
        ),
        (
            "A toolbar of your own:",
            [
                #"badgebar --title Status --button "Mail:envelope:5" \"#,
                #"    --button "Builds:hammer:0:yellow""#,
            ]
        ),
        (
            "A dot, a word and a count that shows zero:",
            [
                #"badgebar --button "News:newspaper:dot" --button "Beta:star:text=new" \"#,
                #"    --button "Jobs:gear:0:blue:show-zero""#,
            ]
        ),
        (
            "Live counts from a shell loop:",
            [
                "while sleep 2; do",
                #"    echo "Mail+=1""#,
                #"    echo "Builds=$(ls /tmp | wc -l)""#,
                #"done | badgebar --title Status --button "Mail:envelope:0" \"#,
                #"    --button "Builds:hammer:0:yellow" --counts-from -"#,
            ]
        ),
        (
            "New mail in a maildir, counted every 10 seconds; pressing Mail opens the mail reader:",
            [
                #"badgebar --title Mail --button "Mail:envelope:0" \"#,
                #"    --watch 'Mail=ls ~/Maildir/new | wc -l' --every 10s \"#,
                #"    --open Mail=neomutt"#,
            ]
        ),
        (
            "A button that says what it counts (Mail: 142 unread messages, while the badge shows 99+):",
            [#"badgebar --button "Mail:envelope:142:red:noun=message/messages""#]
        ),
        (
            "The demo's changes as lines, for a log or a screen reader:",
            ["badgebar --lines", "badgebar | tee inbox.log"]
        ),
        (
            "The toolbar in tmux's status line, refreshed every 5 seconds (in ~/.tmux.conf):",
            [
                "set -g status-interval 5",
                #"set -g status-right '#(badgebar --once --format tmux \"#,
                #"    --button Mail:envelope:0 --counts-from ~/.cache/counts)'"#,
            ]
        ),
        (
            "The same board from a file, read again on SIGUSR2 or when it is saved:",
            [
                #"badgebar --title Mail --button "Mail:envelope:0" \"#,
                #"    --watch 'Mail=ls ~/Maildir/new | wc -l' --print-config \"#,
                "    > ~/.config/badgebar/mail.conf",
                "badgebar --config mail",
            ]
        ),
        ("Record a session, then play it back:", ["badgebar --record demo.cast", "asciinema play demo.cast"]),
        ("Completions in the running bash, without installing them:", ["source <(badgebar --generate bash)"]),
    ]

    /// The crash signals as the page lists them: `SIGILL, SIGTRAP, … or SIGSYS`.
    static var crashSignals: String {
        let names = CrashGuard.crashSignalNames
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// The man page's source.
    static var text: String {
        var page = Roff.badgebarPage(
            section: "1", volume: "User Commands",
            madeBy: "'badgebar --generate man' from its option, key and exit-status tables",
            name: Roff.escape(Usage.summary))
        page.section("SYNOPSIS")
        page.raw(".B badgebar", ".RI [ options ]")
        description(into: &page)

        page.section("OPTIONS")
        for option in Options.table {
            let names = option.allNames.map(Roff.bold).joined(separator: ", ")
            page.tagged(names + (option.placeholder.map { " " + Roff.italic($0) } ?? ""), option.help)
        }
        page.section("KEYS")
        page.paragraph("The first key or click ends auto-play.")
        for binding in BadgeBoard.keyBindings {
            let keys = binding.triggers.map { Roff.bold($0.name(buttonCount: 9)) }.joined(separator: ", ")
            page.tagged(keys, binding.longHelp)
        }
        page.section("EXIT STATUS")
        for status in ExitStatus.documented {
            page.tagged(Roff.bold(status.documentedCode), status.meaning)
        }
        page.paragraph(
            "A crash (\(crashSignals)) restores the terminal, then ends as that "
                + "signal would. Every way out leaves the terminal on its normal screen, with the cursor shown, "
                + "mouse reporting off and its modes as they were.")
        page.section("ENVIRONMENT")
        for (name, meaning) in environment {
            let names = name.split(separator: ", ").map { Roff.bold(String($0)) }.joined(separator: ", ")
            page.tagged(names, meaning)
        }
        page.section("FILES")
        for (path, meaning) in files {
            page.tagged(Roff.italic(path), meaning)
        }
        page.section("EXAMPLES")
        for (meaning, command) in examples {
            page.paragraph(meaning)
            page.example(command)
        }
        page.section("SEE ALSO")
        page.raw(
            ".BR badgebar (5),", ".BR asciinema (1),", ".BR tmux (1),", ".BR ncurses (3X),", ".BR terminfo (5)",
            ".PP", "The NO_COLOR convention: https://no\\-color.org/")
        return page.text
    }

    /// DESCRIPTION: what badgebar shows, then its own toolbars, live counts and recordings.
    private static func description(into page: inout Roff) {
        page.section("DESCRIPTION")
        page.paragraph(
            "badgebar shows a toolbar of bracketed icons, each with a coloured count badge on its corner that pops "
                + "in when a count appears, rolls its number through the counts between when it changes, and makes the icon hop "
                + "when the count goes up. It is the SwiftUI badged icon button and its Inbox demo, brought to the "
                + "terminal.")
        page.paragraph(
            "Without options it runs the Inbox demo: Messages, Cart and Notifications. \(Usage.autoPlay) "
                + "Click an icon or press its number to clear its badge.")
        page.paragraph(
            "A badge shows nothing at zero, the count up to the limit, and the limit with a plus past it (99+). "
                + "Its text is black or white, whichever reads on the badge's colour. Colours are exact sRGB values "
                + "shown as the nearest the terminal has: 24-bit colour, the 256-colour palette, the 16 or 8 ANSI "
                + "colours, or reverse video without colour. With Reduce Motion (--reduce-motion, "
                + "BADGEBAR_REDUCE_MOTION=1 or the r key) badges only fade and icons stay still. While nothing "
                + "moves, badgebar sleeps until input arrives.")
        page.subsection("Buttons of your own")
        page.paragraph(
            "Each --button adds a button title:symbol:BADGE[:colour][:show-zero][:noun=ONE/MANY] and replaces the Inbox's buttons; "
                + "such a toolbar is titled Badges unless --title says otherwise, and starts without auto-play. "
                + "BADGE is a count (5), dot for a one-cell marker, or text=WORD for a short word (text=new); "
                + "show-zero shows 0 instead of hiding a count badge at zero; hide-zero leaves the whole button, icon "
                + "too, out of a status bar while its count is 0 and not stale; noun=ONE/MANY says what a count counts "
                + "(noun=message/messages, or noun=message for the same), so the status line and line mode say "
                + "Mail: 1 unread message and Mail: 142 unread messages while the badge shows 99+. Keys 1 to 9 "
                + "follow the buttons' order.")
        page.paragraph("Symbols: \(SymbolTable.all.map(\.name).joined(separator: ", ")).")
        page.paragraph("Colours: \(RGBColor.named.map(\.name).joined(separator: ", ")), or #RRGGBB.")
        page.subsection("A board in a file")
        page.paragraph(
            "--config reads the board from a file, one key per option and a [Title] section per button, as "
                + "badgebar(5) says; without --config, $XDG_CONFIG_HOME/badgebar/config is read when it exists and "
                + "the command line gives no buttons or commands of its own, and --demo always opens the demo. "
                + "Flags go over the file. The full screen, line mode and --stream read it again on SIGUSR2 and when "
                + "it is saved (its path followed through links as named), keeping the counts of the buttons that "
                + "remain; --once reads it again on SIGUSR2. --print-config prints the board of a "
                + "command line as a file.")
        page.subsection("Live counts")
        page.paragraph(
            "With --counts-from, lines such as Mail=7, Mail+=2 and Mail-=1 change the counts as they arrive, each "
                + "animating as if it happened in the app, while keys and clicks still come from the terminal. "
                + "The lines that arrive within one frame (--fps) are applied together, so each badge moves once, "
                + "to the last count. A malformed line or an unknown name shows in the status line for a few seconds and is skipped; "
                + "the end of the input leaves the toolbar up. A FIFO may have one writer after another: a last "
                + "line a writer leaves without a line end is taken as a line when badgebar reads the FIFO's end, not "
                + "joined to the next writer's if that opens it later; end every line with a line end to be sure.")
        page.subsection("Counts from commands")
        page.paragraph(
            "Each --watch NAME=COMMAND runs COMMAND with /bin/sh -c, in a session of its own with no terminal "
                + "(as --on-press commands do: a prompt on /dev/tty fails at once), every --every (30s unless told), or every "
                + "DURATION with NAME@DURATION=COMMAND, and sets the button NAME from what it prints: a whole number, "
                + "or lines in the --counts-from format, so one command can feed several buttons. A run has the "
                + "interval, at most 60 seconds, before it is ended with its process group; a watch never runs twice "
                + "at once. Output past 64 KiB is not read: the command's next write fails, and the run fails as "
                + "too long; the same for standard error past 1 MiB. Whatever watches and --on-press commands leave behind ends with badgebar, in whatever "
                + "process group or session it went (on macOS, only what stays in their process groups). A run that fails, times out or prints no count keeps the last good count and marks the "
                + "badge with a ? beside it and the status line with the reason, until a run succeeds. SIGUSR1 runs "
                + "every watch at once; under --once, whose watches run anyway, it changes nothing.")
        page.subsection("Presses that act")
        page.paragraph(
            "--on-press NAME=COMMAND runs COMMAND in the background (at most 60 seconds) when NAME is pressed, with "
                + "BADGEBAR_BUTTON set to the button's title and BADGEBAR_COUNT to its count before the press; "
                + "a press while the button's commands still run starts nothing. "
                + "--open NAME=COMMAND runs COMMAND in the foreground with the terminal as its standard input, "
                + "output and error, as a shell runs a job, and redraws the screen when it ends. A pressed button's watches wait for its commands, then run."
        )
        page.subsection("Events, title and notifications")
        page.paragraph(
            "--events-to writes one JSON object per line for every press and change, with its time, event (press or "
                + "change), button, count, previous count and source (key, click, watch, counts or autoplay); live "
                + "counts give at most one change per button per frame, over all the lines of that frame; a "
                + "reader that falls behind loses whole lines, which the status line counts. The window's title "
                + "carries the total of the count badges, (101) Inbox, where the terminal has a title, and gets its "
                + "own back on every way out (--no-title leaves it alone). --notify unfocused or always sends a "
                + "desktop notification through the terminal when a count goes up, at most one per button every "
                + "5 seconds.")
        page.subsection("Line mode")
        page.paragraph(
            "With --lines, with ACCESSIBLE set, with TERM=dumb, or when standard output is not a terminal, badgebar "
                + "draws no screen: it writes plain lines on standard output, for screen readers, braille displays, "
                + "logs and pipelines. The first line states every button, such as Inbox. Messages: 2 unread; "
                + "Cart: none unread; Notifications: 96 unread. Then each change is one line, such as "
                + "Notifications: 98 unread (+2), Cart: 1 unread (new) or Messages: none unread (cleared); changes "
                + "to one button within a quarter of a second make one line. Lines have no escape sequences, no "
                + "decorative glyphs and no motion; notices go to standard error.")
        page.paragraph(
            "On a terminal the keys work as in the full screen (1 to 9 press, Tab moves the focus, Ctrl-L says "
                + "every count again, ? lists the keys, q quits), with no echo. When standard input is not a "
                + "terminal and does not carry the counts, its lines are commands: a button's number, press NAME, "
                + "status or q. Without a terminal for keys, badgebar ends when every input has ended and nothing "
                + "else can change the counts. When the reader of standard output goes away, it ends quietly with "
                + "status 0.")
        page.subsection("Once, for a status bar")
        page.paragraph(
            "--once reads the counts (the buttons', then --counts-from to its end), prints the toolbar once in "
                + "the --format and exits 0; a signal while it waits (for a FIFO's first writer too) ends every "
                + "watch, says so on standard error, and it exits 128+N without printing, but SIGUSR1 with watches "
                + "and SIGUSR2 with a board's file, which are taken as in the run. plain prints each icon and its badge's text, buttons two spaces apart; tmux adds "
                + "style directives such as #[fg=colour231,bg=colour196] in the badge colours, for tmux's "
                + "status-right; json prints one object with every button's title, count, badge text and colours; "
                + "i3bar prints one status line of the i3bar protocol, a JSON array of blocks with the badges in "
                + "Pango markup; waybar one JSON line for a Waybar custom module; polybar one line in polybar's "
                + "format tags; i3blocks one line of Pango markup, for a block with markup=pango. The badge rules are "
                + "the full screen's: the limit, no badge at zero, black or white text.")
        page.subsection("Reduce Motion")
        page.paragraph(
            "Under Reduce Motion a count that goes up shows its badge in bold for a second (underlined where "
                + "badges are bold already, at 8 or 16 colours or without colour) instead of bouncing.")
        page.subsection("Recording")
        page.paragraph(
            "--record writes an asciicast v2 file: a header with the width, height and start time, then a line "
                + "with the time and the bytes of each frame written to the terminal, and a line for each resize. "
                + "Play it back with asciinema play.")
    }
}
