import CNCursesW
import Foundation
import Synchronization
import Testing

@testable import BadgeTerminal

/// Files, pipes, terminals and process settings for tests of the I/O types, each undone when the test is done.
enum SystemFixtures {
    /// A path in the temporary directory that does not exist yet.
    static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "badgebar-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
    }

    /// A new pseudo-terminal: its master, and the path of its slave (`/dev/pts/N`).
    ///
    /// Made with `posix_openpt`, `grantpt`, `unlockpt` and `ptsname_r`, which glibc's
    /// Swift module leaves out (they need `_XOPEN_SOURCE`), so they are looked up by name.
    static func openPseudoTerminal() throws -> (master: Int32, slavePath: String) {
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Prepare = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                throw FixtureError("\(name) is not in the C library")
            }
            return unsafeBitCast(symbol, to: type)
        }
        let master = try function("posix_openpt", as: Open.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw FixtureError("posix_openpt: \(String(cString: strerror(errno)))") }
        var name = [CChar](repeating: 0, count: 128)
        guard try function("grantpt", as: Prepare.self)(master) == 0,
            try function("unlockpt", as: Prepare.self)(master) == 0,
            try function("ptsname_r", as: Name.self)(master, &name, name.count) == 0
        else {
            close(master)
            throw FixtureError("cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        return (master, String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Runs a body with a signal ignored, then puts its previous action back.
    static func withSignalIgnored<Result>(_ signal: Int32, _ body: () throws -> Result) rethrows -> Result {
        var ignore = Platform.action(disposition: .ignore)
        var previous = sigaction()
        sigaction(signal, &ignore, &previous)
        defer { sigaction(signal, &previous, nil) }
        return try body()
    }

    /// Runs a body with the largest file the process may write limited, and SIGXFSZ ignored, then undoes both.
    ///
    /// The limit is process-wide: keep the body to the one write it is for.
    static func withFileSizeLimit<Result>(_ bytes: Int, _ body: () throws -> Result) throws -> Result {
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        var previous = rlimit()
        try #require(getrlimit(resource, &previous) == 0)
        var limited = previous
        limited.rlim_cur = rlim_t(bytes)
        return try withSignalIgnored(SIGXFSZ) {
            try #require(setrlimit(resource, &limited) == 0, "setrlimit: \(String(cString: strerror(errno)))")
            defer { setrlimit(resource, &previous) }
            return try body()
        }
    }

    /// Runs a body on its own thread and waits for it at most some seconds; `nil` if it did not return in time.
    ///
    /// A body that blocks makes the test fail rather than hang; it is left to finish on its own.
    static func run<Result: Sendable>(
        waitingAtMostSeconds seconds: Double, _ body: @escaping @Sendable () -> Result
    ) -> Result? {
        let box = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let result = body()
            box.withLock { $0 = result }
            done.signal()
        }
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.withLock { $0 }
    }

    /// The size of a file.
    static func fileSize(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.intValue ?? -1
    }
}

/// A fixture that could not be set up.
struct FixtureError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
