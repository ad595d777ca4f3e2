import BadgeKit

extension DesktopNotification.TmuxClient {
    /// Asks the tmux the program runs in about its pane and client, waiting at most a moment; `nil` outside
    /// tmux, or when tmux does not answer.
    ///
    /// Runs `tmux display-message -p -t $TMUX_PANE` with ``format`` (tmux finds its server by `TMUX`),
    /// as a child of its own that is ended if it takes longer than `timeLimitSeconds`.
    package static func ask(
        environment: (String) -> String?, timeLimitSeconds: Double = 1
    ) -> DesktopNotification.TmuxClient? {
        guard let tmux = environment("TMUX"), !tmux.isEmpty else { return nil }
        let pane = environment("TMUX_PANE").map { " -t " + ShellWord.quoted($0) } ?? ""
        let request = ProcessRequest(
            identifier: 0, command: "exec tmux display-message -p\(pane) " + ShellWord.quoted(format),
            environment: ["TMUX": tmux], timeLimitSeconds: timeLimitSeconds, outputLimitBytes: 1024)
        let result = ProcessSupervisor().runToEnd(request)
        guard result.succeeded else { return nil }
        return Self(reply: String(decoding: result.output, as: UTF8.self))
    }
}
