/// The shell command a click on a button in a status bar runs, made from a template with the button's title.
///
/// In the template `{title}` stands for the button's title quoted for the shell,
/// so `badgebar-press {title}` becomes `badgebar-press 'Mail'` and a title such as
/// `Bob's` cannot end the quotes; `{mouse-button}` stands for the name of the mouse
/// button clicked (`left`, `middle`, `right`, `scroll-up`, `scroll-down`). polybar
/// runs the command with `sh -c`.
public struct StatusBarPressCommand: Sendable, Equatable {
    /// What stands for the button's title in the template.
    public static let titlePlaceholder = "{title}"
    /// What stands for the name of the mouse button clicked.
    public static let mouseButtonPlaceholder = "{mouse-button}"

    /// The command with ``titlePlaceholder`` where the title goes.
    public var template: String

    /// Creates a press command from its template.
    public init(template: String) {
        self.template = template
    }

    /// The command for a button: the template with every placeholder replaced by the title in single quotes.
    ///
    /// Control characters in the title and the template become `?`, so the command
    /// stays on the one line a bar reads.
    ///
    /// - Parameters:
    ///   - title: The button's title.
    ///   - mouseButton: The mouse button clicked.
    public func command(forTitle title: String, mouseButton: MouseButton = .left) -> String {
        let quoted = "'" + Sanitizer.printable(title).replacing("'", with: "'\\''") + "'"
        return Sanitizer.printable(template).replacing(Self.mouseButtonPlaceholder, with: mouseButton.rawValue)
            .replacing(Self.titlePlaceholder, with: quoted)
    }
}
