/// A title and a row of badged icon buttons, with the motion of each badge and a keyboard focus.
///
/// The toolbar is a value: change its counts with the time of the change, then
/// render it at any instant. It never reads a clock or touches a terminal.
public struct BadgeToolbar: Sendable {
    /// The title on the left, drawn in bold.
    public var title: String
    /// The buttons, left to right.
    public private(set) var buttons: [BadgedButton]
    /// The motion of each button's badge, in the same order.
    package private(set) var motions: [BadgeMotion]
    /// The index of the focused button.
    public private(set) var focusedIndex: Int
    /// Whether badges only fade and icons stay still.
    public var reduceMotion: Bool
    /// Whether nothing moves at all, each change shown at rest at once: for a view with no frames, such as line
    /// mode or a status bar's stream.
    public var isStill = false
    /// The curves the motion follows.
    public var timing: MotionTiming
    /// The corner every badge sits on.
    public var badgeCorner: BadgeCorner = .topTrailing
    /// Why each button's count may be out of date (its source fails), in the same order, or `nil` when it is not:
    /// such a badge carries a ``staleGlyph`` beside it, and the status line gives the reason.
    public private(set) var staleReasons: [String?]

    /// Each button's title as UTF-8 bytes, to match titles read from bytes without making strings.
    private let titleBytes: [[UInt8]]
    /// Each button's ``BadgedButton/badgeText`` for its count, kept with the count so no frame makes it anew.
    private var badgeTexts: [String?]

    /// The mark beside a badge whose count may be out of date: readable without colour, and never a digit.
    public static let staleGlyph: Unicode.Scalar = "?"

    /// Creates a toolbar.
    public init(
        title: String, buttons: [BadgedButton], reduceMotion: Bool = false, timing: MotionTiming = .standard
    ) {
        self.title = title
        self.buttons = buttons
        self.titleBytes = buttons.map { Array($0.title.utf8) }
        self.badgeTexts = buttons.map(\.badgeText)
        self.motions = Array(repeating: BadgeMotion(), count: buttons.count)
        self.staleReasons = Array(repeating: nil, count: buttons.count)
        self.focusedIndex = 0
        self.reduceMotion = reduceMotion
        self.timing = timing
    }

    /// The first button whose title is exactly some UTF-8 bytes, or `nil` for none.
    public func buttonIndex(exactlyTitled bytes: UnsafeRawBufferPointer) -> Int? {
        titleBytes.firstIndex { title in
            title.count == bytes.count && title.withUnsafeBytes { $0.elementsEqual(bytes) }
        }
    }

    /// Sets a button's count at an instant, starting the motion the change calls for.
    public mutating func setCount(_ count: Int, forButtonAt index: Int, at time: Double) {
        guard buttons.indices.contains(index) else { return }
        let old = buttons[index].count
        guard old != count else { return }
        let oldText = badgeTexts[index]
        buttons[index].count = count
        badgeTexts[index] = buttons[index].badgeText
        guard !isStill else { return }
        motions[index].recordChange(
            from: oldText, to: badgeTexts[index], increased: count > old, at: time,
            reduceMotion: reduceMotion, timing: timing)
    }

    /// Adds to (or, with a negative amount, takes from) a button's count at an instant, saturating and never below zero.
    public mutating func addToCount(_ amount: Int, forButtonAt index: Int, at time: Double) {
        if amount >= 0 {
            increment(buttonAt: index, by: amount, at: time)
        } else {
            decrement(buttonAt: index, by: amount == .min ? .max : -amount, at: time)
        }
    }

    /// Presses a button at an instant: focuses it and runs its action on its count, animating the change.
    public mutating func press(buttonAt index: Int, at time: Double) {
        guard buttons.indices.contains(index) else { return }
        focusedIndex = index
        var count = buttons[index].count
        buttons[index].action(&count)
        setCount(count, forButtonAt: index, at: time)
    }

