/// The version `--version` prints, with the commit the binary was built from when it was built from a git checkout.
enum Version {
    /// The release, as the changelog names it.
    static let number = "0.1.0"
    /// The day the release was made, for the man page's footer.
    static let date = "2026-11-29"
    /// The full hash of the commit built from, or `nil` (a source archive, or no git): see `BuildCommitPlugin`.
    static let commit: String? = BuildCommit.hash

    /// The line `--version` prints: `badgebar 0.1.0 (commit 2b7ea14c1d2e)`, or `badgebar 0.1.0`.
    static var line: String {
        let commitPart = commit.map { " (commit \($0.prefix(12)))" } ?? ""
        return "badgebar \(number)\(commitPart)"
    }
}
