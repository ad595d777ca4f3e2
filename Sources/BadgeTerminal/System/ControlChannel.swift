import BadgeKit
import CNCursesW

/// A FIFO through which other programs talk to a running `badgebar`: a bar's click command presses a button,
/// a script refreshes the watches or sets a count.
///
/// The running program makes the FIFO (``open(path:)``) and reads it as a live
/// input source, a line at a time; a client writes one line (``send(_:to:)``),
/// which a FIFO delivers whole when it is shorter than `PIPE_BUF`. The FIFO the
/// program made is removed when it is done (``remove()``); one that was there
/// already stays.
package struct ControlChannel: Sendable {
    /// The FIFO's path.
    package let path: String
    /// Whether this program made the FIFO, and so removes it at the end.
    package let madeFIFO: Bool
    /// The device and inode of the FIFO this program made, so that only that FIFO is removed at the end, never
    /// what has taken its path since.
    private var identity: (device: UInt64, inode: UInt64)?

    /// The longest line a client may send: a FIFO writes this much in one piece (`PIPE_BUF` is at least 512).
    package static let longestLineBytes = 512

    /// Why a channel cannot be opened or a line cannot be sent, in one line each.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path names something other than a FIFO.
        case notFIFO(path: String)
        /// The FIFO could not be made or reached.
        case system(path: String, SystemError)
        /// Nothing reads the FIFO: no `badgebar` runs with `--control` on it.
        case noReader(path: String)
        /// The line is longer than ``ControlChannel/longestLineBytes``.
        case lineTooLong(byteCount: Int)

        package var description: String {
            switch self {
            case .notFIFO(let path):
                return "--control \(Sanitizer.printable(path)): not a FIFO; name a new path or a FIFO"
            case .system(let path, let error):
                return "--control \(Sanitizer.printable(path)): \(error.reason)"
            case .noReader(let path):
                let path = Sanitizer.printable(path)
                return "no badgebar reads \(path); start one with --control \(path)"
            case .lineTooLong(let byteCount):
                return
                    "the line for --control is \(byteCount) bytes; at most \(ControlChannel.longestLineBytes) go in one piece"
            }
        }
    }

    /// Makes the FIFO at a path (wraps `mkfifo`, mode 0600) unless a FIFO is there already.
    ///
    /// - Throws: ``Failure/notFIFO(path:)`` for a path that names anything else, ``Failure/system(path:_:)``
    ///   when the FIFO cannot be made.
    package static func open(path: String) throws(Failure) -> ControlChannel {
        if let status = try? FileDescriptor.status(ofPath: path) {
            guard FileType(status) == .fifo else { throw .notFIFO(path: path) }
            return ControlChannel(path: path, madeFIFO: false)
        }
        do {
            _ = try SystemCall.once("mkfifo") { Platform.makeFIFO(path, 0o600) }
        } catch {
            throw .system(path: path, error)
        }
        var channel = ControlChannel(path: path, madeFIFO: true)
        channel.identity = (try? FileDescriptor.status(ofPath: path)).map { (UInt64($0.st_dev), UInt64($0.st_ino)) }
        return channel
    }

    /// Removes the FIFO if this program made it (wraps `unlink`); what fails is left as it is.
    package func remove() {
        guard madeFIFO, let identity, let status = try? FileDescriptor.status(ofPath: path),
            UInt64(status.st_dev) == identity.device, UInt64(status.st_ino) == identity.inode
        else { return }
        _ = Platform.removeFile(path)
    }

    /// Writes one line (a newline is added) to the program that reads a channel, without waiting for it.
    ///
    /// - Throws: ``Failure/noReader(path:)`` when no program reads the path (it is missing, or a FIFO with no
    ///   reader), ``Failure/notFIFO(path:)``, ``Failure/lineTooLong(byteCount:)``, or ``Failure/system(path:_:)``.
    package static func send(_ line: String, to path: String) throws(Failure) {
        let bytes = Array((line + "\n").utf8)
        guard bytes.count <= longestLineBytes else { throw .lineTooLong(byteCount: bytes.count) }
        guard let status = try? FileDescriptor.status(ofPath: path) else { throw .noReader(path: path) }
        guard FileType(status) == .fifo else { throw .notFIFO(path: path) }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, O_WRONLY | O_NONBLOCK)
        } catch {
            if error.errorNumber == ENXIO { throw .noReader(path: path) }
            throw .system(path: path, error)
        }
        defer { descriptor.close() }
        let failure = bytes.withUnsafeBytes { buffer -> SystemError? in
            do throws(SystemError) {
                try descriptor.writeAll(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            if failure.errorNumber == EPIPE { throw .noReader(path: path) }
            throw .system(path: path, failure)
        }
    }
}
