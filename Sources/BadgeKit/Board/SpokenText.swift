/// The words that speak for a button, as a screen reader would say them.
public enum SpokenText {
    /// The button's title and its badge's value, such as `Notifications: 142 unread`, `Cart: none unread` or `News: new`.
    ///
    /// The count is spoken in full even when the badge shows `99+`.
    public static func describe(_ button: BadgedButton) -> String {
        "\(button.title): \(button.accessibilityValue)"
    }
}
