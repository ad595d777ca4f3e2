/// How `badgebar` ends: the statuses of `sysexits.h` it uses, 1 for no usable terminal, 128+N for a signal.
///
/// The one place the statuses are written down: the code uses these names, and `--help`'s and the
/// man page's EXIT STATUS are made from ``documented``.
enum ExitStatus: Equatable, Sendable {
    /// 0, `EX_OK`: the user quit, the terminal or line mode's reader went away, or `--once` printed.
    case success
    /// 1: no usable terminal for the full screen.
    case failure
    /// 64, `EX_USAGE`: a mistake on the command line.
    case usage
    /// 66, `EX_NOINPUT`: an input file cannot be opened.
    case noInput
    /// 69, `EX_UNAVAILABLE`: no badgebar listens on the control socket that `--press`, `--refresh` or `--send` names.
    case unavailable
    /// 77, `EX_NOPERM`: the badgebar on that socket runs as another user.
    case noPermission
    /// 78, `EX_CONFIG`: a mistake in the board's file.
    case configuration
    /// 73, `EX_CANTCREAT`: an output file cannot be created.
    case cantCreate
    /// 74, `EX_IOERR`: writing failed.
    case ioError
    /// 128 + N: ended by signal N, as shells report it.
    case signal(Int32)

    /// The number the process exits with.
    var code: Int32 {
        switch self {
        case .success: return 0
        case .failure: return 1
        case .usage: return 64
        case .noInput: return 66
        case .unavailable: return 69
        case .cantCreate: return 73
        case .configuration: return 78
        case .ioError: return 74
        case .noPermission: return 77
        case .signal(let number): return 128 + number
        }
    }

    /// The status as the documentation shows it: `64`, or `128+N` for any signal.
    var documentedCode: String {
        if case .signal = self { return "128+N" }
        return "\(code)"
    }

    /// When `badgebar` ends with this status, in a sentence for `--help` and the man page.
    var meaning: String {
        switch self {
        case .success:
            return "Quit with q, Esc or Ctrl-C, or the terminal went away; in line mode also when the reader of "
                + "standard output went away, or every input ended with nothing left to change the counts; "
                + "--once after printing; --stream when the bar stops reading; --press, --refresh and --send once sent"
        case .failure:
            return "No usable terminal for the full screen: standard input is not a terminal, or TERM is unset or "
                + "unknown (without --lines)"
        case .usage:
            return
                "A bad option or argument (--demo with --config or --button too), a --watch, --on-press or --open "
                + "naming no button, the terminal itself given as --counts-from, --record or --events-to, --record "
                + "in line mode, --open in line mode with no terminal to hand over, or --format "
                + "i3bar with --once"
        case .noInput:
            return "The counts source of --counts-from or the board's file cannot be opened, or is a directory "
                + "(--once prints the toolbar first, marked stale; --stream goes on with it marked stale)"
        case .unavailable:
            return
                "--press, --refresh or --send found no badgebar listening on the socket of --control, or the one there "
                + "did not answer (it is stopped)"
        case .noPermission:
            return "--press, --refresh or --send may not reach the socket of --control: its badgebar runs as "
                + "another user"
        case .cantCreate:
            return
                "The recording of --record or the file of --events-to cannot be created, or is a FIFO nothing reads; "
                + "the socket of --control cannot be made: its path holds what badgebar did not make, or another "
                + "user's file, or sits in a folder another user may change, or another badgebar listens there"
        case .configuration:
            return "A mistake in the board's file, said as FILE:LINE: message (nothing starts until the file is right)"
        case .ioError:
            return
                "The recording stopped part-way (a full disk, a reader that went away or fell behind), or the output "
                + "of --help, --version, --generate, --once, --stream or line mode cannot be written (said once; for "
                + "--stream and line mode a reader that went away is a quiet end, 0)"
        case .signal:
            return "Ended by signal N (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), after restoring the terminal"
        }
    }

    /// Every status, in the order the documentation lists them; the signal stands for any signal.
    static let documented: [ExitStatus] = [
        .success, .failure, .usage, .noInput, .unavailable, .cantCreate, .ioError, .noPermission, .configuration,
        .signal(0),
    ]
}
