/// How a board is drawn on the full screen: the toolbar, a hint, the status line and the help overlay, or a
/// sentence saying the screen is too small.
///
/// ``BadgeBoard/render(into:at:appearance:)`` draws a board through it, for the full-screen view (BadgeTerminal's
/// `FullScreenView`); line mode and the status bars show the same board other ways.
struct BoardRendering: Sendable {
    /// The board it shows.
    let board: BadgeBoard

    /// The row of the buttons; badges use the row above (or below, for a bottom corner), the focus line the row below.
    static let buttonRow = 2
    /// The fewest rows the screen needs: padding, badges, buttons, focus line and status line.
    static let minimumRows = 5

    /// The hint for each number of buttons, made once rather than every frame.
    private static let hints: [String] = (0...9).map { count in
        let keys = count > 1 ? "1-\(count)" : "1"
        return "Click an icon or press \(keys) to clear its badge."
    }

    /// The status line's right part for each combination of modes, with `·` and with its ASCII stand-in `|`
    /// between the parts, made once rather than every frame.
    private static let modeTexts: [[String]] = ["\u{00B7}", "|"].map { separator in
        (0..<4).map { modes in
            var parts: [String] = []
            if modes & 1 != 0 { parts.append("auto-play") }
            if modes & 2 != 0 { parts.append("reduce motion") }
            return (parts + ["? help", "q quit"]).joined(separator: " \(separator) ")
        }
    }

    /// The hint shown below the toolbar.
    var hint: String {
        Self.hints[min(board.toolbar.buttons.count, 9)]
    }

    /// The status line's left part: a notice while one shows, else the focused button's title and real count,
    /// and why the count may be out of date if it may: `Mail: 5 unread (stale: failed, exit 1)`.
    var statusText: String {
        if let notice = board.notice { return notice.text }
        guard board.toolbar.buttons.indices.contains(board.toolbar.focusedIndex) else { return "" }
        let text = SpokenText.describe(board.toolbar.buttons[board.toolbar.focusedIndex])
        guard let reason = board.toolbar.staleReasons[board.toolbar.focusedIndex] else { return text }
        return text + " (stale: \(reason))"
    }

    /// The status line's right part: the modes in force and the keys to remember, separated by `·`,
    /// or by `|` where the appearance calls for ASCII (the C locale, or ASCII icons).
    func modeText(appearance: ToolbarAppearance) -> String {
        let ascii = appearance.glyph("\u{00B7}", orASCII: "|") == "|"
        return Self.modeTexts[ascii ? 1 : 0][(board.autoPlay.isRunning ? 1 : 0) + (board.toolbar.reduceMotion ? 2 : 0)]
    }

    /// The sentence shown when the screen cannot hold the toolbar, such as `Too small: need 33×5`.
    ///
    /// Where it does not fit whole, a shorter form that still reads takes its place (``tooSmallMessages(needing:appearance:)``).
    func tooSmallMessage(needing columns: Int, appearance: ToolbarAppearance) -> String {
        tooSmallMessages(needing: columns, appearance: appearance)[0]
    }

    /// The forms of the too-small message, longest first, each one whole: `Too small: need 33×5`, `Need 33×5`, `33×5`.
    ///
    /// The screen shows the first that fits, wrapped at spaces; never a sentence
    /// cut short, which at a few columns would read as nonsense (`Too / small: / need`).
    func tooSmallMessages(needing columns: Int, appearance: ToolbarAppearance) -> [String] {
        let size = "\(columns)\(appearance.glyph("\u{00D7}", orASCII: "x"))\(Self.minimumRows)"
        return ["Too small: need \(size)", "Need \(size)", size]
    }

