/// Tells when a file changes, without polling: a new version written and closed, or moved into its place, as
/// editors save it (on Linux with inotify, watching the file's folder, where links to it are followed).
///
/// The runner polls ``descriptor`` with its other inputs and, once it is readable,
/// hands the program ``ProgramEvent/fileChanged(watch:)`` if ``takeChange()`` says the
/// file changed, so nothing wakes the program while nothing happens. Where the
/// platform has no way to be told (macOS), or the folder cannot be watched, there is
/// no descriptor and the watch never tells: a program reloads on a signal instead.
public final class FileChangeWatch: Sendable {
    /// The file, as given.
    public let path: String
    /// The descriptor to poll for readability, or `nil` when nothing is watched.
    public let descriptor: FileDescriptor?
    /// The file's name in its folder, after links are followed.
    private let name: String

    /// Starts watching a file's folder for the file.
    ///
    /// - Parameter path: The file; it must be there for links to it to be followed, and its folder must be.
    public init(path: String) {
        self.path = path
        let resolved = Platform.resolvedPath(path) ?? path
        let slash = resolved.lastIndex(of: "/")
        let folder = slash.map { $0 == resolved.startIndex ? "/" : String(resolved[..<$0]) } ?? "."
        name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        descriptor = Platform.watchFolder(folder).map { FileDescriptor(rawValue: $0) }
    }

    /// Reads what the folder's watch saw since the last call, and says whether the file was among it.
    public func takeChange() -> Bool {
        guard let descriptor else { return false }
        return Platform.changedNames(in: descriptor.rawValue).contains(name)
    }

    deinit {
        descriptor?.close()
    }
}
