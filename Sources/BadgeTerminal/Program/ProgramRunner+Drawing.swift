import BadgeKit

extension ProgramRunner.Loop {
    /// Draws the program at an instant, or a notice when the screen is too large to draw.
    mutating func draw<Program: TerminalProgram>(_ program: Program, on screen: any TerminalBackend, at time: Double) {
        let size = screen.size
        let drawable = size.isDrawable ? size : size.clampedToCeiling
        if canvas.columns != drawable.columns || canvas.rows != drawable.rows {
            canvas = Canvas(columns: drawable.columns, rows: drawable.rows)
        } else {
            canvas.clear()
        }
        if size.isDrawable {
            program.render(into: &canvas, at: time)
        } else {
            renderTooLarge(size)
        }
        screen.draw(canvas)
    }

    /// Says the screen is too large, in the middle of the part that is drawn.
    mutating func renderTooLarge(_ size: TerminalSize) {
        let message =
            "The terminal is too large to draw (\(size.columns) by \(size.rows)); make it at most "
            + "\(TerminalSize.cellCeiling) cells."
        let widths = ColumnWidth.estimate
        let row = canvas.rows / 2
        let column = max((canvas.columns - widths.columns(of: message)) / 2, 0)
        canvas.write(message, column: column, row: row, style: CellStyle(attributes: .bold), widths: widths)
        canvas.cursor = (column, row)
    }
}
