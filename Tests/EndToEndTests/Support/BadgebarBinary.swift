import Foundation
import Glibc
import Synchronization
import Testing

/// Finds the `badgebar` executable the end-to-end tests drive.
enum BadgebarBinary {
    /// The package root: this file is `<root>/Tests/EndToEndTests/Support/BadgebarBinary.swift`.
    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // EndToEndTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
            .path
    }()

    /// The binary: `$BADGEBAR_BINARY` if set (relative paths are taken from the package root),
    /// else `.build/release/badgebar`, else `.build/debug/badgebar`.
    ///
    /// - Throws: When none exists, so the test fails with a message saying what to build;
    ///   it never skips.
    static func path() throws -> String {
        if let variable = getenv("BADGEBAR_BINARY").map({ String(cString: $0) }), !variable.isEmpty {
            let path = variable.hasPrefix("/") ? variable : packageRoot + "/" + variable
            guard isExecutableFile(path) else {
                throw EndToEndFailure(
                    "BADGEBAR_BINARY is set to '\(variable)' but \(path) is not an executable file")
            }
            return path
        }
        let candidates = [".build/release/badgebar", ".build/debug/badgebar"].map { packageRoot + "/" + $0 }
        if let path = candidates.first(where: isExecutableFile) {
            if path == candidates[0], isExecutableFile(candidates[1]),
                modificationTime(candidates[1]) > modificationTime(candidates[0]),
                warnedAboutOldRelease.withLock({ warned in
                    defer { warned = true }
                    return !warned
                })
            {
                let message =
                    "testing \(path), which is older than \(candidates[1]): run `swift build -c release` "
                    + "or set BADGEBAR_BINARY to test the newer build"
                Issue.record(Comment(rawValue: message), severity: .warning)
            }
            return path
        }
        throw EndToEndFailure(
            "no badgebar binary: looked for \(candidates.joined(separator: " and ")); "
                + "run `swift build` (or `swift build -c release`) first, or set BADGEBAR_BINARY")
    }

    /// Whether the warning about an old release binary was given (once per run is enough).
    private static let warnedAboutOldRelease = Mutex(false)

    private static func modificationTime(_ path: String) -> Double {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
