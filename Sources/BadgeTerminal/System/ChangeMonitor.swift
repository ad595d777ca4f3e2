/// Something the runner polls with its other inputs that tells of changes the kernel saw: a board's file
/// (``FileChangeMonitor``) or the folders that give counts.
///
/// Once ``descriptor`` is readable the runner calls ``takeChange()``, and hands the
/// program `ProgramEvent.fileChanged(monitor:)` with the monitor's index when it
/// says there is something new, so nothing wakes the program while nothing changes.
public protocol ChangeMonitor: AnyObject, Sendable {
    /// The descriptor to poll for readability, or `nil` when nothing is watched.
    var descriptor: SystemDescriptor? { get }
    /// Takes what the kernel told since the last call, and says whether the program should be told.
    func takeChange() -> Bool
}

extension FileChangeMonitor: ChangeMonitor {}
