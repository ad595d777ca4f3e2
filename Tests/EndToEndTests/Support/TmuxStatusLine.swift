import Foundation
import Glibc

/// A tmux status line to read: an inner tmux server runs a status configuration, and an outer tmux shows a client
/// of it, so the status line's cells and colours can be captured.
///
/// Always ``close()`` it (in a `defer`).
final class TmuxStatusLine {
    /// The outer terminal, whose last row is the inner server's status line.
    let outer: TmuxTerminal
    /// The inner server's socket.
    private let socket: String
    private let environment = ChildProcess.cleanEnvironment(["TERM=xterm-256color"])

    /// Starts an inner server 80×6 in a folder, loads a status configuration into it, and attaches a client.
    ///
    /// - Parameters:
    ///   - configuration: tmux configuration lines, such as a `status-right` recipe; lines that hide the status
    ///     line's left part and window list are added.
    ///   - folder: Where the configuration file and the socket go.
    init(configuration: String, in folder: String) throws {
        let path = folder + "/status.conf"
        try configuration.appending(
            "set -g status-left ''\nset -g window-status-current-format ''\nset -g status-style default\n"
        ).write(toFile: path, atomically: true, encoding: .utf8)
        socket = folder + "/inner.sock"
        let run = { [socket, environment] (arguments: [String]) throws in
            try TmuxStatusLine.tmux(arguments, socket: socket, environment: environment)
        }
        try run(["new-session", "-d", "-s", "inner", "-x", "80", "-y", "6", "sleep 600"])
        do {
            try run(["source-file", path])
            outer = try TmuxTerminal(
                columns: 80, rows: 6, pipeline: "env -u TMUX tmux -S '\(socket)' -f /dev/null attach -t inner")
        } catch {
            _ = try? run(["kill-server"])
            throw error
        }
    }

    /// Ends the client and the inner server.
    func close() {
        outer.close()
        _ = try? Self.tmux(["kill-server"], socket: socket, environment: environment)
    }

    /// Runs a tmux command on the inner server.
    private static func tmux(_ arguments: [String], socket: String, environment: [String]) throws {
        let result = try ChildProcess.run(
            "tmux", ["-S", socket, "-f", "/dev/null"] + arguments, environment: environment)
        guard result.status == .exited(0) else {
            throw EndToEndFailure("tmux \(arguments) failed: \(result.standardError)")
        }
    }
}
