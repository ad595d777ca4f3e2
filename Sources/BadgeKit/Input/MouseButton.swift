/// A button of the mouse, or a turn of its wheel, as a status bar's click names it.
///
/// The numbers are X11's, which i3bar, swaybar and polybar's click areas use
/// (`1` left … `5` wheel down); the names are the ones the command line, the board's
/// file and `BADGEBAR_MOUSE_BUTTON` use (`left`, `middle`, `right`, `scroll-up`,
/// `scroll-down`).
public enum MouseButton: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    /// The left (primary) button.
    case left
    /// The middle button, or a press of the wheel.
    case middle
    /// The right (secondary) button.
    case right
    /// The wheel turned up (away from the user).
    case scrollUp = "scroll-up"
    /// The wheel turned down (towards the user).
    case scrollDown = "scroll-down"

    /// The button with an X11 number, as an i3bar click event's `button` gives it; `nil` for any other (the
    /// horizontal wheel, 6 and 7, and the side buttons, 8 and 9).
    public init?(barNumber: Int) {
        guard (1...Self.allCases.count).contains(barNumber) else { return nil }
        self = Self.allCases[barNumber - 1]
    }

    /// The button's X11 number: polybar's action tag for it is `%{A<number>:…:}`.
    public var barNumber: Int { Self.allCases.firstIndex(of: self)! + 1 }

    /// Orders the buttons by their X11 numbers.
    public static func < (left: MouseButton, right: MouseButton) -> Bool { left.barNumber < right.barNumber }

    /// The names the buttons are given by, in order, for messages and help: `left, middle, right, scroll-up or
    /// scroll-down`.
    public static var names: [String] { allCases.map(\.rawValue) }
}
