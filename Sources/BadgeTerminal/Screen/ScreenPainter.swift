import BadgeKit
import CNCursesW

/// Turns canvases into the bytes that update the terminal, with ncurses doing the work of finding the shortest.
///
/// ncurses writes into an anonymous file in memory rather than to the terminal:
/// the painter reads each frame's bytes back and hands them to the caller, who
/// queues them for the terminal. So ncurses never blocks on a terminal that
/// stops reading, and never touches the terminal's modes, which
/// ``TerminalSession`` owns. Only the cells that changed since the last frame
/// are handed to ncurses, and one `doupdate` ends each frame.
final class ScreenPainter {
    /// How many colours are in use.
    let colorDepth: ColorDepth
    /// The size ncurses draws at.
    private(set) var size: TerminalSize

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    /// The in-memory file ncurses writes into, and the stream ncurses was given for it.
    private let frameFile: SystemDescriptor
    private let frameStream: UnsafeMutablePointer<FILE>
    private let keyboardStream: UnsafeMutablePointer<FILE>
    private var pairs: ColorPairs
    /// What ncurses was last handed, or `nil` when it must all be handed again (the first frame, after a resize,
    /// a Ctrl-L or a return from the shell).
    private var shown: Canvas?
    /// Where the frame being written starts in the in-memory file: frames follow one another in it, and it is
    /// emptied only once it holds ``frameFileLimit`` bytes, so a frame costs no page of memory taken and given back.
    private var frameStart = 0
    private var cursorVisible: Int32 = -1
    /// Whether a frame is being painted again after the colour pairs ran out, so it happens only once.
    private var isRepainting = false
    private var frameBytes: [UInt8] = []
    private var isClosed = false

    /// Starts ncurses for a terminal type at a size, writing into memory.
    ///
    /// Wraps `newterm`, `start_color`, `use_default_colors`, `tigetflag` and
    /// `resizeterm`. ncurses takes the size from LINES and COLUMNS when it cannot
    /// ask the terminal, so they are set to the real size while it starts and put
    /// back after, and its first bytes (scroll region and all) fit the screen.
    /// The in-memory file and the `/dev/null` ncurses is given as its keyboard
    /// are opened close-on-exec, so no program started later inherits them.
    ///
    /// - Parameters:
    ///   - terminalType: The value of TERM.
    ///   - size: The terminal's size.
    ///   - colorMode: Whether colour is wanted.
    ///   - environment: Looks up NO_COLOR and COLORTERM.
    init(
        terminalType: String, size: TerminalSize, colorMode: ColorMode, environment: (String) -> String?
    ) throws(TerminalError) {
        let fileDescriptor = cnc_anonymous_file()
        guard fileDescriptor >= 0 else {
            throw .system(SystemError(call: "memfd_create", errorNumber: Platform.errorNumber))
        }
        frameFile = SystemDescriptor(rawValue: fileDescriptor)
        guard let stream = fdopen(fileDescriptor, "w") else {
            let error = Platform.errorNumber
            frameFile.close()
            throw .system(SystemError(call: "fdopen", errorNumber: error))
        }
        guard let keyboard = cnc_open_empty_input() else {
            let error = Platform.errorNumber
            fclose(stream)
            throw .system(SystemError(call: "fopen", errorNumber: error))
        }
        frameStream = stream
        keyboardStream = keyboard
        let started = Self.withScreenSize(size) { newterm(terminalType, stream, keyboard) }
        guard let started else {
            fclose(stream)
            fclose(keyboard)
            throw .cannotStart(terminalType)
        }
        guard cnc_has_string_capability("cup") != 0, let window = cnc_stdscr() else {
            endwin()
            delscreen(started)
            fclose(stream)
            fclose(keyboard)
            throw .terminalTypeUnusable(terminalType)
        }
        screen = started
        self.window = window
        // Input is read by the program, never by ncurses.
        typeahead(-1)
        nonl()
        leaveok(window, false)

        var depth = ColorDepth.monochrome
        if has_colors(), colorMode.wantsColor(noColorVariable: environment("NO_COLOR")) {
            start_color()
            use_default_colors()
            depth = ColorDepth.detect(
                colorCount: Int(cnc_colors()), terminfoHasRGB: tigetflag("RGB") > 0,
                colorTermVariable: environment("COLORTERM"))
        }
        colorDepth = depth
        pairs = ColorPairs(depth: depth)
        self.size = size
        if TerminalSize(columns: Int(cnc_window_columns(window)), rows: Int(cnc_window_rows(window))) != size {
            resizeterm(Int32(size.rows), Int32(size.columns))
        }
    }

    /// The descriptors the painter holds open: the in-memory file and the empty keyboard (wraps `fileno`).
    var descriptors: [Int32] {
        [fileno(frameStream), fileno(keyboardStream)]
    }

    /// Runs a body with LINES and COLUMNS set to a size, then puts them back (wraps `setenv`, `unsetenv`).
    private static func withScreenSize<Result>(_ size: TerminalSize, _ body: () -> Result) -> Result {
        let names = ["LINES", "COLUMNS"]
        let saved: [(String, String?)] = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        setenv("LINES", String(size.rows), 1)
        setenv("COLUMNS", String(size.columns), 1)
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        return body()
    }