    /// Marks a button's count as possibly out of date, with the reason the status line gives (its source failed),
    /// or clears the mark with `nil`.
    public mutating func setStale(_ reason: String?, forButtonAt index: Int) {
        guard staleReasons.indices.contains(index) else { return }
        staleReasons[index] = reason.map { Sanitizer.printable($0) }
    }

    /// Whether a button's count may be out of date; `false` for an index with no button.
    public func isStale(buttonAt index: Int) -> Bool {
        staleReasons.indices.contains(index) && staleReasons[index] != nil
    }

    /// The index of the button a title names: the same title, else the same but for case; `nil` for none.
    public func buttonIndex(titled title: String) -> Int? {
        Self.index(ofTitle: title, in: buttons.lazy.map(\.title))
    }

    /// Where a title is in a list of button titles: the same title, else the same but for case; `nil` for none.
    public static func index<Titles: Collection>(ofTitle title: String, in titles: Titles) -> Titles.Index?
    where Titles.Element == String {
        titles.firstIndex(of: title) ?? titles.firstIndex { $0.lowercased() == title.lowercased() }
    }

    /// Moves the focus by some buttons, wrapping around at either end.
    public mutating func moveFocus(by offset: Int) {
        guard !buttons.isEmpty else { return }
        let count = buttons.count
        focusedIndex = ((focusedIndex + offset) % count + count) % count
    }

    /// Focuses a button by index.
    public mutating func focus(buttonAt index: Int) {
        guard buttons.indices.contains(index) else { return }
        focusedIndex = index
    }

    /// Whether any badge or icon is still moving at an instant.
    public func isAnimating(at time: Double) -> Bool {
        motions.contains { $0.isAnimating(at: time, timing: timing) }
    }

    /// The first frame time after an instant at which some badge will look different, while anything moves.
    ///
    /// Frames fall on a grid of `frameInterval` seconds from `time`. Frames that
    /// would draw the same cells are skipped, so the program sleeps through the
    /// quiet stretches of a motion; the frame at which motion ends is always
    /// returned, so the settled state is drawn.
    ///
    /// - Returns: The time of that frame, or `nil` when nothing moves.
    public func nextVisibleChange(after time: Double, frameInterval: Double) -> Double? {
        // Only badges that move can change; the rest are sampled never.
        var moving: [(index: Int, frame: BadgeFrame)] = []
        for index in motions.indices where motions[index].isAnimating(at: time, timing: timing) {
            moving.append((index, badgeFrame(forButtonAt: index, at: time)))
        }
        guard !moving.isEmpty else { return nil }
        let interval = max(frameInterval, 0.001)
        var step = 1.0
        while true {
            let next = time + step * interval
            var stillMoving = false
            for (index, frame) in moving {
                if !badgeFrame(forButtonAt: index, at: next).looksTheSame(as: frame) {
                    return next
                }
                stillMoving = stillMoving || motions[index].isAnimating(at: next, timing: timing)
            }
            if !stillMoving {
                return next
            }
            step += 1
        }
    }

    /// Forgets finished motion, so the state stays the same size however long it runs.
    public mutating func settle(at time: Double) {
        for index in motions.indices {
            motions[index].settle(at: time, timing: timing)
        }
    }

    /// How a button's badge and icon look at an instant.
    package func badgeFrame(forButtonAt index: Int, at time: Double, widths: ColumnWidth = .estimate) -> BadgeFrame {
        motions[index].frame(settledText: badgeTexts[index], at: time, timing: timing, widths: widths)
    }

    /// Adds to a button's count at an instant, saturating; the badge's text still caps at its limit.
    public mutating func increment(buttonAt index: Int, by amount: Int = 1, at time: Double) {
        guard buttons.indices.contains(index) else { return }
        var button = buttons[index]
        button.increment(by: amount)
        setCount(button.count, forButtonAt: index, at: time)
    }

    /// Takes from a button's count at an instant, never below zero.
    public mutating func decrement(buttonAt index: Int, by amount: Int = 1, at time: Double) {
        guard buttons.indices.contains(index) else { return }
        var button = buttons[index]
        button.decrement(by: amount)
        setCount(button.count, forButtonAt: index, at: time)
    }
}
