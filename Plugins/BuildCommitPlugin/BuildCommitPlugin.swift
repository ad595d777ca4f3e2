import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift`, the git commit the package is built from, into the build folder.
///
/// A build command, not a prebuild one: its inputs are the repository's `HEAD` and the reflog of
/// `HEAD`, which git appends to on every commit, checkout, reset or merge, so the file is made
/// again exactly when the commit moves and the target recompiles only then. The file is made
/// under `.build` (the plugin's work folder), so building never touches the work tree. Without
/// git or outside a checkout (a source archive) the commit is `nil`.
@main
struct BuildCommitPlugin: BuildToolPlugin {
    /// The command that writes the file, for the target that uses the plugin.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        let inputs = ["HEAD", "logs/HEAD"].map { gitDirectory(of: package).appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        let script = """
            commit=$(git -C "$1" rev-parse --verify --quiet HEAD 2>/dev/null) || commit=
            case "$commit" in *[!0-9a-f]* | "") value=nil ;; *) value="\\"$commit\\"" ;; esac
            printf '%s\\n' \
                '/// The commit this binary was built from, written by BuildCommitPlugin.' \
                'enum BuildCommit {' \
                '    /// The full hash of the commit, or nil outside a git checkout.' \
                "    static let hash: String? = $value" \
                '}' > "$2"
            """
        return [
            .buildCommand(
                displayName: "Reading the git commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", package.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// The repository's git folder: `.git`, or where a `.git` file points (a worktree or submodule).
    private func gitDirectory(of package: URL) -> URL {
        let dotGit = package.appending(path: ".git")
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else {
            return dotGit
        }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(fileURLWithPath: path, relativeTo: package).standardizedFileURL
    }
}
