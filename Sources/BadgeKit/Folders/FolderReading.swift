/// What a folder source gave when it was looked at: a count, a change of its path, or why it cannot be counted.
package enum FolderReading: Sendable, Equatable {
    /// The count the folder gives now.
    case count(Int)
    /// What the path leads to changed (a source of ``FolderSource/Kind/changes``).
    case changed
    /// The folder cannot be read, in words (`the Maildir '~/Maildir' has no 'cur': no such folder`): its button is
    /// marked stale, its count left as it was.
    case unavailable(String)
}