    /// Draws the whole screen as it looks at an instant.
    ///
    /// The cursor rests, in every frame, at the start of the status line, where the
    /// focused button is spoken ("Notifications: 96 unread"), so screen readers,
    /// braille displays and magnifiers follow the focus without the cursor ever
    /// sitting on a bracket or moving with an animation.
    ///
    /// - Parameters:
    ///   - canvas: The canvas to draw into, the size of the screen; it is cleared first.
    ///   - time: The instant, in seconds on the clock.
    ///   - appearance: Glyph widths, icon style and background colour.
    /// - Returns: The toolbar's layout as drawn, or `nil` when the screen is too small to hold it.
    @discardableResult
    func render(into canvas: inout Canvas, at time: Double, appearance: ToolbarAppearance) -> ToolbarLayout? {
        canvas.clear()
        let layout = board.toolbar.layout(screenColumns: canvas.columns, row: Self.buttonRow, appearance: appearance)
        guard layout.fits, canvas.rows >= Self.minimumRows else {
            renderTooSmall(into: &canvas, needing: layout.requiredColumns, appearance: appearance)
            return nil
        }
        let drawn = board.toolbar.render(into: &canvas, layout: layout, at: time, appearance: appearance)

        let statusRow = canvas.rows - 1
        if !board.isShowingHelp {
            drawHint(into: &canvas, rows: (Self.buttonRow + 2)..<statusRow, appearance: appearance)
        }

        // The status line: who has the focus on the left, modes and keys on the right.
        let statusEnd = writeStatus(into: &canvas, row: statusRow, widths: appearance.widths)
        let modes = modeText(appearance: appearance)
        let modeColumns = appearance.widths.columns(of: modes)
        let modeColumn = canvas.columns - 1 - modeColumns
        if modeColumn > statusEnd + 1 {
            canvas.write(
                modes, column: modeColumn, row: statusRow, style: CellStyle(attributes: .dim), widths: appearance.widths
            )
        }
        if board.isShowingHelp {
            renderHelp(into: &canvas, appearance: appearance)
        }
        canvas.cursor = (Self.statusColumn, statusRow)
        return drawn
    }

    /// The column the status line's text starts at, where the cursor rests.
    static let statusColumn = 1

    /// Draws the hint centred in some rows, as the original centres it, wrapped at spaces when one line is too wide.
    ///
    /// A hint that needs more rows than there are is left out rather than cut.
    private func drawHint(into canvas: inout Canvas, rows: Range<Int>, appearance: ToolbarAppearance) {
        guard !rows.isEmpty else { return }
        let widths = appearance.widths
        let style = CellStyle(attributes: .dim)
        let room = canvas.columns - 2 * ToolbarLayout.horizontalPadding
        let hintColumns = widths.columns(of: hint)
        if hintColumns <= room {
            // One line, the usual case: nothing to wrap, nothing to allocate.
            let row = rows.lowerBound + (rows.count - 1) / 2
            canvas.write(hint, column: (canvas.columns - hintColumns) / 2, row: row, style: style, widths: widths)
            return
        }
        guard let lines = WordWrap.lines(of: hint, columns: room, widths: widths), lines.count <= rows.count else {
            return
        }
        let top = rows.lowerBound + (rows.count - lines.count) / 2
        writeCentred(lines, from: top, into: &canvas, style: style, widths: widths)
    }

    /// Writes lines one below the other, each centred; returns where the first one starts.
    @discardableResult
    private func writeCentred(
        _ lines: [String], from top: Int, into canvas: inout Canvas, style: CellStyle, widths: ColumnWidth
    ) -> (column: Int, row: Int)? {
        var first: (column: Int, row: Int)?
        for (offset, line) in lines.enumerated() {
            let column = max((canvas.columns - widths.columns(of: line)) / 2, 0)
            canvas.write(line, column: column, row: top + offset, style: style, widths: widths)
            first = first ?? (column, top + offset)
        }
        return first
    }

