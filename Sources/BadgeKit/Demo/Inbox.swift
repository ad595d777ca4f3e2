/// The Inbox demo of the original: Messages, Cart and Notifications, playing by itself until touched.
public enum Inbox {
    /// The original demo: Messages 2 (red), Cart 0 (yellow), Notifications 96 (red).
    ///
    /// - Parameters:
    ///   - startTime: The instant the demo starts, in seconds on the clock.
    ///   - autoPlays: Whether the script runs.
    ///   - limit: The badge limit of every button.
    ///   - reduceMotion: Whether badges only fade and icons stay still.
    public static func demo(
        startTime: Double, autoPlays: Bool = true, limit: Int = BadgeText.defaultLimit, reduceMotion: Bool = false
    ) -> BadgeBoard {
        let buttons = [
            BadgedButton(title: "Messages", symbolName: "bubble.left", count: 2, limit: limit),
            BadgedButton(title: "Cart", symbolName: "cart", count: 0, limit: limit, badgeColor: .systemYellow),
            BadgedButton(title: "Notifications", symbolName: "bell", count: 96, limit: limit),
        ]
        return BadgeBoard(
            toolbar: BadgeToolbar(title: "Inbox", buttons: buttons, reduceMotion: reduceMotion),
            autoPlay: AutoPlay(startTime: startTime, isRunning: autoPlays))
    }
}
