import BadgeKit
import CNCursesW
import Synchronization

/// Follows the folders that give buttons their counts, and the paths that set off watches, as the kernel tells
/// of their changes: nothing is polled, and nothing wakes while nothing changes.
///
/// One inotify queue serves every source. Each folder a source lists (the folder of
/// `--count-files`, a Maildir's `new/` and `cur/`) is followed by its path as
/// ``FileMonitorPlan`` follows a file, through links and folders that are made,
/// removed, renamed and moved back, and is watched itself for names made, removed
/// and moved in or out. After a batch of changes every source they touch is listed
/// again; a queue that overflowed lists them all. A source is told only when its
/// reading changed: a new count, a folder that cannot be read (with the reason),
/// or, for a path that sets off watches, any change of what it leads to.
///
/// Where there is no inotify (macOS), or the system has no queue or watch left to
/// give (`max_user_instances`, `max_user_watches`), the sources are read at the
/// start and when the board is read again only, and ``isWatching`` says so.
package final class FolderWatcher: ChangeMonitor {
    /// The descriptor of the queue, or `nil` when nothing can be watched.
    package let descriptor: SystemDescriptor?

    /// Whether the kernel tells of the folders' changes: a queue, and a watch on every folder the sources list
    /// that is there.
    package var isWatching: Bool {
        guard descriptor != nil else { return false }
        return state.withLock { state in
            state.targets.allSatisfy { target in
                listedFolders(of: target).allSatisfy { state.watches[$0] != nil }
            }
        }
    }
    /// The folder relative paths start from, as it was at the start.
    private let currentFolder: String
    /// The home folder, for paths that start with `~/`.
    private let home: String?
    /// The sources, their plans and readings, and the queue's watches.
    private let state: Mutex<State>

    /// One source as it is followed.
    private struct Target {
        /// The source.
        var source: FolderSource
        /// Each path followed: the listed folders in order, or the path itself for changes.
        var paths: [String]
        /// How each path is followed now.
        var plans: [FileMonitorPlan]
        /// The last reading, `nil` before the first.
        var reading: FolderReading?
    }

    /// What is followed now.
    private struct State {
        var targets: [Target] = []
        /// The queue's watches, by folder.
        var watches: [String: Int32] = [:]
        /// The readings not yet taken, by source index.
        var untold: Set<Int> = []
    }

    /// Starts following sources.
    ///
    /// - Parameters:
    ///   - sources: The sources, as the engine's configuration lists them.
    ///   - home: The home folder, for `~/` at the start of a path.
    package init(sources: [FolderSource], home: String?) {
        currentFolder = Platform.resolvedPath(".") ?? "/"
        self.home = home
        descriptor = Platform.makeChangeQueue().map { SystemDescriptor(rawValue: $0) }
        state = Mutex(State())
        follow(sources)
    }

    /// Follows other sources (a board read again), reading each anew; watches no longer needed are stopped.
    package func follow(_ sources: [FolderSource]) {
        state.withLock { state in
            state.targets = sources.map { source in
                let paths =
                    source.kind == .changes
                    ? [expanded(source.path)] : source.listedFolders.map { join(expanded(source.path), $0) }
                return Target(source: source, paths: paths, plans: [], reading: nil)
            }
            state.untold = []
            for index in state.targets.indices {
                refollow(&state.targets[index])
            }
            // Watched first, then listed: a name moved in between is in the listing or in the queue.
            watch(&state)
            for index in state.targets.indices where state.targets[index].source.kind != .changes {
                state.targets[index].reading = read(state.targets[index])
                state.untold.insert(index)
            }
        }
    }

    /// Reads the queue, lists again what its changes touch, and says whether a reading is to be told.
    ///
    /// Changes that came while the folders were listed (the rest of a batch of mail being delivered) are taken
    /// in the same call, a few rounds at most, so a burst is told as one reading rather than one a frame.
    package func takeChange() -> Bool {
        guard let descriptor else { return false }
        var told = false
        var changes = Platform.folderChanges(in: descriptor.rawValue)
        var rounds = 0
        while !changes.isEmpty && rounds < Self.roundsPerChange {
            told = take(changes) || told
            rounds += 1
            changes = Platform.folderChanges(in: descriptor.rawValue)
        }
        if !changes.isEmpty { told = take(changes) || told }
        return told
    }

    /// The most times ``takeChange()`` reads the queue again for what came while it listed the folders.
    static let roundsPerChange = 8

    /// Lists again what a batch of changes touches, and says whether a reading is to be told.
    private func take(_ changes: [FolderChange]) -> Bool {
        state.withLock { state in
            // One folder reached by two paths (a link) has one watch: its changes are told for each.
            var foldersOfWatch: [Int32: [String?]] = [:]
            for (folder, watch) in state.watches { foldersOfWatch[watch, default: []].append(folder) }
            let named = changes.flatMap { change in
                (foldersOfWatch[change.watch] ?? [nil]).map { folder in
                    (folder: folder, name: change.name, kind: change.kind)
                }
            }
            let overflowed = changes.contains { $0.kind == .overflow }
            var touched: [Int] = []
            var followed = false
            for index in state.targets.indices {
                let target = state.targets[index]
                let onPath = overflowed || movesPath(of: target, named)
                guard onPath || inListedFolder(target, named) else { continue }
                touched.append(index)
                // Names made and removed in a listed folder leave its path as it was: only a change on the way
                // there (or of the folder itself) is followed again, and the watches moved.
                if onPath {
                    refollow(&state.targets[index])
                    followed = true
                }
            }
            // Watched first, then listed: a name moved into a folder just found is in the listing or in the queue.
            if followed { watch(&state) }
            for index in touched {
                let target = state.targets[index]
                if target.source.kind == .changes {
                    state.targets[index].reading = .changed
                    state.untold.insert(index)
                    continue
                }
                let reading = read(state.targets[index])
                if reading != target.reading {
                    state.targets[index].reading = reading
                    state.untold.insert(index)
                }
            }
            return !state.untold.isEmpty
        }
    }

    /// The readings not told yet, by source index, in order; each is told once.
    package func takeReadings() -> [(index: Int, reading: FolderReading)] {
        state.withLock { state in
            defer { state.untold = [] }
            return state.untold.sorted().compactMap { index in
                state.targets[index].reading.map { (index, $0) }
            }
        }
    }

    /// Every counting source's last reading, by source index: for a board set up anew.
    package func currentReadings() -> [(index: Int, reading: FolderReading)] {
        state.withLock { state in
            state.untold = []
            return state.targets.indices.compactMap { index in
                state.targets[index].reading.map { (index, $0) }
            }
        }
    }

    /// Whether changes touch a name where one of a source's paths goes, or a listed folder itself (removed,
    /// moved, its permissions changed): the path is then followed again.
    private func movesPath(of target: Target, _ changes: [(folder: String?, name: String, kind: FolderChange.Kind)])
        -> Bool
    {
        let listed = Set(listedFolders(of: target))
        let itself = changes.contains { change in
            (change.kind == .folderGone || (change.kind == .attributesChanged && change.name.isEmpty))
                && change.folder.map(listed.contains) == true
        }
        return itself || target.plans.contains { $0.reaction(to: changes) != .none }
    }

    /// Whether changes happened among the names in a folder a source lists.
    private func inListedFolder(
        _ target: Target, _ changes: [(folder: String?, name: String, kind: FolderChange.Kind)]
    ) -> Bool {
        let listed = Set(listedFolders(of: target))
        return changes.contains { change in change.folder.map(listed.contains) ?? false }
    }

    /// The folders of a source that are there to be watched inside, as their paths lead now (links followed).
    private func listedFolders(of target: Target) -> [String] {
        target.plans.compactMap { plan in
            guard plan.target == .folder, let last = plan.steps.last else { return nil }
            return FileMonitorPlan.join(last.folder, last.name)
        }
    }

    /// Follows a source's paths again from the start.
    private func refollow(_ target: inout Target) {
        target.plans = target.paths.map { path in
            FileMonitorPlan(path: path, currentFolder: currentFolder, lookUp: FileChangeMonitor.lookUp)
        }
    }

    /// Lists a counting source's folders and counts, or says why it cannot.
    private func read(_ target: Target) -> FolderReading {
        var listings: [[String]] = []
        for (offset, path) in target.paths.enumerated() {
            switch Platform.folderNames(path) {
            case .success(let names):
                listings.append(names)
            case .failure(let error):
                let name = target.source.listedFolders[offset]
                // A Maildir that is not there at all is said so, rather than its new/.
                if !name.isEmpty, case .failure(let whole) = Platform.folderNames(expanded(target.source.path)) {
                    return .unavailable(
                        "\(target.source.describedPath) cannot be read: \(Self.describe(whole.errorNumber))")
                }
                let which =
                    name.isEmpty ? target.source.describedPath : "\(target.source.describedPath) (its \(name)/)"
                return .unavailable("\(which) cannot be read: \(Self.describe(error.errorNumber))")
            }
        }
        return .count(target.source.count(listings: listings))
    }

    /// Why a folder cannot be listed, in a user's words.
    private static func describe(_ errorNumber: Int32) -> String {
        switch errorNumber {
        case ENOENT: return "it is not there"
        case ENOTDIR: return "it is not a folder"
        case EACCES: return "permission denied"
        default: return SystemError(call: "opendir", errorNumber: errorNumber).reason
        }
    }

    /// Watches what every source needs, then stops the watches no longer needed: added first, so nothing
    /// between is lost.
    private func watch(_ state: inout State) {
        guard let descriptor else { return }
        // Each folder once, with writes where a path that sets off watches ends in it or is it.
        var wanted: [String: Bool] = [:]
        for target in state.targets {
            let writes = target.source.kind == .changes
            for plan in target.plans {
                for folder in plan.folders {
                    wanted[folder] = (wanted[folder] ?? false) || (writes && folder == plan.steps.last?.folder)
                }
            }
            for folder in listedFolders(of: target) {
                wanted[folder] = (wanted[folder] ?? false) || writes
            }
        }
        var watches: [String: Int32] = [:]
        for (folder, writes) in wanted.sorted(by: { $0.key < $1.key }) {
            if let watch = Platform.watchFolder(
                folder, in: descriptor.rawValue, includingWrites: writes, includingAttributes: true)
            {
                watches[folder] = watch
            }
        }
        let kept = Set(watches.values)
        for watch in Set(state.watches.values) where !kept.contains(watch) {
            Platform.stopWatching(watch, in: descriptor.rawValue)
        }
        state.watches = watches
    }

    /// A path with `~/` at its start in the home folder.
    private func expanded(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty else { return path }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + path.dropFirst()
    }

    /// A name under a folder (the folder itself for an empty name).
    private func join(_ folder: String, _ name: String) -> String {
        name.isEmpty ? folder : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    deinit {
        descriptor?.close()
    }
}
