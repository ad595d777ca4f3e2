import Foundation

/// Runs a program found in `PATH` to its end, with its output and error collected.
struct Command {
    /// The status it exited with.
    var status: Int32
    /// What it wrote to standard output.
    var standardOutput: String
    /// What it wrote to standard error.
    var standardError: String

    /// Whether a program is installed, by `command -v`.
    static func isInstalled(_ name: String) -> Bool {
        (try? run("sh", ["-c", "command -v \"$0\"", name]).status) == 0
    }

    /// Runs a program with its arguments; standard input is empty, output and error go through files.
    ///
    /// - Throws: When the program cannot be started or its output cannot be read.
    static func run(_ name: String, _ arguments: [String]) throws -> Command {
        let folder = try TemporaryFolder()
        let outputPath = folder.path + "/output"
        let errorPath = folder.path + "/error"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
        process.waitUntilExit()
        return Command(
            status: process.terminationStatus, standardOutput: try String(contentsOfFile: outputPath, encoding: .utf8),
            standardError: try String(contentsOfFile: errorPath, encoding: .utf8))
    }
}

/// A folder of its own under the system's temporary folder, removed with everything in it when released.
final class TemporaryFolder {
    /// The folder's path.
    let path: String

    /// Makes the folder.
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("badgebar-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes a file in the folder and returns its path.
    func write(_ text: String, to name: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The package's files, found from this source file's place: `<root>/Tests/BadgeBarTests/Support/`.
enum PackageFiles {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A file of the package, as text.
    static func text(of relativePath: String) throws -> String {
        try String(contentsOfFile: root + "/" + relativePath, encoding: .utf8)
    }
}
