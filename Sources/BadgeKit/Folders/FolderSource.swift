/// A count a folder gives, or a watch a path sets off, as `--count-files`, `--maildir` and `--watch-path` name
/// them: what to follow and how to read what is there.
///
/// The runner's folder watcher follows each source's folders as the kernel tells of
/// their changes (inotify), lists them when they change and hands the engine a
/// ``FolderReading``; nothing is polled. A source names its button by title as
/// commands do (exactly, else ignoring case).
///
/// - `entries`: the names in a folder that match a pattern (every name not hidden without one), as
///   `ls DIR | wc -l` counts them.
/// - `maildir`: the unread mail of a Maildir as mail programs count it: every message in `new/`, and those in
///   `cur/` whose flags (after `:2,`) have no `S`.
/// - `changes`: no count of its own: the button's watches run again whenever what the path leads to changes,
///   instead of on their interval.
package struct FolderSource: Sendable, Equatable {
    /// What a source reads.
    package enum Kind: Sendable, Equatable {
        /// The names in the folder that match the pattern, or every name not hidden.
        case entries(pattern: GlobPattern?)
        /// The unread mail of a Maildir.
        case maildir
        /// A change of the path, which runs the button's watches.
        case changes
    }

    /// The title of the button it feeds, as typed.
    package var buttonTitle: String
    /// The folder (or, for ``Kind/changes``, the file or folder) as the user wrote it, for messages.
    package var path: String
    /// What it reads.
    package var kind: Kind

    /// Creates a source.
    package init(buttonTitle: String, path: String, kind: Kind) {
        self.buttonTitle = buttonTitle
        self.path = path
        self.kind = kind
    }

    /// A source of `--count-files`, from `DIR` or `DIR/PATTERN`: the last name is a pattern when it holds `*`,
    /// `?` or `[`.
    package static func entries(buttonTitle: String, text: String) -> FolderSource {
        var folder = text
        var pattern: GlobPattern?
        if let slash = text.lastIndex(of: "/") {
            let last = String(text[text.index(after: slash)...])
            if GlobPattern.isPattern(last) {
                pattern = GlobPattern(last)
                folder = slash == text.startIndex ? "/" : String(text[..<slash])
            }
        } else if GlobPattern.isPattern(text) {
            pattern = GlobPattern(text)
            folder = "."
        }
        return FolderSource(buttonTitle: buttonTitle, path: folder, kind: .entries(pattern: pattern))
    }

    /// The folders under ``path`` that are listed, by name (empty for the folder itself): one for entries, `new`
    /// and `cur` for a Maildir, none for changes, whose path is only followed.
    package var listedFolders: [String] {
        switch kind {
        case .entries: return [""]
        case .maildir: return ["new", "cur"]
        case .changes: return []
        }
    }

    /// The count the listings of ``listedFolders`` give, in the same order.
    package func count(listings: [[String]]) -> Int {
        switch kind {
        case .entries(let pattern):
            let names = listings.first ?? []
            guard let pattern else { return names.count(where: { !$0.hasPrefix(".") }) }
            return names.count(where: { pattern.matches($0) })
        case .maildir:
            let new = (listings.first ?? []).count(where: { !$0.hasPrefix(".") })
            let current = listings.dropFirst().first ?? []
            return new + current.count(where: { !$0.hasPrefix(".") && !Self.isSeen(messageNamed: $0) })
        case .changes:
            return 0
        }
    }

    /// Whether a message's file name in a Maildir's `cur/` carries the seen flag: `S` among the flags after
    /// the last `:2,` (or `!2,` and `;2,`, which some programs write where a colon cannot be in a name).
    package static func isSeen(messageNamed name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        var index = scalars.count - 3
        while index >= 0 {
            if ":!;".unicodeScalars.contains(scalars[index]) && scalars[index + 1] == "2" && scalars[index + 2] == "," {
                return scalars[(index + 3)...].contains("S")
            }
            index -= 1
        }
        return false
    }

    /// What the source is in words: `the folder '~/Downloads'`, `the Maildir '~/Maildir'`.
    package var describedPath: String {
        switch kind {
        case .entries: return "the folder '\(Sanitizer.printable(path))'"
        case .maildir: return "the Maildir '\(Sanitizer.printable(path))'"
        case .changes: return "'\(Sanitizer.printable(path))'"
        }
    }
}
