import BadgeTerminal
import CNCursesW
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal for running the terminal layer in process: the test plays the terminal emulator on the master side.
///
/// A reader thread collects everything written to the terminal unless
/// ``isReading`` is off, which stands for a terminal that stopped reading.
final class PseudoTerminal: Sendable {
    /// The emulator's side.
    let master: Int32
    /// The program's side, handed to ``LiveTerminal``.
    let slave: SystemDescriptor
    private let state = Mutex(State())
    private let done = Atomic<Bool>(false)
    private let hungUp = Atomic<Bool>(false)

    private struct State {
        var output: [UInt8] = []
        var isReading = true
    }

    /// Opens a pseudo-terminal of a size (wraps `posix_openpt`, `grantpt`, `unlockpt`, `ptsname`, `open`).
    init(columns: Int = 80, rows: Int = 24) throws {
        master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw SystemError(call: "posix_openpt", errorNumber: errno)
        }
        slave = try SystemDescriptor.open(String(cString: name), O_RDWR | O_NOCTTY)
        resize(columns: columns, rows: rows)
        let master = master
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !done.load(ordering: .sequentiallyConsistent) {
                guard state.withLock({ $0.isReading }) else {
                    usleep(5_000)
                    continue
                }
                var polled = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&polled, 1, 20) > 0 else { continue }
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else {
                    usleep(5_000)
                    continue
                }
                state.withLock { $0.output += buffer[0..<count] }
            }
        }
        thread.start()
    }

    /// Stops the reader and closes both sides.
    func close() {
        done.store(true, ordering: .sequentiallyConsistent)
        usleep(40_000)
        slave.close()
        if !hungUp.exchange(true, ordering: .sequentiallyConsistent) {
            Glibc.close(master)
        }
    }

    /// Closes the emulator's side, as when a terminal window is closed: the program's side hangs up.
    func hangUp() {
        done.store(true, ordering: .sequentiallyConsistent)
        usleep(40_000)
        if !hungUp.exchange(true, ordering: .sequentiallyConsistent) {
            Glibc.close(master)
        }
    }

    /// Whether the emulator reads what the program writes; off, the kernel's buffer fills and writes stop.
    var isReading: Bool {
        get { state.withLock { $0.isReading } }
        set { state.withLock { $0.isReading = newValue } }
    }

    /// Everything read so far, as text (invalid UTF-8 replaced).
    var text: String {
        state.withLock { String(decoding: $0.output, as: UTF8.self) }
    }

    /// Everything read so far.
    var bytes: [UInt8] {
        state.withLock { $0.output }
    }

    /// Types bytes, as keys.
    func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Sets the size, as an emulator does when its window changes (the program learns it from SIGWINCH).
    func resize(columns: Int, rows: Int) {
        _ = cnc_set_terminal_size(master, Int32(rows), Int32(columns))
    }

    /// The terminal's `icanon` and `echo` modes, as seen from the program's side.
    var isCooked: Bool {
        var modes = termios()
        tcgetattr(slave.rawValue, &modes)
        return modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Waits until what was written contains a text, polling, for at most some seconds.
    @discardableResult
    func waitFor(_ needle: String, seconds: Double = 5) -> Bool {
        let clock = MonotonicClock()
        while clock.now < seconds {
            if text.contains(needle) { return true }
            usleep(10_000)
        }
        return text.contains(needle)
    }
}
