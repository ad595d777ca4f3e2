import BadgeKit
import BadgeTerminal

/// How a running board is read again from its file, on SIGUSR2 and when the file changes: the same command line
/// over the file as it is now.
struct BoardFileReader {
    /// What reading the file again gave.
    struct Loaded {
        /// The board the file now describes, its counts those it starts with.
        var board: BadgeBoard
        /// What runs around it.
        var configuration: BoardEngine.Configuration
        /// The keys whose changes wait for the next start (`fps`, `counts-from`…), if any changed.
        var waiting: [String] = []
    }

    /// Why the file cannot be used now, as `FILE:LINE: message` or a sentence.
    struct Failure: Error, Equatable {
        /// The problem in one line.
        var message: String
        /// Whether the message says already that the board stays as it was.
        var saysTheBoardStays = false

        /// The file is not there any more: deleted, or a folder or link on the way to it gone.
        static func removed(_ path: String) -> Failure {
            Failure(message: "\(path): removed; the board stays as it was", saysTheBoardStays: true)
        }
    }

    /// The file, for messages.
    var path: String
    /// Reads the file again; gets the time, for the new board's watches.
    var load: (_ time: Double) -> Result<Loaded, Failure>

    /// The notice a reload leaves in the status line (and on standard error in line mode).
    func notice(for result: Result<Loaded, Failure>) -> String {
        switch result {
        case .success(let loaded) where loaded.waiting.isEmpty:
            return "reloaded \(path)"
        case .success(let loaded):
            let keys = OptionValue.list(loaded.waiting, conjunction: "and")
            return "reloaded \(path); \(keys) change\(loaded.waiting.count == 1 ? "s" : "") at the next start"
        case .failure(let failure) where failure.saysTheBoardStays:
            return failure.message
        case .failure(let failure):
            return "\(failure.message) (the board is as it was)"
        }
    }

    /// The reload a ``BoardProgram`` carries out: the file read again, and the notice either way.
    var boardReload: BoardReload {
        BoardReload { time in
            let result = load(time)
            switch result {
            case .success(let loaded):
                return .loaded(loaded.board, loaded.configuration, notice: notice(for: result))
            case .failure:
                return .failed(notice: notice(for: result))
            }
        }
    }
}
