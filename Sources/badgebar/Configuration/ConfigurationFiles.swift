import BadgeTerminal
import CNCursesW

/// Where a board's file is found, and how it is read: a seam, so a test gives files without a disk.
struct ConfigurationFiles: Sendable {
    /// What reading a file gave.
    enum Contents: Equatable, Sendable {
        /// The file's text.
        case text(String)
        /// There is no file there.
        case missing
        /// There is something there that cannot be read, and why.
        case unreadable(String)
    }

    /// Reads a file whole.
    var read: @Sendable (_ path: String) -> Contents

    /// No files at all: the command line alone.
    static let none = ConfigurationFiles { _ in .missing }

    /// The files on disk.
    static let system = ConfigurationFiles { path in readFile(path) }

    /// The largest file read, in bytes: a board is a page of text, and anything larger is not one.
    static let largestFileBytes = 1 << 20

    /// The name of the file read without `--config`, in badgebar's folder.
    static let defaultName = "config"
    /// What a name given to `--config` is followed by in badgebar's folder.
    static let nameExtension = ".conf"

    /// Badgebar's folder of files: `$XDG_CONFIG_HOME/badgebar`, or `~/.config/badgebar` when XDG_CONFIG_HOME is
    /// unset, empty or not absolute (as the XDG Base Directory Specification says); `nil` without either.
    static func folder(environment: (String) -> String?) -> String? {
        if let base = environment("XDG_CONFIG_HOME"), base.hasPrefix("/") {
            return base.trimmingTrailingSlashes + "/badgebar"
        }
        guard let home = environment("HOME"), !home.isEmpty else { return nil }
        return home.trimmingTrailingSlashes + "/.config/badgebar"
    }

    /// Whether a `--config` value names a file in badgebar's folder rather than giving a path: it has no `/`
    /// and no `.` in it (`mail`, not `./mail` or `mail.conf`).
    static func isName(_ value: String) -> Bool {
        !value.contains("/") && !value.contains(".")
    }

    /// The path a `--config` value stands for: itself, or `NAME.conf` in badgebar's folder.
    ///
    /// - Throws: A usage error for a name when neither XDG_CONFIG_HOME nor HOME says where the folder is.
    static func path(forConfig value: String, environment: (String) -> String?) throws(Options.UsageError) -> String {
        guard isName(value) else { return value }
        guard let folder = folder(environment: environment) else {
            throw Options.UsageError(
                message: "--config \(value): neither XDG_CONFIG_HOME nor HOME is set, so there is no folder to find "
                    + "\(value)\(nameExtension) in; give its path")
        }
        return "\(folder)/\(value)\(nameExtension)"
    }

    /// Reads a file with `open` and `read`: not a folder, at most ``largestFileBytes``, bytes that are not UTF-8
    /// replaced.
    private static func readFile(_ path: String) -> Contents {
        let descriptor: SystemDescriptor
        do {
            // Without waiting for a writer: a FIFO nothing writes to reads as empty instead of holding the
            // program (and its signals) until something does.
            descriptor = try SystemDescriptor.open(path, O_RDONLY | O_NONBLOCK)
        } catch {
            if error.errorNumber == ENOENT { return .missing }
            return .unreadable("cannot open '\(path)': \(error.reason)")
        }
        defer { descriptor.close() }
        if let status = try? descriptor.status(), status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) {
            return .unreadable("'\(path)' is a folder, not a board's file")
        }
        // A pipe that has a writer (`--config <(…)`) is read to its end, waiting for it.
        if let flags = try? descriptor.statusFlags() {
            try? descriptor.setStatusFlags(flags & ~O_NONBLOCK)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let result = buffer.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) -> Int? in try descriptor.read(into: buffer) }
            }
            let count: Int?
            switch result {
            case .success(let read): count = read
            case .failure(let error): return .unreadable("cannot read '\(path)': \(error.reason)")
            }
            guard let count, count > 0 else { break }
            bytes += buffer[..<count]
            if bytes.count > largestFileBytes {
                return .unreadable("'\(path)' is larger than 1 MiB, too large for a board's file")
            }
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}

extension String {
    /// The text without the slashes at its end (but `/` alone stays).
    var trimmingTrailingSlashes: String {
        var text = Substring(self)
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return String(text)
    }
}
