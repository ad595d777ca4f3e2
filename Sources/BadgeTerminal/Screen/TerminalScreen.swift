import BadgeKit
import CNCursesW
import Glibc

/// The terminal, run through ncurses: set up, draw canvases, read events, restore.
///
/// Make one, draw frames with ``draw(_:)``, wait with ``wait(timeoutMilliseconds:)``,
/// read what arrived with ``nextEvent()``, and call ``close()`` on every way out.
/// Only changed cells are handed to ncurses, and one `doupdate` ends each frame.
public final class TerminalScreen {
    /// How to set the terminal up.
    public struct Configuration: Sendable {
        /// Whether to use colour.
        public var colorMode: ColorMode
        /// How long Esc waits for the rest of an escape sequence, in milliseconds, unless ESCDELAY is set.
        public var escapeDelayMilliseconds: Int32
        /// Whether to ask for mouse reports.
        public var enablesMouse: Bool
        /// Whether keys come from `/dev/tty` rather than standard input (which then carries data).
        public var readsKeysFromTTY: Bool

        /// Creates a configuration.
        public init(
            colorMode: ColorMode = .auto, escapeDelayMilliseconds: Int32 = 25, enablesMouse: Bool = true,
            readsKeysFromTTY: Bool = false
        ) {
            self.readsKeysFromTTY = readsKeysFromTTY
            self.colorMode = colorMode
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.enablesMouse = enablesMouse
        }
    }

    /// What ended a wait.
    public enum WaitResult: Sendable, Equatable {
        /// Input is ready to read.
        case input
        /// A signal arrived.
        case signal
        /// The timeout passed.
        case timeout
        /// The terminal went away (hang-up, closed or invalid descriptor).
        case hangup
    }

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var pairs: ColorPairs
    private var shown: Canvas?
    private var cursorVisible: Int32 = -1
    private var isClosed = false
    /// Whether a frame is being painted again after the colour pairs ran out, so it happens only once.
    private var isRepainting = false
    /// The buffer the recording pipe is read through, reused frame after frame.
    private var forwardBuffer = [UInt8](repeating: 0, count: 65_536)
    private let inputDescriptor: Int32
    /// The terminal's output: standard output, or a copy of it while ncurses writes into the recording pipe.
    private var outputDescriptor: Int32 = 1
    /// The read end of the pipe ncurses writes into while recording, or -1.
    private var recordingPipe: Int32 = -1
    /// The write end of that pipe, which standard output points at while recording, or -1.
    private var recordingWriter: Int32 = -1
    private var recorder: SessionRecorder?
    /// The clock recorded events are timed on, started with the recording.
    private var recordingClock = MonotonicClock()
    private let inputFile: UnsafeMutablePointer<FILE>?

    /// How many colours are in use.
    public let colorDepth: ColorDepth
    /// The screen's width in columns.
    public private(set) var columns: Int
    /// The screen's height in rows.
    public private(set) var rows: Int

