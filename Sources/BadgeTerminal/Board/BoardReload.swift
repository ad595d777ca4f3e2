import BadgeKit

/// How a running board is read again from where it came from (its file), on SIGUSR2 and when the file changes.
public struct BoardReload {
    /// What reading the board again gave.
    public enum Outcome {
        /// A board and what runs around it, and the notice that says so.
        case loaded(BadgeBoard, BoardEngine.Configuration, notice: String)
        /// Why it cannot be used now: the board stays as it was.
        case failed(notice: String)
    }

    /// Reads the board again; gets the time, for the new board's watches.
    public var read: (_ time: Double) -> Outcome

    /// Creates a reload.
    public init(read: @escaping (_ time: Double) -> Outcome) {
        self.read = read
    }
}
