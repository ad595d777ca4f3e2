import CNCursesW

/// A system call that failed: its name and the `errno` it set.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call, as a user would look it up, such as `open` or `tcsetattr`.
    public var call: String
    /// The `errno` value.
    public var errorNumber: Int32

    /// Creates an error for a call and an `errno` value.
    public init(call: String, errorNumber: Int32) {
        self.call = call
        self.errorNumber = errorNumber
    }

    /// The error in words, such as `No space left on device` (wraps `strerror`).
    public var reason: String {
        String(cString: strerror(errorNumber))
    }

    /// The call and the reason, such as `write: No space left on device`.
    public var description: String {
        "\(call): \(reason)"
    }
}

/// Runs system calls the way every call in BadgeTerminal is run: retried on `EINTR`, failures thrown.
enum SystemCall {
    /// Runs a call that returns -1 and sets `errno` on failure, again while it fails with `EINTR`.
    ///
    /// - Parameters:
    ///   - name: The call's name, for the error.
    ///   - body: The call.
    /// - Returns: What the call returned.
    /// - Throws: ``SystemError`` for any failure other than `EINTR`.
    @discardableResult
    static func retrying<Result: BinaryInteger>(_ name: String, _ body: () -> Result) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let failure = Platform.errorNumber
            if failure != EINTR {
                throw SystemError(call: name, errorNumber: failure)
            }
        }
    }

    /// Runs a call once; `EINTR` is thrown like any other failure, for calls where a signal must end the wait.
    @discardableResult
    static func once<Result: BinaryInteger>(_ name: String, _ body: () -> Result) throws(SystemError) -> Result {
        let result = body()
        if result == -1 {
            throw SystemError(call: name, errorNumber: Platform.errorNumber)
        }
        return result
    }
}