    /// Checks the environment, then starts ncurses on standard input and output.
    ///
    /// Wraps `setlocale`, `newterm`, `raw`, `noecho`, `keypad`, `nodelay`,
    /// `start_color`, `use_default_colors`, `mousemask`, `mouseinterval` and
    /// `set_escdelay`. Call ``SignalRelay/install()`` first.
    ///
    /// - Parameters:
    ///   - configuration: Colour, Esc delay, mouse, and where keys come from.
    ///   - recorder: Where to record everything written to the terminal, if anywhere.
    /// - Throws: ``TerminalError`` naming what is wrong: no terminal on
    ///   standard input or output, TERM unset, `dumb` or unknown.
    public init(configuration: Configuration = Configuration(), recorder: SessionRecorder? = nil) throws(TerminalError)
    {
        TerminalLocale.adopt()
        guard isatty(1) == 1 else { throw .outputNotATerminal }
        let termVariable = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !termVariable.isEmpty else { throw .terminalTypeUnset }
        guard termVariable != "dumb" else { throw .terminalTypeUnusable(termVariable) }
        var keyboard = cnc_stdin()
        var ownedKeyboard: UnsafeMutablePointer<FILE>?
        if configuration.readsKeysFromTTY {
            guard let tty = fopen("/dev/tty", "r") else { throw .noTerminalForKeys }
            keyboard = tty
            ownedKeyboard = tty
        }
        let keyboardDescriptor = fileno(keyboard)
        guard isatty(keyboardDescriptor) == 1 else {
            if let ownedKeyboard { fclose(ownedKeyboard) }
            throw .inputNotATerminal
        }
        var savedModes = termios()
        tcgetattr(keyboardDescriptor, &savedModes)
        guard let screen = newterm(nil, cnc_stdout(), keyboard) else {
            if let ownedKeyboard { fclose(ownedKeyboard) }
            throw .cannotStart(termVariable)
        }
        guard cnc_has_string_capability("cup") != 0, let window = cnc_stdscr() else {
            endwin()
            delscreen(screen)
            if let ownedKeyboard { fclose(ownedKeyboard) }
            throw .terminalTypeUnusable(termVariable)
        }
        self.screen = screen
        self.window = window
        self.inputDescriptor = keyboardDescriptor
        self.inputFile = ownedKeyboard

        raw()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        nodelay(window, true)
        // The run loop reads input itself; ncurses need not check for it while it writes a frame.
        typeahead(-1)
        if getenv("ESCDELAY") == nil {
            set_escdelay(configuration.escapeDelayMilliseconds)
        }

        let noColor = getenv("NO_COLOR").map { String(cString: $0) }
        var depth = ColorDepth.monochrome
        if has_colors(), configuration.colorMode.wantsColor(noColorVariable: noColor) {
            start_color()
            use_default_colors()
            let colorTerm = getenv("COLORTERM").map { String(cString: $0) }
            depth = ColorDepth.detect(
                colorCount: Int(cnc_colors()), terminfoHasRGB: tigetflag("RGB") > 0, colorTermVariable: colorTerm)
        }
        colorDepth = depth
        pairs = ColorPairs(depth: depth)

        if configuration.enablesMouse {
            mouseinterval(0)
            mousemask(CNC_ALL_MOUSE_EVENTS, nil)
        }
        columns = Int(cnc_window_columns(window))
        rows = Int(cnc_window_rows(window))
        setCursorVisibility(0)
        CrashGuard.install(resetSequence: Self.resetSequence(), savedModes: savedModes, descriptor: keyboardDescriptor)
        if let recorder {
            do {
                try startRecording(into: recorder)
            } catch {
                close()
                throw error
            }
        }
    }

