/// Where a toolbar's title, buttons and badges sit on the screen, and which button a cell belongs to.
public struct ToolbarLayout: Sendable, Equatable {
    /// A rectangle one row high.
    public struct Span: Sendable, Equatable {
        /// The leftmost column.
        public var column: Int
        /// The row.
        public var row: Int
        /// The width in columns.
        public var columns: Int

        /// Creates a span.
        public init(column: Int, row: Int, columns: Int) {
            self.column = column
            self.row = row
            self.columns = columns
        }

        /// Whether a cell lies in the span.
        public func contains(column: Int, row: Int) -> Bool {
            row == self.row && column >= self.column && column < self.column + columns
        }

        /// The column just past the span.
        public var endColumn: Int { column + columns }
    }

    /// One button's place: its bracketed body, its icon, and its badge if one is drawn.
    public struct ButtonSpans: Sendable, Equatable {
        /// The button from its opening to its closing bracket.
        public var body: Span
        /// The icon inside it.
        public var icon: Span
        /// The badge on its corner, if one shows.
        public var badge: Span?
    }

    /// Columns kept free at the left and right edges.
    public static let horizontalPadding = 2
    /// Columns between two buttons.
    public static let buttonSpacing = 2
    /// Columns between the title and the first button, at the least.
    public static let titleSpacing = 2
    /// The fewest title columns kept before the layout counts as too narrow.
    public static let minimumTitleColumns = 5
    /// The share of a badge's width that lies inside the button's trailing edge, as the original places it.
    public static let badgeInsideFraction = 0.7

    /// The screen's width.
    public var screenColumns: Int
    /// The title's place; its width may be less than the title needs, which then ends in an ellipsis.
    public var title: Span
    /// The buttons, left to right.
    public var buttons: [ButtonSpans]
    /// The fewest columns that hold the toolbar.
    public var requiredColumns: Int
    /// Whether the toolbar fits the screen's width.
    public var fits: Bool { screenColumns >= requiredColumns }

    /// Lays out a toolbar: title on the left, buttons against the right edge, all on one row.
    ///
    /// - Parameters:
    ///   - screenColumns: The screen's width.
    ///   - row: The row of the buttons; badges use the row above or below, by their corner.
    ///   - titleColumns: The width of the title text.
    ///   - iconColumns: The width of each button's icon, as the terminal measures it.
    public init(screenColumns: Int, row: Int, titleColumns: Int, iconColumns: [Int]) {
        self.screenColumns = screenColumns
        // Each button is "[", " ", icon, " ", "]": four columns around its icon.
        let buttonsColumns =
            iconColumns.reduce(0) { $0 + $1 + 4 } + Self.buttonSpacing * max(iconColumns.count - 1, 0)
        requiredColumns =
            2 * Self.horizontalPadding + buttonsColumns + Self.titleSpacing
            + min(titleColumns, Self.minimumTitleColumns)
        var column = max(screenColumns - Self.horizontalPadding - buttonsColumns, 0)
        var spans: [ButtonSpans] = []
        spans.reserveCapacity(iconColumns.count)
        for iconWidth in iconColumns {
            let width = iconWidth + 4
            let body = Span(column: column, row: row, columns: width)
            let icon = Span(column: column + 2, row: row, columns: iconWidth)
            spans.append(ButtonSpans(body: body, icon: icon, badge: nil))
            column += width + Self.buttonSpacing
        }
        buttons = spans
        let firstButton = spans.first?.body.column ?? screenColumns - Self.horizontalPadding
        let available = max(firstButton - Self.titleSpacing - Self.horizontalPadding, 0)
        title = Span(column: Self.horizontalPadding, row: row, columns: min(titleColumns, available))
    }

    /// Where a badge of some width sits on a button: on the row above (or below), 70 % of it inside the trailing (or leading) edge.
    ///
    /// A badge that would leave the screen is shifted inward rather than clipped.
    public func badgeSpan(forButtonAt index: Int, columns: Int, corner: BadgeCorner = .topTrailing) -> Span {
        let body = buttons[index].body
        let inside = Int((Self.badgeInsideFraction * Double(columns)).rounded())
        var column = corner.isTrailing ? body.endColumn - inside : body.column - (columns - inside)
        column = min(column, screenColumns - columns)
        column = max(column, 0)
        return Span(column: column, row: corner.isTop ? body.row - 1 : body.row + 1, columns: columns)
    }

    /// Whether a badge of some width fits a button's corner without covering a neighbouring button or its badge.
    ///
    /// A badge may hang off its own corner, but not past its button's other edge,
    /// where the neighbour's badge may hang.
    public func badgeFits(forButtonAt index: Int, columns: Int, corner: BadgeCorner = .topTrailing) -> Bool {
        guard columns <= screenColumns else { return false }
        let span = badgeSpan(forButtonAt: index, columns: columns, corner: corner)
        let body = buttons[index].body
        if corner.isTrailing ? span.column < body.column : span.endColumn > body.endColumn {
            return false
        }
        for neighbour in [index - 1, index + 1] where buttons.indices.contains(neighbour) {
            let body = buttons[neighbour].body
            if span.column < body.endColumn && body.column < span.endColumn {
                return false
            }
        }
        return true
    }

    /// The widest badge, up to some width, that fits a button's corner; never below three columns.
    public func widestBadge(forButtonAt index: Int, upTo columns: Int, corner: BadgeCorner = .topTrailing) -> Int {
        var width = columns
        while width > 3 && !badgeFits(forButtonAt: index, columns: width, corner: corner) {
            width -= 1
        }
        return width
    }

    /// The button a cell belongs to (its brackets, its icon, its badge, or the cells above it), or `nil`.
    public func buttonIndex(atColumn column: Int, row: Int) -> Int? {
        for (index, frame) in buttons.enumerated() {
            if let badge = frame.badge, badge.contains(column: column, row: row) {
                return index
            }
        }
        for (index, frame) in buttons.enumerated() {
            let body = frame.body
            // The row above the body too, so a click just above a button still reaches it.
            if body.contains(column: column, row: row) || body.contains(column: column, row: row + 1) {
                return index
            }
        }
        return nil
    }
}