    deinit {
        close()
    }

    /// Ends ncurses and frees its screen (wraps `delscreen`); call ``leave(into:)`` first to get the bytes that restore the terminal.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        delscreen(screen)
        fclose(frameStream)
        fclose(keyboardStream)
    }

    /// The bytes that leave ncurses' screen: cursor shown, attributes reset, alternate screen left (wraps `endwin`).
    ///
    /// After it, the next ``paint(_:into:)`` enters the screen again and paints every cell.
    func leave(into output: (UnsafeRawBufferPointer) -> Void) {
        if cursorVisible == 0 {
            curs_set(1)
        }
        cursorVisible = -1
        endwin()
        shown = nil
        collectFrame(into: output)
    }

    /// The bytes that enter ncurses' screen: the alternate screen, cleared (wraps `doupdate`).
    ///
    /// ncurses sends them with its first update, and again with the first update after ``leave(into:)``.
    func enter(into output: (UnsafeRawBufferPointer) -> Void) {
        doupdate()
        collectFrame(into: output)
    }

    /// How much the in-memory file holds before it is emptied.
    static let frameFileLimit = 16_384

    /// Forgets what is on the screen, so the next frame repaints every cell (wraps `clearok`).
    func invalidate() {
        shown = nil
        clearok(window, true)
    }

    /// Changes the size ncurses draws at (wraps `resizeterm`), shrinking before growing, and gives back what the old
    /// size took.
    ///
    /// Growing one side while the other is still large would make ncurses hold
    /// the product of both for a moment (1×5000 to 5000×1 passes 5000×5000), so
    /// both sides shrink first, then grow.
    func resize(to newSize: TerminalSize) {
        guard newSize != size else { return }
        let smaller = TerminalSize(
            columns: min(size.columns, newSize.columns), rows: min(size.rows, newSize.rows))
        if smaller != size && smaller != newSize {
            resizeterm(Int32(smaller.rows), Int32(smaller.columns))
        }
        resizeterm(Int32(newSize.rows), Int32(newSize.columns))
        size = newSize
        invalidate()
        // The old size's screens are gone: their memory goes back, so the resident set is what this size needs.
        Platform.returnFreedMemory()
    }

    /// Paints a canvas: hands ncurses the cells that changed since the last frame, then one `doupdate`.
    ///
    /// Wraps `werase`, `setcchar`, `mvwadd_wch`, `wmove`, `curs_set`, `wnoutrefresh`
    /// and `doupdate`. A frame that changes nothing makes no ncurses call and no bytes.
    /// A frame painted whole (the first, or after a resize or ``invalidate()``) blanks
    /// ncurses' screen in one call and hands it only the rows drawn into, so its cost
    /// grows with what is on the screen rather than with the screen's size.
    ///
    /// - Parameters:
    ///   - canvas: The frame, the painter's size.
    ///   - output: Receives the bytes ncurses wrote, if any.
    func paint(_ canvas: Canvas, into output: (UnsafeRawBufferPointer) -> Void) {
        if pairs.didRecycle {
            pairs.didRecycle = false
            shown = nil
        }
        var isWhole = false
        if shown?.columns != canvas.columns || shown?.rows != canvas.rows {
            werase(window)
            shown = Canvas(columns: canvas.columns, rows: canvas.rows)
            isWhole = true
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
            paint(canvas, into: output)
            isRepainting = false
            return
        }
        let cursorMoved = canvas.cursor?.column != shown?.cursor?.column || canvas.cursor?.row != shown?.cursor?.row
        guard changed || cursorMoved || isWhole else { return }
        if let cursor = canvas.cursor, canvas.contains(column: cursor.column, row: cursor.row) {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            setCursorVisibility(1)
        } else {
            setCursorVisibility(0)
        }
        shown?.replaceCells(with: canvas)
        wnoutrefresh(window)
        doupdate()
        collectFrame(into: output)
    }

    /// Reads back what ncurses wrote into the in-memory file since the last frame (wraps `fflush`, `pread` and,
    /// once the file holds ``frameFileLimit`` bytes, `ftruncate`).
    private func collectFrame(into output: (UnsafeRawBufferPointer) -> Void) {
        fflush(frameStream)
        guard let end = try? frameFile.seek(toOffset: 0, from: SEEK_CUR), end > frameStart else { return }
        let length = end - frameStart
        if frameBytes.count < length {
            frameBytes = [UInt8](repeating: 0, count: length)
        }
        let read = frameBytes.withUnsafeMutableBytes { buffer in
            pread(frameFile.rawValue, buffer.baseAddress, length, off_t(frameStart))
        }
        frameStart = end
        if end >= Self.frameFileLimit {
            _ = try? frameFile.truncate(toLength: 0)
            _ = try? frameFile.seek(toOffset: 0)
            frameStart = 0
        }
        guard read > 0 else { return }
        frameBytes.withUnsafeBytes { output(UnsafeRawBufferPointer(rebasing: $0[0..<read])) }
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
