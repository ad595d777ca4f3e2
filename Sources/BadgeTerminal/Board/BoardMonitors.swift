/// What the runner watches for a board, in the order it is handed them: the board's file, then the folders of
/// its counts and of the paths that set off its watches.
package struct BoardMonitors: Sendable {
    /// The board's file, when the board came from one.
    package var boardFile: FileChangeMonitor?
    /// The folders that give counts and the paths that set off watches, when there are any.
    package var folders: FolderWatcher?

    /// Creates the monitors of a board.
    package init(boardFile: FileChangeMonitor? = nil, folders: FolderWatcher? = nil) {
        self.boardFile = boardFile
        self.folders = folders
    }

    /// The monitors for the runner, in order.
    package var all: [any ChangeMonitor] {
        var monitors: [any ChangeMonitor] = []
        if let boardFile { monitors.append(boardFile) }
        if let folders { monitors.append(folders) }
        return monitors
    }

    /// The index the runner gives the folders' monitor in `ProgramEvent.fileChanged(monitor:)`, if there is one.
    package var foldersIndex: Int? {
        folders == nil ? nil : (boardFile == nil ? 0 : 1)
    }
}
