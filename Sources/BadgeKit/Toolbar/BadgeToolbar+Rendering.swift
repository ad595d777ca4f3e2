extension BadgeToolbar {
    /// Lays the toolbar out for a screen width, with its buttons on a given row.
    public func layout(screenColumns: Int, row: Int, appearance: ToolbarAppearance) -> ToolbarLayout {
        ToolbarLayout(
            screenColumns: screenColumns, row: row,
            titleColumns: appearance.widths.columns(of: title),
            iconColumns: buttons.map { appearance.icon(for: $0.symbolName).columns })
    }

    /// Draws the toolbar as it looks at an instant and returns where everything was drawn.
    ///
    /// The title goes on the left in bold, the buttons against the right edge,
    /// each badge on its button's corner (the row above the closing bracket unless told otherwise), and the focused
    /// button gets bold reverse-video brackets and a line on its other side from the badges: beneath it for
    /// badges on a top corner, above it for a bottom corner.
    ///
    /// Badges are an overlay: they are drawn last, and nothing of a button, its
    /// bounce or its focus line ever lies on a badge's row, so no frame covers one.
    ///
    /// - Parameters:
    ///   - canvas: The canvas to draw into.
    ///   - row: The row of the buttons; badges use the row above (or below, for a bottom ``badgeCorner``),
    ///     the focus line the other one.
    ///   - time: The instant, in seconds on the motion clock.
    ///   - appearance: Glyph widths, icon style and background colour.
    ///   - showsFocus: Whether to mark the focused button.
    /// - Returns: The layout as drawn, badges included, for hit testing.
    @discardableResult
    public func render(
        into canvas: inout Canvas, row: Int, at time: Double, appearance: ToolbarAppearance,
        showsFocus: Bool = true
    ) -> ToolbarLayout {
        render(
            into: &canvas, layout: layout(screenColumns: canvas.columns, row: row, appearance: appearance), at: time,
            appearance: appearance, showsFocus: showsFocus)
    }

    /// Draws the toolbar into a layout already made for this canvas (see ``layout(screenColumns:row:appearance:)``).
    func render(
        into canvas: inout Canvas, layout: ToolbarLayout, at time: Double, appearance: ToolbarAppearance,
        showsFocus: Bool = true
    ) -> ToolbarLayout {
        var layout = layout
        drawTitle(into: &canvas, span: layout.title, widths: appearance.widths)

        for index in buttons.indices {
            let focused = showsFocus && index == focusedIndex
            drawButton(
                at: index, layout: layout, bracketInset: motions[index].bracketInset(at: time, timing: timing),
                focused: focused, into: &canvas, appearance: appearance)
        }
        // Badges go over everything else, on rows the buttons never draw on.
        for index in buttons.indices {
            var frame = badgeFrame(forButtonAt: index, at: time, widths: appearance.widths)
            guard frame.text != nil, frame.columns > 0 else { continue }
            fit(&frame, forButtonAt: index, layout: layout, widths: appearance.widths)
            let span = layout.badgeSpan(forButtonAt: index, columns: frame.columns, corner: badgeCorner)
            layout.buttons[index].badge = span
            drawBadge(frame, color: buttons[index].shownBadgeColor, span: span, into: &canvas, appearance: appearance)
        }
        for index in buttons.indices where staleReasons[index] != nil {
            drawStaleMark(forButtonAt: index, layout: layout, into: &canvas)
        }
        return layout
    }

    /// Draws the stale mark in the free cell beside a button's badge (or where its badge would be).
    ///
    /// The mark goes on the badge's inner side, toward the icon, else on its outer
    /// side; it takes only a blank cell, so it never covers a badge or changes a
    /// number, and with no blank cell beside the badge the status line alone says it.
    func drawStaleMark(forButtonAt index: Int, layout: ToolbarLayout, into canvas: inout Canvas) {
        let span =
            layout.buttons[index].badge ?? layout.badgeSpan(forButtonAt: index, columns: 3, corner: badgeCorner)
        let inner = badgeCorner.isTrailing ? span.column - 1 : span.endColumn
        let outer = badgeCorner.isTrailing ? span.endColumn : span.column - 1
        for column in [inner, outer] where canvas.contains(column: column, row: span.row) {
            guard canvas[column, span.row] == .blank else { continue }
            canvas.put(
                Self.staleGlyph, columnWidth: 1, column: column, row: span.row, style: CellStyle(attributes: .bold))
            return
        }
    }

    /// Makes a badge fit between its neighbours without ever showing a number that is not the count.
    ///
    /// A word too wide is shortened with an ellipsis. A number too wide is never
    /// cut: it becomes the limit form `9…9+` with as many nines as fit, which is still
    /// true, since the count has more digits than that; with no room for even `9+`
    /// the badge shows a dot. A frame wider than the room (a pop's overshoot) is held
    /// to it.
    func fit(_ frame: inout BadgeFrame, forButtonAt index: Int, layout: ToolbarLayout, widths: ColumnWidth) {
        var fullColumns = frame.columns
        if let text = frame.text, !frame.isDot, text != BadgeText.dot {
            fullColumns = max(fullColumns, widths.columns(of: text) + 2)
        }
        let widest = layout.widestBadge(forButtonAt: index, upTo: fullColumns, corner: badgeCorner)
        if let text = frame.text, !frame.isDot, text != BadgeText.dot, widths.columns(of: text) + 2 > widest {
            if BadgeMotion.isNumeric(text) {
                let nines = widest - 3
                if nines >= 1 {
                    frame.text = String(repeating: "9", count: nines) + "+"
                } else {
                    frame.isDot = true
                }
            } else {
                frame.text = Self.shortened(text, toColumns: widest - 2, widths: widths)
            }
        }
        frame.columns = min(frame.columns, widest)
    }

    private func drawTitle(into canvas: inout Canvas, span: ToolbarLayout.Span, widths: ColumnWidth) {
        guard span.columns > 0 else { return }
        let text = Self.shortened(title, toColumns: span.columns, widths: widths)
        canvas.write(text, column: span.column, row: span.row, style: CellStyle(attributes: .bold), widths: widths)
    }

    private func drawButton(
        at index: Int, layout: ToolbarLayout, bracketInset: Int, focused: Bool, into canvas: inout Canvas,
        appearance: ToolbarAppearance
    ) {
        let frame = layout.buttons[index]
        let body = frame.body
        let bracketStyle = focused ? CellStyle(attributes: [.bold, .reverse]) : .plain
        // The bounce moves the brackets in toward the icon and out past their places, on the button's row.
        canvas.put("[", columnWidth: 1, column: body.column + bracketInset, row: body.row, style: bracketStyle)
        canvas.put("]", columnWidth: 1, column: body.endColumn - 1 - bracketInset, row: body.row, style: bracketStyle)
        let icon = appearance.icon(for: buttons[index].symbolName)
        canvas.put(icon.glyph, columnWidth: icon.columns, column: frame.icon.column, row: body.row, style: .plain)
        if focused {
            let line = appearance.focusGlyph
            let lineRow = badgeCorner.isTop ? body.row + 1 : body.row - 1
            for column in body.column..<body.endColumn {
                canvas.put(line, columnWidth: 1, column: column, row: lineRow, style: CellStyle(attributes: .bold))
            }
        }
    }

    /// Draws one badge into its span: the only function that draws on a badge's cells.
    func drawBadge(
        _ frame: BadgeFrame, color: RGBColor, span: ToolbarLayout.Span, into canvas: inout Canvas,
        appearance: ToolbarAppearance
    ) {
        guard let text = frame.text else { return }
        let depth = appearance.colorDepth
        if text == BadgeText.dot {
            // A dot badge is the dot itself in the badge colour, on the screen's own background.
            let ink = appearance.backgroundColor.mixed(with: color, fraction: frame.opacity)
            let faint = !depth.rampsColors && frame.opacity < 1
            let weight: TextAttributes = depth.allowsBold(textColor: ink) ? .bold : []
            let style = CellStyle(foreground: .rgb(ink), attributes: faint ? .dim : weight)
            canvas.put(appearance.badgeDotGlyph, columnWidth: 1, column: span.column, row: span.row, style: style)
            return
        }
        // Black or white, by the colour the terminal will show for the badge.
        let textColor = depth.badgeTextColor(on: color)
        var style: CellStyle
        if depth.rampsColors {
            // Fade through colours, from the background to the badge colour. The colours carry the badge;
            // plain weight keeps every badge frame a style change shorter (bold only where colours are few).
            let background = appearance.backgroundColor.mixed(with: color, fraction: frame.opacity)
            let ink = background.mixed(with: textColor, fraction: frame.textOpacity * frame.opacity)
            style = CellStyle(foreground: .rgb(ink), background: .rgb(background))
            if frame.isEmphasized {
                // The still cue: bold, which these badges never are otherwise.
                style.attributes.insert(.bold)
            }
        } else {
            // Few colours: fade from dim to normal; bold only where it keeps the text's colour (never black).
            let faint = frame.opacity < 1 || frame.textOpacity < 1
            let weight: TextAttributes = depth.allowsBold(textColor: textColor) ? .bold : []
            style = CellStyle(
                foreground: .rgb(textColor), background: .rgb(color), attributes: faint ? .dim : weight)
            if frame.isEmphasized {
                // The still cue: underlined, since these badges are bold already where bold keeps the colour.
                style.attributes.insert(.underline)
            }
        }
        canvas.fill(columns: span.column..<span.endColumn, row: span.row, style: style)
        let content = frame.isDot ? String(Character(appearance.dotGlyph)) : text
        let contentColumns = appearance.widths.columns(of: content)
        let start = span.column + max((span.columns - contentColumns) / 2, 0)
        canvas.write(content, column: start, row: span.row, style: style, widths: appearance.widths)
    }

    /// Text cut to fit some columns, ending in an ellipsis when anything was cut.
    static func shortened(_ text: String, toColumns limit: Int, widths: ColumnWidth) -> String {
        guard widths.columns(of: text) > limit else { return text }
        let ellipsis = widths.glyph("\u{2026}", orElse: ".")
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let width = max(widths.columns(of: scalar), 0)
            if used + width > limit - 1 { break }
            kept.append(scalar)
            used += width
        }
        kept.append(ellipsis)
        return String(kept)
    }
}
