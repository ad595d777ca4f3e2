/// The words that speak for a button, as a screen reader would say them.
public enum StatusText {
    /// The button's title and its real count, such as `Notifications: 142 unread` or `Cart: none unread`.
    ///
    /// The count is spoken in full even when the badge shows `99+`.
    public static func describe(_ button: BadgedButton) -> String {
        let amount = button.count > 0 ? String(button.count) : "none"
        return "\(button.title): \(amount) unread"
    }
}