    /// Writes ``statusText`` piece by piece, so no string is built for it each frame; returns the column after it.
    private func writeStatus(into canvas: inout Canvas, row: Int, widths: ColumnWidth) -> Int {
        if let notice = board.notice {
            return canvas.write(notice.text, column: Self.statusColumn, row: row, style: .plain, widths: widths)
        }
        guard board.toolbar.buttons.indices.contains(board.toolbar.focusedIndex) else { return Self.statusColumn }
        let button = board.toolbar.buttons[board.toolbar.focusedIndex]
        var column = canvas.write(button.title, column: Self.statusColumn, row: row, style: .plain, widths: widths)
        column = canvas.write(": ", column: column, row: row, style: .plain, widths: widths)
        column = canvas.write(button.accessibilityValue, column: column, row: row, style: .plain, widths: widths)
        guard let reason = board.toolbar.staleReasons[board.toolbar.focusedIndex] else { return column }
        column = canvas.write(" (stale: ", column: column, row: row, style: .plain, widths: widths)
        column = canvas.write(reason, column: column, row: row, style: .plain, widths: widths)
        return canvas.write(")", column: column, row: row, style: .plain, widths: widths)
    }

    /// Draws the first of ``tooSmallMessages(needing:appearance:)`` that fits in the middle of the screen, with the
    /// cursor at its start; nothing when none does.
    private func renderTooSmall(into canvas: inout Canvas, needing columns: Int, appearance: ToolbarAppearance) {
        let widths = appearance.widths
        var lines: [String] = []
        for message in tooSmallMessages(needing: columns, appearance: appearance) {
            if let wrapped = WordWrap.lines(of: message, columns: canvas.columns, widths: widths),
                wrapped.count <= canvas.rows
            {
                lines = wrapped
                break
            }
        }
        canvas.cursor = writeCentred(
            lines, from: (canvas.rows - lines.count) / 2, into: &canvas, style: CellStyle(attributes: .bold),
            widths: widths)
    }

    /// Draws the help overlay in a box in the middle of the screen, clipped to what fits.
    private func renderHelp(into canvas: inout Canvas, appearance: ToolbarAppearance) {
        let widths = appearance.widths
        let lines = board.helpLines
        let innerColumns = lines.map { widths.columns(of: $0) }.max() ?? 0
        let boxColumns = min(innerColumns + 4, canvas.columns)
        let boxRows = min(lines.count + 2, canvas.rows)
        guard boxColumns >= 2, boxRows >= 2 else { return }
        let left = max((canvas.columns - boxColumns) / 2, 0)
        let top = max((canvas.rows - boxRows) / 2, 0)
        let right = left + boxColumns - 1
        let bottom = top + boxRows - 1
        let border = CellStyle(attributes: .bold)
        let boxDrawing = appearance.glyph("\u{2500}", orASCII: "-") != "-"
        let horizontal: Unicode.Scalar = boxDrawing ? "\u{2500}" : "-"
        let vertical: Unicode.Scalar = boxDrawing ? "\u{2502}" : "|"
        let corners: [Unicode.Scalar] =
            boxDrawing ? ["\u{256D}", "\u{256E}", "\u{2570}", "\u{256F}"] : ["+", "+", "+", "+"]
        for row in top...bottom {
            canvas.fill(columns: left..<(right + 1), row: row, style: .plain)
        }
        for column in left...right {
            canvas.put(horizontal, columnWidth: 1, column: column, row: top, style: border)
            canvas.put(horizontal, columnWidth: 1, column: column, row: bottom, style: border)
        }
        for (index, line) in lines.enumerated() where top + 1 + index < bottom {
            let row = top + 1 + index
            let style = index == 0 ? CellStyle(attributes: .bold) : .plain
            canvas.write(line, column: left + 2, row: row, style: style, widths: widths)
            canvas.put(vertical, columnWidth: 1, column: left, row: row, style: border)
            // Text that would cross the right border is cut by it.
            canvas.put(vertical, columnWidth: 1, column: right, row: row, style: border)
        }
        canvas.put(corners[0], columnWidth: 1, column: left, row: top, style: border)
        canvas.put(corners[1], columnWidth: 1, column: right, row: top, style: border)
        canvas.put(corners[2], columnWidth: 1, column: left, row: bottom, style: border)
        canvas.put(corners[3], columnWidth: 1, column: right, row: bottom, style: border)
    }
}
