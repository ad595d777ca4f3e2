import CNCursesW
import Synchronization

/// Tells when a file changes, without polling, following the path as it was named whatever is under it: a new
/// version written and closed or moved into its place (as editors save it), a link on the way re-pointed, the
/// file removed, replaced by a folder or made again, and its folder removed and made again.
///
/// The runner polls ``descriptor`` with its other inputs and, once it is readable,
/// hands the program `ProgramEvent.fileChanged(monitor:)` if ``takeChange()`` says the
/// path changed, so nothing wakes the program while nothing happens. On Linux one
/// inotify queue watches the folders `FileMonitorPlan` names (the file's, each
/// link's, or the nearest one there while a folder is missing); after every change
/// on the path the path is followed again and the watches moved to match, and a
/// queue that overflowed is taken for a change. A program told of a change reads
/// the file and says what it found: a new version, or that the file is gone or is
/// a folder now.
///
/// macOS has no inotify: there is no descriptor there, the monitor never tells, and
/// a program reloads on a signal (SIGUSR2) instead.
public final class FileChangeMonitor: Sendable {
    /// The file, as given.
    public let path: String
    /// The descriptor to poll for readability, or `nil` when nothing is watched.
    public let descriptor: SystemDescriptor?
    /// The folder a relative path starts from, as it was at the start.
    private let currentFolder: String
    /// What is followed now: the plan, and the queue's watch for each of its folders.
    private let state: Mutex<State>

    /// The plan and its watches.
    private struct State {
        var plan: FileMonitorPlan
        var watches: [Int32: String] = [:]
    }

    /// Starts watching what a path leads to.
    ///
    /// - Parameter path: The file, as the user named it; it need not be there yet.
    public init(path: String) {
        self.path = path
        currentFolder = Platform.resolvedPath(".") ?? "/"
        descriptor = Platform.makeChangeQueue().map { SystemDescriptor(rawValue: $0) }
        state = Mutex(State(plan: FileMonitorPlan(path: path, currentFolder: currentFolder, lookUp: Self.lookUp)))
        state.withLock { follow(&$0) }
    }

    /// Reads what the watched folders saw since the last call, follows the path again if it changed, and says
    /// whether the program should read the file again.
    public func takeChange() -> Bool {
        guard let descriptor else { return false }
        let changes = Platform.folderChanges(in: descriptor.rawValue)
        return state.withLock { state in
            let named = changes.map { change in
                (folder: state.watches[change.watch], name: change.name, kind: change.kind)
            }
            let reaction = state.plan.reaction(to: named)
            guard reaction != .none else { return false }
            let before = state.plan
            state.plan = FileMonitorPlan(path: path, currentFolder: currentFolder, lookUp: Self.lookUp)
            follow(&state)
            return state.plan.tells(after: reaction, before: before)
        }
    }

    /// Follows the path again from the start and moves the watches to match, for a program that reads the file
    /// on its own (on SIGUSR2): a folder above the file that was renamed is then followed too.
    package func followAgain() {
        state.withLock { state in
            state.plan = FileMonitorPlan(path: path, currentFolder: currentFolder, lookUp: Self.lookUp)
            follow(&state)
        }
    }

    /// Watches the plan's folders, then stops the watches it no longer needs: added first, so no change between
    /// is lost.
    private func follow(_ state: inout State) {
        guard let descriptor else { return }
        var watches: [Int32: String] = [:]
        for folder in state.plan.folders {
            let includingWrites = folder == state.plan.steps.last?.folder
            if let watch = Platform.watchFolder(folder, in: descriptor.rawValue, includingWrites: includingWrites) {
                watches[watch] = folder
            }
        }
        for watch in state.watches.keys where watches[watch] == nil {
            Platform.stopWatching(watch, in: descriptor.rawValue)
        }
        state.watches = watches
    }

    /// What a name is, links not followed (wraps `lstat` and `readlink`).
    static func lookUp(_ path: String) -> FileMonitorPlan.Node {
        guard let status = try? SystemDescriptor.linkStatus(ofPath: path) else { return .missing }
        switch FileType(status) {
        case .directory: return .folder
        case .symbolicLink: return Platform.linkTarget(path).map { .link($0) } ?? .missing
        case .regular: return .file(isEmpty: status.st_size == 0, hasOtherNames: status.st_nlink > 1)
        default: return .other
        }
    }

    deinit {
        descriptor?.close()
    }
}
