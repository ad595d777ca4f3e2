/// One thing a watched folder saw: a name in it written, made, removed or moved in, the folder itself gone, or
/// the queue overflowed.
package struct FolderChange: Equatable, Sendable {
    /// What happened.
    package enum Kind: Equatable, Sendable {
        /// A file of that name was written and closed.
        case written
        /// Something of that name was made: a file (perhaps still being written), a folder or a link.
        case created
        /// Something of that name was moved into the folder, over what was there.
        case movedIn
        /// What had that name was removed or moved out.
        case removed
        /// The watched folder itself was removed or moved (or its watch ended).
        case folderGone
        /// The queue lost changes: everything must be looked at again.
        case overflow
        /// What has that name had its permissions or owner changed (told only where asked for).
        case attributesChanged
    }

    /// The watch on the queue that saw it (-1 for an overflow).
    package var watch: Int32
    /// The name in the folder, or empty for the folder itself.
    package var name: String
    /// What happened.
    package var kind: Kind
}

/// Which folders to watch so that a change of a path, as the user named it, is seen whatever is under it, and
/// which of their changes matter: the path followed one name at a time, through links and chains of links.
///
/// A pure value, made from a look-up of each name, so it is tested without a disk.
/// The folders watched are the one holding the file (or, while a folder on the
/// path is missing, the nearest one that exists) and every folder holding a link
/// met on the way, so a link re-pointed (`ln -sfn`), the file deleted, replaced by
/// a folder or made again, and a folder removed and made again are all seen. A
/// folder above these that is renamed is not seen until the path is followed
/// again (SIGUSR2 does).
package struct FileMonitorPlan: Equatable, Sendable {
    /// What a name on the path is, as the look-up says.
    package enum Node: Equatable, Sendable {
        /// Nothing has the name.
        case missing
        /// A folder.
        case folder
        /// A symbolic link, with what it points to.
        case link(String)
        /// A regular file: whether it is empty (perhaps still being written), and whether it has other names too
        /// (a hard link made to a file written elsewhere, which no writer closes here).
        case file(isEmpty: Bool, hasOtherNames: Bool = false)
        /// Anything else (a FIFO, a device).
        case other
    }

    /// One name looked up while following the path: the folder it is in, the name, and what it was.
    package struct Step: Equatable, Sendable {
        /// The folder, with no link in it.
        package var folder: String
        /// The name in the folder.
        package var name: String
        /// What the name was.
        package var node: Node
    }

    /// Every name looked up, in order; the last is the file, or where the path stops (a name that is missing).
    package private(set) var steps: [Step]

    /// The most links followed before the path is taken for a loop, as the kernel's own limit (`ELOOP`).
    package static let linkLimit = 40

    /// Follows a path one name at a time.
    ///
    /// - Parameters:
    ///   - path: The path as the user named it.
    ///   - currentFolder: The folder a relative path starts from.
    ///   - lookUp: What a name is, by its whole path, links not followed (as `lstat` and `readlink` say).
    package init(path: String, currentFolder: String, lookUp: (String) -> Node) {
        steps = []
        var folder = path.hasPrefix("/") ? "/" : currentFolder
        var pending = Self.components(of: path)
        var links = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." {
                folder = Self.parent(of: folder)
                continue
            }
            let node = lookUp(Self.join(folder, name))
            steps.append(Step(folder: folder, name: name, node: node))
            switch node {
            case .link(let target):
                links += 1
                guard links <= Self.linkLimit else { return }
                if target.hasPrefix("/") { folder = "/" }
                pending = Self.components(of: target) + pending
            case .folder where !pending.isEmpty:
                folder = Self.join(folder, name)
            default:
                return
            }
        }
    }

    /// What the path leads to now: the last name's node, or `missing` when the path stops short of its end.
    package var target: Node {
        guard let last = steps.last else { return .folder }
        if case .link = last.node { return .missing }
        return last.node
    }

    /// The folders to watch: the last step's and every link's, each once, in the order met.
    package var folders: [String] {
        var folders: [String] = []
        for (index, step) in steps.enumerated() {
            var isLink = false
            if case .link = step.node { isLink = true }
            if (isLink || index == steps.count - 1) && !folders.contains(step.folder) {
                folders.append(step.folder)
            }
        }
        return folders
    }

    /// What a batch of changes calls for.
    package enum Reaction: Equatable, Sendable {
        /// Nothing on the path changed.
        case none
        /// Follow the path again (something made where it ends): what is there then says whether to read it.
        case followAgain
        /// Follow the path again and read the file: it changed, went, or something else is there now.
        case read
    }

    /// What changes seen in watched folders call for.
    ///
    /// Each batch is taken whole: what happened last to the name where the path ends decides for it (deleted,
    /// then made: made), so an editor that deletes the file and writes it anew is read once, when it closes it.
    /// Anything else on the path (a link re-pointed, a folder made, removed or moved, an overflow) is read now.
    ///
    /// - Parameters:
    ///   - changes: Each change with the folder of its watch, or `nil` for a watch no longer followed.
    package func reaction(to changes: [(folder: String?, name: String, kind: FolderChange.Kind)]) -> Reaction {
        var elsewhere = false
        var last: FolderChange.Kind?
        for change in changes {
            switch change.kind {
            case .overflow:
                elsewhere = true
            case .folderGone:
                if let folder = change.folder, folders.contains(folder) { elsewhere = true }
            default:
                guard let index = steps.firstIndex(where: { $0.folder == change.folder && $0.name == change.name })
                else { continue }
                if index == steps.count - 1 {
                    last = change.kind
                } else {
                    elsewhere = true
                }
            }
        }
        if elsewhere { return .read }
        switch last {
        case nil: return .none
        case .created: return .followAgain
        default: return .read
        }
    }

    /// Whether a program must be told, once the path is followed again after a reaction: there is something new
    /// to read or say.
    ///
    /// Nothing is told while the file stays missing (a folder made on the way to it). A file made where the path
    /// ended is told once its writer closes it, unless it is a second name of a file written elsewhere (`ln`), and
    /// anything else made there (a folder) is told at once. A file found where the path was missing is told
    /// unless it is empty, which its writer is still to close.
    ///
    /// - Parameters:
    ///   - reaction: What the changes called for, under the plan before.
    ///   - before: The plan before the path was followed again.
    package func tells(after reaction: Reaction, before: FileMonitorPlan) -> Bool {
        let endsWhereItEnded =
            steps.last?.folder == before.steps.last?.folder && steps.last?.name == before.steps.last?.name
        if reaction == .followAgain && endsWhereItEnded {
            guard case .file(_, let hasOtherNames) = target else { return target != .missing }
            return hasOtherNames
        }
        switch reaction {
        case .none: return false
        case .followAgain, .read:
            if before.target == .missing {
                if target == .missing { return false }
                if case .file(isEmpty: true, _) = target { return false }
            }
            return true
        }
    }

    /// The names of a path, empty ones left out.
    static func components(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// A name in a folder as one path.
    static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The folder a folder is in (`/` for `/`).
    static func parent(of folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { return "/" }
        return String(folder[..<slash])
    }
}
