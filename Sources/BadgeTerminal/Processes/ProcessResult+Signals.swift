import BadgeKit

extension ProcessResult.Termination {
    /// The end of a run by a signal, named as this platform names it (`SIGKILL`).
    public static func signaled(_ signal: Int32) -> Self {
        .signaled(signal, name: Platform.name(ofSignal: signal))
    }
}