    /// Starts recording: ncurses writes into a pipe whose bytes go on to the terminal and into the recording.
    ///
    /// Wraps `dup`, `pipe`, `fcntl(F_SETPIPE_SZ)` and `dup2`. The terminal's own
    /// descriptor is kept aside, and put back under standard output whenever
    /// ncurses must change the terminal's modes (suspend, exit).
    private func startRecording(into recorder: SessionRecorder) throws(TerminalError) {
        let terminal = dup(1)
        guard terminal >= 0 else { throw .systemCall(name: "dup", errorNumber: errno) }
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            let failure = errno
            Glibc.close(terminal)
            throw .systemCall(name: "pipe", errorNumber: failure)
        }
        _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
        // Room for a whole frame of a large screen, so a frame never blocks on the pipe
        // (1031 is Linux's F_SETPIPE_SZ, which Glibc's module does not export).
        guard fcntl(descriptors[1], 1031, 1 << 20) >= 1 << 20 else {
            let failure = errno
            Glibc.close(terminal)
            Glibc.close(descriptors[0])
            Glibc.close(descriptors[1])
            throw .systemCall(name: "fcntl(F_SETPIPE_SZ)", errorNumber: failure)
        }
        outputDescriptor = terminal
        recordingPipe = descriptors[0]
        recordingWriter = descriptors[1]
        self.recorder = recorder
        recordingClock = MonotonicClock()
        recorder.recordResize(columns: columns, rows: rows, at: recordingClock.now)
        resumeRecording()
        CrashGuard.setOutputDescriptor(terminal)
    }

    /// Moves what ncurses wrote into the recording pipe on to the terminal and into the recording (wraps `read`, `write`).
    private func forwardRecordedOutput() {
        guard recordingPipe >= 0, let recorder else { return }
        while true {
            let count = read(recordingPipe, &forwardBuffer, forwardBuffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let written = forwardBuffer[offset..<count].withUnsafeBytes {
                    write(outputDescriptor, $0.baseAddress, $0.count)
                }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            recorder.recordOutput(Array(forwardBuffer[0..<count]), at: recordingClock.now)
        }
        recorder.writePending()
    }

    /// Puts the terminal back under standard output, so ncurses can change its modes (wraps `dup2`).
    private func pauseRecording() {
        guard recordingPipe >= 0 else { return }
        forwardRecordedOutput()
        dup2(outputDescriptor, 1)
    }

    /// Points standard output at the recording pipe (wraps `dup2`).
    private func resumeRecording() {
        guard recordingWriter >= 0 else { return }
        dup2(recordingWriter, 1)
    }

    /// The bytes that put this terminal back as it was, for the crash handler to write without ncurses.
    ///
    /// A CAN first ends any escape sequence a crash cut short, then the terminfo
    /// strings for resetting attributes, showing the cursor, leaving keypad mode
    /// and the alternate screen, and the xterm sequences that stop mouse reports.
    private static func resetSequence() -> [UInt8] {
        var bytes: [UInt8] = [0x18]
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] where cnc_has_string_capability(capability) != 0 {
            if let value = tigetstr(capability) {
                bytes += Array(String(cString: value).utf8)
            }
        }
        for mode in ["1000", "1002", "1003", "1006", "1015"] {
            bytes += Array("\u{1B}[?\(mode)l".utf8)
        }
        return bytes
    }

    deinit {
        close()
    }

    /// Restores the terminal: normal screen, cursor shown, mouse reporting off, modes as before (wraps `endwin`, `delscreen`).
    ///
    /// Safe to call more than once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        pauseRecording()
        if cursorVisible != 1 {
            curs_set(1)
        }
        mousemask(0, nil)
        endwin()
        delscreen(screen)
        if let inputFile {
            fclose(inputFile)
        }
        if recordingPipe >= 0 {
            Glibc.close(recordingPipe)
            Glibc.close(recordingWriter)
            Glibc.close(outputDescriptor)
            recordingPipe = -1
            recordingWriter = -1
            outputDescriptor = 1
            recorder = nil
        }
        CrashGuard.uninstall()
    }

    /// Shows a canvas: hands ncurses the cells that changed since the last frame, then one `doupdate`.
    ///
    /// Wraps `setcchar`, `mvwadd_wch`, `wmove`, `curs_set`, `wnoutrefresh` and `doupdate`.
    public func draw(_ canvas: Canvas) {
        if pairs.didRecycle {
            pairs.didRecycle = false
            shown = nil
        }
        var glyph: [wchar_t] = [0, 0]
        var changed = false
        canvas.forEachChangedRun(from: shown) { run in
            changed = true
            var column = run.columns.lowerBound
            while column < run.columns.upperBound {
                let cell = canvas[column, run.row]
                if cell.isContinuation {
                    column += 1
                    continue
                }
                glyph[0] = wchar_t(bitPattern: cell.glyph.value)
                let (attributes, pair) = ncursesStyle(cell.style)
                _ = cnc_put_glyph(window, Int32(run.row), Int32(column), glyph, attributes, pair)
                column += Int(max(cell.columnWidth, 1))
            }
        }
        if pairs.didRecycle && !isRepainting {
            // Pairs ran out part-way: paint the whole frame once more with the new numbering.
            pairs.didRecycle = false
            shown = nil
            isRepainting = true
            draw(canvas)
            isRepainting = false
            return
        }
        let cursorMoved = canvas.cursor?.column != shown?.cursor?.column || canvas.cursor?.row != shown?.cursor?.row
        guard changed || cursorMoved || shown == nil else {
            // Nothing to show: no ncurses call, no write, no input checks.
            return
        }
        if let cursor = canvas.cursor, canvas.contains(column: cursor.column, row: cursor.row) {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            setCursorVisibility(1)
        } else {
            setCursorVisibility(0)
        }
        if shown?.columns == canvas.columns && shown?.rows == canvas.rows {
            shown?.replaceCells(with: canvas)
        } else {
            shown = canvas
        }
        wnoutrefresh(window)
        doupdate()
        forwardRecordedOutput()
    }

    /// Forgets what is on the screen so the next frame repaints every cell (wraps `clearok`).
    public func invalidate() {
        shown = nil
        clearok(window, true)
    }

    /// Waits for input, a signal, data on another descriptor, or a timeout (wraps `poll`).
    ///
    /// - Parameters:
    ///   - timeoutMilliseconds: How long to wait; `nil` waits with no timeout, so an idle program sleeps.
    ///   - otherDescriptor: Another descriptor to wake for, such as live counts; negative for none.
    public func wait(timeoutMilliseconds: Int32?, otherDescriptor: Int32 = -1) -> WaitResult {
        var descriptors = [
            pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalRelay.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: otherDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        // poll skips negative descriptors.
        let result = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds ?? -1)
        if result < 0 {
            return errno == EINTR ? .signal : .hangup
        }
        if result == 0 { return .timeout }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            return .hangup
        }
        if descriptors[1].revents != 0 {
            SignalRelay.drainWakeups()
            if descriptors[0].revents & Int16(POLLIN) == 0 { return .signal }
        }
        return .input
    }

    /// The next event that has arrived, or `nil` when none is waiting (wraps `wgetch`, `getmouse`, `resizeterm`).
    ///
    /// ncurses turns the key sequences terminfo knows and mouse reports into
    /// codes; everything else arrives byte by byte and is decoded here: UTF-8 is
    /// assembled into characters (invalid bytes are dropped), and an escape
    /// sequence ncurses did not know is read to its end and dropped, unless it is
    /// an arrow key in the other cursor-key mode.
    public func nextEvent() -> InputEvent? {
        if SignalRelay.takeResize() {
            // resizeterm queues KEY_RESIZE when the size changed, which is read below.
            adoptKernelSize()
        }
        while let code = readCode(waitingMilliseconds: 0) {
            switch code {
            case KEY_RESIZE:
                return updateSize()
            case KEY_MOUSE:
                var report = MEVENT()
                guard getmouse(&report) == OK else { continue }
                return .mouse(KeyDecoder.mouseEvent(for: report))
            case 256...:
                return .key(KeyDecoder.key(forCode: code))
            case 27:
                if let event = escapeSequence() {
                    return event
                }
            case 0..<0x80:
                return KeyDecoder.event(forCharacter: wint_t(code))
            default:
                if let scalar = utf8Scalar(lead: UInt8(code)) {
                    return KeyDecoder.event(forCharacter: wint_t(scalar.value))
                }
            }
        }
        return nil
    }

    /// How long to wait for the rest of an escape sequence or character, in milliseconds.
    private static let sequenceWaitMilliseconds: Int32 = 100

    /// Reads one byte or key code, waiting a little for it if none is ready (wraps `wgetch` and `poll`).
    ///
    /// - Returns: A byte (0–255), a key code (256 and up), or `nil` when nothing arrived.
    private func readCode(waitingMilliseconds wait: Int32) -> Int32? {
        var code = wgetch(window)
        if code == ERR && wait > 0 {
            var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, wait) > 0 {
                code = wgetch(window)
            }
        }
        return code == ERR ? nil : code
    }

    /// Assembles a UTF-8 character from its lead byte and the continuation bytes after it; `nil` if invalid.
    private func utf8Scalar(lead: UInt8) -> Unicode.Scalar? {
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        var bytes = [lead]
        while bytes.count < length {
            guard let next = readCode(waitingMilliseconds: Self.sequenceWaitMilliseconds) else { return nil }
            guard (0x80...0xBF).contains(next) else {
                // Not a continuation byte: the character is invalid, and what came after it is read next.
                ungetch(next)
                return nil
            }
            bytes.append(UInt8(next))
        }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return scalar
        }
        return nil
    }

    /// Decides what an ESC that ncurses returned means: the Escape key, an arrow key, or the start of garbage.
    ///
    /// ncurses returns ESC on its own when the Escape key was pressed, and also
    /// when the bytes after it form no key it knows (an unknown CSI sequence, a
    /// mouse report in the other protocol, a focus event, a paste). In the second
    /// case the rest is already waiting: it is read to its end and dropped, so
    /// none of its bytes act as keys.
    ///
    /// - Returns: The event, or `nil` when the sequence was dropped.
    private func escapeSequence() -> InputEvent? {
        guard let next = readCode(waitingMilliseconds: 0) else {
            return .key(.escape)
        }
        switch next {
        case 256...:
            // ESC and a key in one read is Alt with that key (such as Alt-Backspace), which means nothing here.
            return nil
        case 0x5B:  // "[": a control sequence
            return controlSequence()
        case 0x4F:  // "O": SS3 and one more character
            let final = readCode(waitingMilliseconds: Self.sequenceWaitMilliseconds)
            return final.flatMap(Self.cursorKey).map(InputEvent.key)
        case 0x5D, 0x50, 0x5F, 0x5E:  // "]", "P", "_", "^": a string sequence
            skipStringSequence()
            return nil
        default:
            // ESC and a byte (Alt+key, a second ESC, or garbage): dropped together.
            return nil
        }
    }

    /// The arrow key a cursor-key final byte stands for (`A` to `D`).
    private static func cursorKey(_ final: Int32) -> Key? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        default: return nil
        }
    }

    /// Reads a control sequence to its final byte; an arrow key is returned, an X10 mouse report or a paste skipped whole.
    private func controlSequence() -> InputEvent? {
        var parameters: [Int32] = []
        while parameters.count < 64 {
            guard let next = readCode(waitingMilliseconds: Self.sequenceWaitMilliseconds), next < 256 else {
                return nil
            }
            guard (0x40...0x7E).contains(next) else {
                parameters.append(next)
                continue
            }
            if next == 0x4D && parameters.isEmpty {
                // "\e[M" and three raw bytes: a mouse report in the X10 protocol.
                for _ in 0..<3 {
                    _ = readCode(waitingMilliseconds: Self.sequenceWaitMilliseconds)
                }
            } else if next == 0x7E && parameters == [0x32, 0x30, 0x30] {
                skipPaste()
            } else if parameters.isEmpty, let key = Self.cursorKey(next) {
                // Arrows in normal cursor-key mode, which terminfo's keypad entries do not list.
                return .key(key)
            }
            return nil
        }
        return nil
    }

    /// Reads a string sequence (OSC, DCS, APC, PM) to its BEL or ST terminator.
    private func skipStringSequence() {
        var previous: Int32 = 0
        for _ in 0..<4096 {
            guard let next = readCode(waitingMilliseconds: Self.sequenceWaitMilliseconds) else { return }
            if next == 7 || (previous == 27 && next == 0x5C) { return }
            previous = next
        }
    }

    /// Drops a bracketed paste up to its closing `ESC [ 2 0 1 ~`, so pasted text never acts as keys.
    private func skipPaste() {
        let terminator: [Int32] = [27, 0x5B, 0x32, 0x30, 0x31, 0x7E]
        var matched = 0
        for _ in 0..<1_000_000 {
            guard let next = readCode(waitingMilliseconds: Self.sequenceWaitMilliseconds) else { return }
            matched = next == terminator[matched] ? matched + 1 : (next == 27 ? 1 : 0)
            if matched == terminator.count { return }
        }
    }

    /// Stops the program as Ctrl-Z would, and repaints when it continues (wraps `endwin`, `raise(SIGTSTP)`).
    public func suspend() {
        pauseRecording()
        endwin()
        var previous = sigaction()
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(SIGTSTP, &standard, &previous)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
        resumeRecording()
        adoptKernelSize()
        invalidate()
    }

    /// Tells ncurses the size the kernel reports for the terminal (wraps `ioctl(TIOCGWINSZ)` and `resizeterm`).
    ///
    /// When the size changed, ncurses queues KEY_RESIZE, which ``nextEvent()`` turns into a resize event.
    private func adoptKernelSize() {
        var newRows: Int32 = 0
        var newColumns: Int32 = 0
        if cnc_terminal_size(outputDescriptor, &newRows, &newColumns) == 0, newRows > 0, newColumns > 0 {
            resizeterm(newRows, newColumns)
        }
    }

    private func updateSize() -> InputEvent {
        columns = Int(cnc_window_columns(window))
        rows = Int(cnc_window_rows(window))
        recorder?.recordResize(columns: columns, rows: rows, at: recordingClock.now)
        return .resize(columns: columns, rows: rows)
    }

    private func setCursorVisibility(_ visibility: Int32) {
        guard cursorVisible != visibility else { return }
        cursorVisible = visibility
        curs_set(visibility)
    }

    /// The ncurses attributes and colour pair for a cell style.
    private func ncursesStyle(_ style: CellStyle) -> (attr_t, Int32) {
        var attributes = CNC_A_NORMAL
        if style.attributes.contains(.bold) { attributes |= CNC_A_BOLD }
        if style.attributes.contains(.dim) { attributes |= CNC_A_DIM }
        if style.attributes.contains(.underline) { attributes |= CNC_A_UNDERLINE }
        var reverse = style.attributes.contains(.reverse)
        if colorDepth == .monochrome, style.background != .default {
            // Without colour, a coloured background reads as reverse video.
            reverse.toggle()
        }
        if reverse { attributes |= CNC_A_REVERSE }
        let pair = pairs.pair(foreground: style.foreground, background: style.background)
        return (attributes, pair)
    }
}
