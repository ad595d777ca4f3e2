import BadgeKit

/// The text `--help` prints.
enum Usage {
    static let text = """
        badgebar: the Inbox demo of badged icon buttons, in the terminal.

        Usage: badgebar [options]

        Options:
          --limit N          Badge limit, 1 or more: past it a badge reads N+ (default 99)
          --no-autoplay      Start without the auto-play script
          --reduce-motion    Badges only fade, icons stay still (also BADGEBAR_REDUCE_MOTION=1)
          --fps N            Frames per second while something moves, 1 to 240 (default 60)
          --color MODE       auto, always or never (default auto; NO_COLOR turns auto off)
          --icons STYLE      emoji, unicode or ascii (default emoji in a UTF-8 locale, else ascii)
          --title TEXT       The toolbar's title (default Inbox, or Badges with --button)
          --button SPEC      A button title:symbol:BADGE[:colour][:show-zero], repeatable;
                             replaces the Inbox's buttons. BADGE is a count, dot, or
                             text=WORD (e.g. "Mail:envelope:5", "Builds:hammer:0:yellow",
                             "News:newspaper:dot", "Beta:star:text=new", "Jobs:gear:0:blue:show-zero")
          --badge-corner C   top-trailing (default), top-leading, bottom-trailing or bottom-leading
          --record FILE      Record the session as asciicast v2 (e.g. demo.cast)
          --counts-from PATH Live counts from a file, FIFO or pipe (- for standard input):
                             lines Name=N, Name+=N or Name-=N
          -h, --help         Show this help and exit
          --version          Show the version and exit

        Keys:
          1-9                Clear that button's count (1-3 in the Inbox)
          Tab, Right         Move the focus right
          Shift-Tab, Left    Move the focus left
          Enter, Space       Clear the focused button's count
          r                  Turn Reduce Motion on or off
          ?                  Show or hide the help
          Ctrl-L             Redraw the screen
          Ctrl-Z             Suspend to the shell
          q, Esc, Ctrl-C     Quit
          Mouse              Click a button to clear its count

        Auto-play adds to the counts every 1.3 s (notifications +2, cart +1,
        messages +1) until the first key or mouse press.

        Exit status: 0 on quit; 64 for a bad option (or the terminal itself as
        counts or recording); 66 when the counts source cannot be opened or is a
        directory; 73 when the recording cannot be created; 74 when the recording
        stopped part-way; 1 when no usable terminal; 128+N when ended by signal N
        (after restoring the terminal).
        """
}
