extension BoardEngine {
    /// What runs around a board: the commands that feed it and that its presses start, and what it tells.
    public struct Configuration: Sendable, Equatable {
        /// Commands that feed counts, each tied to a button by its title.
        public var watches: [ButtonCommand]
        /// The interval of watches that give none of their own, in seconds (30 by default).
        public var watchIntervalSeconds: Double
        /// Commands run in the background when their button is pressed.
        public var pressCommands: [ButtonCommand]
        /// Commands run with the terminal when their button is pressed, at most one per button.
        public var openCommands: [ButtonCommand]
        /// Commands run in the background when their button is clicked with their
        /// ``ButtonCommand/mouseButton`` in a status bar (those without one are left out).
        public var clickCommands: [ButtonCommand]
        /// The mouse buttons whose click presses a button in a status bar (clears its count, runs its press and open
        /// commands); only the left one by default, so a scroll or a right click leaves the count alone.
        public var pressingMouseButtons: Set<MouseButton>
        /// Whether every press and change is written to `SinkName.events` as a line of JSON.
        public var writesEvents: Bool
        /// Whether the window's title carries the total of the badges (``ProgramEffect/setWindowTitle(_:)``).
        public var setsWindowTitle: Bool
        /// When a count that goes up sends a desktop notification.
        public var notificationMode: NotificationMode
        /// What to add to the board's clock for seconds since 1970, for the events' times.
        public var unixTimeOffset: Double
        /// Where the events go, as messages name it (`'events.jsonl'`).
        public var eventsName: String
        /// The folders that give buttons their counts, and the paths whose changes run a button's watches
        /// (`--count-files`, `--maildir`, `--watch-path`): a watch of a button with a path runs at the start and
        /// whenever the path changes, never on its interval.
        package var folderSources: [FolderSource] = []

        /// Creates a configuration; by default nothing runs around the board.
        public init(
            watches: [ButtonCommand] = [], watchIntervalSeconds: Double = 30,
            pressCommands: [ButtonCommand] = [], openCommands: [ButtonCommand] = [],
            clickCommands: [ButtonCommand] = [], pressingMouseButtons: Set<MouseButton> = [.left],
            writesEvents: Bool = false, setsWindowTitle: Bool = false, notificationMode: NotificationMode = .never,
            unixTimeOffset: Double = 0, eventsName: String = ""
        ) {
            self.clickCommands = clickCommands
            self.pressingMouseButtons = pressingMouseButtons
            self.watches = watches
            self.watchIntervalSeconds = watchIntervalSeconds
            self.pressCommands = pressCommands
            self.openCommands = openCommands
            self.writesEvents = writesEvents
            self.setsWindowTitle = setsWindowTitle
            self.notificationMode = notificationMode
            self.unixTimeOffset = unixTimeOffset
            self.eventsName = eventsName
        }
    }
}
