import Foundation
import Glibc

/// An X server of the test's own: Xvfb on a display number it picks itself.
///
/// `Xvfb -displayfd 1` takes the first free display (its lock file makes the choice safe against
/// other runs on the machine) and writes the number on standard output once it accepts clients.
/// Always ``close()`` it (in a `defer`); `deinit` does too.
final class VirtualDisplay {
    /// The commands the real-terminal tests run, and the Debian packages that provide them.
    static let requiredCommands: KeyValuePairs<String, String> = [
        "Xvfb": "xvfb", "xterm": "xterm", "xdotool": "xdotool", "import": "imagemagick",
    ]

    /// The display's number: `DISPLAY=:<number>`.
    let number: Int
    /// A directory of its own for logs and screenshots, removed by ``close()``.
    let directory: TemporaryDirectory
    private let server: BackgroundProcess

    /// Starts Xvfb with one 24-bit screen.
    ///
    /// - Throws: When a command the tests need is missing (naming the packages to install), or
    ///   when Xvfb gives no display number within `timeout`: the test fails, it never skips.
    init(timeout: Duration = .seconds(15)) throws {
        let missing = Self.requiredCommands.filter { !Self.isOnPath($0.key) }
        guard missing.isEmpty else {
            throw EndToEndFailure(
                "the real-terminal tests need \(missing.map(\.key).joined(separator: ", ")): "
                    + "run `make test-deps` as root, or apt-get install \(missing.map(\.value).joined(separator: " ")) "
                    + "fonts-dejavu-core fonts-noto-color-emoji")
        }
        directory = try TemporaryDirectory()
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            directory.remove()
            throw EndToEndFailure("pipe failed: \(String(cString: strerror(errno)))")
        }
        let readEnd = descriptors[0]
        defer { Glibc.close(readEnd) }
        let log = directory.path + "/xvfb.log"
        let logDescriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        do {
            defer {
                Glibc.close(descriptors[1])
                Glibc.close(logDescriptor)
            }
            server = try BackgroundProcess(
                "Xvfb", ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-noreset"],
                environment: ChildProcess.cleanEnvironment(), standardOutput: descriptors[1],
                standardError: logDescriptor)
        } catch {
            directory.remove()
            throw error
        }
        do {
            number = try Self.readDisplayNumber(from: readEnd, server: server, timeout: timeout, log: log)
        } catch {
            server.stop()
            directory.remove()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Stops the server and removes the directory; safe to call more than once.
    func close() {
        server.stop()
        directory.remove()
    }

    /// The environment for a program on this display: the clean one, with `DISPLAY` and a
    /// `HOME` of the test's own (so no one's X resources or terminal settings apply).
    func environment(_ extra: [String] = []) -> [String] {
        ChildProcess.cleanEnvironment().filter { !$0.hasPrefix("HOME=") }
            + ["DISPLAY=:\(number)", "HOME=\(directory.path)"] + extra
    }

    /// Runs an X client (`xdotool`, `import`) on this display and returns its standard output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], timeout: Double = 10) throws -> String {
        let result = try ChildProcess.run(executable, arguments, environment: environment(), timeout: timeout)
        guard result.status == .exited(0) else {
            throw EndToEndFailure(
                "\(executable) \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    private static func readDisplayNumber(
        from descriptor: Int32, server: BackgroundProcess, timeout: Duration, log: String
    ) throws -> Int {
        let deadline = ContinuousClock.now + timeout
        var text = ""
        while !text.contains("\n") {
            if let status = server.exitStatus() {
                throw EndToEndFailure(
                    "Xvfb ended (\(status)) before giving a display: "
                        + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
            }
            guard ContinuousClock.now < deadline else {
                throw EndToEndFailure("Xvfb gave no display number within \(timeout)")
            }
            var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                text += String(decoding: buffer[..<count], as: UTF8.self)
            } else if count == 0 {
                usleep(20_000)  // Closed: the exit check above says why.
            }
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw EndToEndFailure("Xvfb wrote '\(text)' where a display number belongs")
        }
        return number
    }

    private static func isOnPath(_ command: String) -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(command)", X_OK) == 0 }
    }
}
