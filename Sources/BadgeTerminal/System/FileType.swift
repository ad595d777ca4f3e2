import CNCursesW

/// The kind of file a descriptor or a path refers to, read from a `stat`'s `st_mode`.
package enum FileType: Sendable, Equatable {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A FIFO or a pipe.
    case fifo
    /// A character device: a terminal, `/dev/null`, `/dev/zero` and the like.
    case characterDevice
    /// A block device.
    case blockDevice
    /// A socket.
    case socket
    /// A symbolic link (only from `lstat`; `stat` and `fstat` follow links).
    case symbolicLink
    /// Anything else.
    case other

    /// The type a `stat` result records.
    package init(_ status: stat) {
        switch status.st_mode & Platform.fileTypeMask {
        case mode_t(S_IFREG): self = .regular
        case mode_t(S_IFDIR): self = .directory
        case mode_t(S_IFIFO): self = .fifo
        case mode_t(S_IFCHR): self = .characterDevice
        case mode_t(S_IFBLK): self = .blockDevice
        case mode_t(S_IFSOCK): self = .socket
        case mode_t(S_IFLNK): self = .symbolicLink
        default: self = .other
        }
    }
}
