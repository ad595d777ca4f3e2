import CNCursesW
import Glibc

/// A pseudo-terminal the test owns: the test plays the terminal emulator on the master side, and may stop reading.
///
/// The program runs on the slave side as its controlling terminal (see ``TerminalProcess``).
/// The test keeps a slave descriptor of its own, never written, to ask the kernel whether the
/// terminal takes more output (``takesOutput``). Always ``close()`` it.
final class PseudoTerminal {
    /// The master side: what the program writes is read here, and keys are written here.
    let master: Int32
    /// The slave side's path, e.g. `/dev/pts/7`.
    let slavePath: String
    /// The slave, opened by the test without becoming its controlling terminal, only to poll.
    private let watcher: Int32
    private var isClosed = false

    /// Opens a new pseudo-terminal of a size (wraps `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`, `open`).
    init(columns: Int, rows: Int) throws {
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw EndToEndFailure("posix_openpt: \(String(cString: strerror(errno)))") }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            let message = String(cString: strerror(errno))
            Glibc.close(master)
            throw EndToEndFailure("grantpt, unlockpt or ptsname: \(message)")
        }
        slavePath = String(cString: name)
        let watcher = open(slavePath, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard watcher >= 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(master)
            throw EndToEndFailure("open \(slavePath): \(message)")
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.watcher = watcher
        try setSize(columns: columns, rows: rows)
    }

    deinit {
        close()
    }

    /// Closes both sides the test holds.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(watcher)
        Glibc.close(master)
    }

    /// Sets the window size, as a terminal emulator does when its window changes
    /// (wraps `cnc_set_terminal_size`); the kernel sends SIGWINCH to the foreground process group.
    func setSize(columns: Int, rows: Int) throws {
        guard cnc_set_terminal_size(master, Int32(rows), Int32(columns)) == 0 else {
            throw EndToEndFailure("TIOCSWINSZ \(columns)×\(rows): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether a write to the terminal would take anything now (wraps `poll` for `POLLOUT` on the slave).
    ///
    /// False once the kernel's buffers between the program and the test are full, because the test does not read.
    var takesOutput: Bool {
        var descriptor = pollfd(fd: watcher, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLOUT) != 0
    }

    /// Reads everything the program has written that the kernel holds now (wraps `read`, non-blocking).
    func readAvailable() -> [UInt8] {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                collected += buffer[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return collected
            }
        }
    }

    /// Types bytes, as the keyboard would (wraps `write` on the master).
    func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw EndToEndFailure("typing \(text.debugDescription): wrote \(written) of \(bytes.count) bytes")
        }
    }

    /// The terminal's modes now (wraps `tcgetattr` on the master, which reads the pair's modes).
    func modes() throws -> termios {
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else {
            throw EndToEndFailure("tcgetattr: \(String(cString: strerror(errno)))")
        }
        return modes
    }
}

extension termios {
    /// The flags a full-screen program changes and must put back, as `stty` words: `icanon echo isig icrnl ixon opost`,
    /// each with `-` when off.
    var restorableFlags: [String] {
        let local: [(String, tcflag_t)] = [
            ("icanon", tcflag_t(ICANON)), ("echo", tcflag_t(ECHO)), ("isig", tcflag_t(ISIG)),
            ("iexten", tcflag_t(IEXTEN)),
        ]
        let input: [(String, tcflag_t)] = [("icrnl", tcflag_t(ICRNL)), ("ixon", tcflag_t(IXON))]
        let output: [(String, tcflag_t)] = [("opost", tcflag_t(OPOST))]
        func words(_ flags: [(String, tcflag_t)], _ value: tcflag_t) -> [String] {
            flags.map { value & $0.1 != 0 ? $0.0 : "-" + $0.0 }
        }
        return words(local, c_lflag) + words(input, c_iflag) + words(output, c_oflag)
    }
}
