import CNCursesW
import Synchronization

/// What `tputs` hands its output function during one call: a C function pointer can reach no context, only globals.
private let tputsOutput = Mutex<[UInt8]>([])

/// The terminfo string capabilities the program sends itself, as the bytes to write, padding applied.
///
/// A capability may carry a padding specification, such as the `$<50>` at the
/// end of vt100's `clear`, which is no text for the terminal: ncurses' `tputs`
/// turns it into what terminfo says (nothing, pad characters, or a wait) for
/// the terminal ncurses was started for, the same as for the frames ncurses
/// writes. Every terminfo string the program writes outside ncurses' own
/// updates comes from ``bytes(of:)``.
enum TerminfoString {
    /// A string capability's bytes with its padding applied, or none when the terminal lacks it (wraps `tigetstr`).
    ///
    /// - Parameter name: The capability's terminfo name, such as `clear` or `sgr0`.
    static func bytes(of name: String) -> [UInt8] {
        guard cnc_has_string_capability(name) != 0, let value = tigetstr(name) else { return [] }
        return padded(value)
    }

    /// A terminfo string as the terminal must get it: padding applied by `tputs`, for one line affected, as `putp` and
    /// ncurses' own `clear` do (wraps `tputs`).
    ///
    /// `tputs` follows terminfo's rule: a `$<n>` delay counts only when the
    /// terminal has no `xon_xoff` and its speed reaches `padding_baud_rate`,
    /// a `$<n/>` delay always counts, `*` multiplies it by the lines affected,
    /// and a delay that counts is `pad_char` (NUL by default) repeated for the
    /// speed, or a wait when the terminal has `no_pad_char`. ncurses is called
    /// from one thread at a time, so the output gathered is this call's own.
    static func padded(_ value: UnsafePointer<CChar>) -> [UInt8] {
        tputsOutput.withLock { $0.removeAll(keepingCapacity: true) }
        let status = tputs(value, 1) { character in
            tputsOutput.withLock { $0.append(UInt8(truncatingIfNeeded: character)) }
            return character
        }
        let bytes = tputsOutput.withLock { output in
            defer { output.removeAll() }
            return output
        }
        return status == ERR ? [] : bytes
    }
}
