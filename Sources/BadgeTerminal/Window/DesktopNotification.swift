import BadgeKit

/// A desktop notification sent through the terminal, in the escape sequence the terminal understands, or its bell.
///
/// - OSC 777 (`ESC ] 777 ; notify ; TITLE ; BODY BEL`): VTE terminals (GNOME Terminal, Tilix…), foot, urxvt.
/// - OSC 9 (`ESC ] 9 ; BODY BEL`): iTerm2, WezTerm, Windows Terminal, Ghostty.
/// - OSC 99 (`ESC ] 99 ; i=…:d=0 ; TITLE ST`, then the body with `d=1:p=body`): kitty.
/// - A bell everywhere else, which most terminals turn into an urgency hint or a sound.
///
/// Inside tmux the sequence goes through tmux's passthrough (`ESC P tmux ; … ESC \`,
/// every ESC doubled) to the terminal tmux runs in, when the pane allows it
/// (`allow-passthrough`); otherwise a bell, which tmux passes on by its `bell-action`.
package struct DesktopNotification: Sendable, Equatable {
    /// The escape sequence a terminal takes for notifications.
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        /// OSC 777, `notify`: VTE, foot, urxvt.
        case osc777
        /// OSC 9: iTerm2, WezTerm, Windows Terminal.
        case osc9
        /// OSC 99: kitty.
        case osc99
        /// BEL, for terminals with none of the above.
        case bell
    }

    /// The sequence to send.
    package var kind: Kind
    /// Whether to wrap it in tmux's passthrough.
    package var passesThroughTmux: Bool

    /// Creates a way to notify.
    package init(kind: Kind, passesThroughTmux: Bool = false) {
        self.kind = kind
        self.passesThroughTmux = passesThroughTmux && kind != .bell
    }

    /// What tmux says about the pane and the terminal it is shown in.
    package struct TmuxClient: Sendable, Equatable {
        /// The `TERM` of the terminal tmux runs in (`#{client_termname}`), if a client is attached.
        package var terminalName: String
        /// That terminal's own name and version as it answered tmux (`#{client_termtype}`), such as `kitty(0.26.5)`.
        package var terminalType: String
        /// Whether the pane lets escape sequences through to that terminal (`#{allow-passthrough}`).
        package var allowsPassthrough: Bool

        /// Creates a description.
        package init(terminalName: String, terminalType: String, allowsPassthrough: Bool) {
            self.terminalName = terminalName
            self.terminalType = terminalType
            self.allowsPassthrough = allowsPassthrough
        }

        /// The format `tmux display-message -p` fills in for ``init(reply:)``.
        package static let format = "#{client_termname}\t#{client_termtype}\t#{allow-passthrough}"

        /// Reads tmux's answer to ``format``; `nil` for anything else.
        package init?(reply: String) {
            let fields = reply.split(separator: "\t", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: "\n\r ")
            }
            guard fields.count == 3 else { return nil }
            self.init(
                terminalName: fields[0], terminalType: fields[1],
                allowsPassthrough: !["", "0", "off"].contains(fields[2]))
        }
    }

    /// How to notify in a terminal, from its environment (and tmux's answer, inside tmux).
    ///
    /// - Parameters:
    ///   - environment: Looks up `TERM`, `TERM_PROGRAM`, `LC_TERMINAL`, `TMUX`, and the variables
    ///     terminals set for their programs (`KITTY_WINDOW_ID`, `VTE_VERSION`, `WT_SESSION`, `WEZTERM_PANE`).
    ///   - tmux: What tmux said, inside tmux; `nil` when it could not be asked.
    package static func detect(environment: (String) -> String?, tmux: TmuxClient?) -> DesktopNotification {
        let insideTmux = environment("TMUX").map { !$0.isEmpty } ?? false
        guard insideTmux else {
            return DesktopNotification(
                kind: kind(
                    terminalType: environment("TERM") ?? "", program: environment("TERM_PROGRAM") ?? "",
                    answer: "", environment: environment))
        }
        guard let tmux, tmux.allowsPassthrough else {
            return DesktopNotification(kind: .bell)
        }
        // tmux sets TERM and TERM_PROGRAM for its panes: the terminal outside is the client's.
        let outer = kind(
            terminalType: tmux.terminalName, program: "", answer: tmux.terminalType, environment: environment)
        return DesktopNotification(kind: outer, passesThroughTmux: true)
    }

    /// The sequence a terminal takes, by its program name, its type, its own answer and its variables.
    static func kind(
        terminalType: String, program: String, answer: String, environment: (String) -> String?
    ) -> Kind {
        func isSet(_ name: String) -> Bool { environment(name).map { !$0.isEmpty } ?? false }
        let answer = answer.lowercased()
        switch program {
        case "iTerm.app", "WezTerm", "ghostty": return .osc9
        case "vscode": return .bell
        default: break
        }
        if terminalType == "xterm-kitty" || answer.hasPrefix("kitty") || isSet("KITTY_WINDOW_ID") {
            return .osc99
        }
        if environment("LC_TERMINAL") == "iTerm2" || answer.hasPrefix("iterm2") || answer.hasPrefix("wezterm")
            || terminalType == "wezterm" || terminalType == "xterm-ghostty" || answer.hasPrefix("ghostty")
            || isSet("WEZTERM_PANE") || isSet("WT_SESSION")
        {
            return .osc9
        }
        if terminalType.hasPrefix("foot") || terminalType.hasPrefix("rxvt") || terminalType.hasPrefix("vte")
            || answer.hasPrefix("foot") || answer.hasPrefix("vte") || isSet("VTE_VERSION")
        {
            return .osc777
        }
        return .bell
    }

    /// The bytes that send a notification.
    ///
    /// Control characters are left out of the title and body, `;` in OSC 777's title
    /// (its separator) becomes `,`, and OSC 9's text (`TITLE: BODY`) gets a space
    /// first when it starts with a digit (`ESC ] 9 ; 4 ;` is ConEmu's progress bar).
    package func bytes(title: String, body: String) -> [UInt8] {
        let title = Self.clean(title)
        let body = Self.clean(body)
        let sequence: String
        switch kind {
        case .osc777:
            sequence = "\u{1B}]777;notify;\(title.replacingSemicolons);\(body)\u{07}"
        case .osc9:
            var message = "\(title): \(body)"
            if message.first?.isNumber == true { message = " " + message }
            sequence = "\u{1B}]9;\(message)\u{07}"
        case .osc99:
            sequence =
                "\u{1B}]99;i=badgebar:d=0;\(title)\u{1B}\\" + "\u{1B}]99;i=badgebar:d=1:p=body;\(body)\u{1B}\\"
        case .bell:
            return [0x07]
        }
        let bytes = Array(sequence.utf8)
        guard passesThroughTmux else { return bytes }
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        for byte in bytes {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        return wrapped + Array("\u{1B}\\".utf8)
    }

    /// Text without control characters, at most 200 characters.
    private static func clean(_ text: String) -> String {
        String(Sanitizer.printable(text, replacement: nil).prefix(200))
    }
}

extension String {
    /// The text with `;` turned into `,`, for a field of an escape sequence that `;` separates.
    fileprivate var replacingSemicolons: String {
        String(map { $0 == ";" ? "," : $0 })
    }

    /// The text without the given characters at either end.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var text = Substring(self)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return String(text)
    }
}

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
