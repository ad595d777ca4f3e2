/// What went wrong with an output sink, as a program is told of it.
public enum SinkProblem: Equatable, Sendable {
    /// Lines were dropped because the reader did not keep up; more may follow after it catches up.
    case dropped(lineCount: Int)
    /// Writing failed for good (the reader went away, the disk is full): nothing more is written.
    ///
    /// - Parameters:
    ///   - errorNumber: The `errno` of the write that failed, such as `EPIPE`.
    ///   - reason: The failure in words, as `strerror` says it.
    case closed(errorNumber: Int32, reason: String)
}
