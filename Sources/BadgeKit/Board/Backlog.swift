/// Things kept in order for a front end to take now and then, the oldest dropped past a limit.
///
/// So a list that nobody takes stays small: the board keeps its events (``BoardEvent``) and its reports
/// (``BoardReport``) in one each.
struct Backlog<Element: Sendable>: Sendable {
    /// The most it keeps.
    let limit: Int
    /// What it keeps, oldest first.
    private(set) var elements: [Element] = []

    /// Creates an empty backlog.
    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps one more, dropping the oldest past ``limit``.
    mutating func append(_ element: Element) {
        if elements.count >= limit {
            elements.removeFirst(elements.count - limit + 1)
        }
        elements.append(element)
    }

    /// Puts another in place of the newest, so a count at the end can grow without taking a place of its own;
    /// an empty backlog keeps it as its first.
    mutating func replaceLast(with element: Element) {
        if elements.isEmpty {
            elements.append(element)
        } else {
            elements[elements.count - 1] = element
        }
    }

    /// What was kept since the last call, oldest first; the backlog is emptied.
    mutating func take() -> [Element] {
        defer { elements.removeAll(keepingCapacity: true) }
        return elements
    }
}
