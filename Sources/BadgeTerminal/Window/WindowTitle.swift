import BadgeKit

/// How to set the terminal window's title, for a terminal that has one, and how to give the old one back.
///
/// The window's own title is kept on xterm's title stack: pushed when the
/// program takes the terminal (``push``), popped on every way out (``pop``, also
/// among the bytes the crash guard writes). The title itself is set with the
/// terminfo strings `tsl` and `fsl` where the terminal's description has them,
/// else with OSC 2 for terminal types known to speak xterm's title sequences.
/// Inside tmux the title becomes the pane's (`#{pane_title}`), which tmux keeps
/// a stack for too; GNU screen keeps neither, so there the title is left alone.
package struct WindowTitle: Sendable, Equatable {
    /// The bytes before the title text: `tsl`, or OSC 2 (`ESC ] 2 ;`).
    package var start: [UInt8]
    /// The bytes after it: `fsl`, or BEL.
    package var end: [UInt8]

    /// Saves the window's title on the title stack (XTWINOPS 22, icon and window title).
    package static let push: [UInt8] = Array("\u{1B}[22;0t".utf8)
    /// Gives the saved title back from the stack (XTWINOPS 23).
    package static let pop: [UInt8] = Array("\u{1B}[23;0t".utf8)
    /// OSC 2, the xterm sequence that sets the window's title.
    package static let xterm = WindowTitle(start: Array("\u{1B}]2;".utf8), end: [0x07])
    /// The most characters of a title sent; a longer one is cut.
    package static let longestTitleCharacters = 200

    /// The beginnings of terminal types that take xterm's title sequences though their description lacks `tsl`.
    static let xtermCompatibleTypes = [
        "xterm", "rxvt", "alacritty", "foot", "kitty", "wezterm", "vte", "gnome", "konsole", "contour", "ghostty",
        "mintty", "iterm", "st-", "tmux",
    ]

    /// Creates the bytes around a title.
    package init(start: [UInt8], end: [UInt8]) {
        self.start = start
        self.end = end
    }

    /// How to set the title in this terminal, or `nil` when it has no title to set or none that can be given back.
    ///
    /// - Parameters:
    ///   - terminalType: `TERM`.
    ///   - environment: Looks up `TMUX` and `STY`, which say tmux or GNU screen is in between.
    ///   - capability: A terminfo string capability's bytes, empty when the description lacks it.
    package static func detect(
        terminalType: String, environment: (String) -> String?, capability: (String) -> [UInt8]
    ) -> WindowTitle? {
        if let tmux = environment("TMUX"), !tmux.isEmpty {
            return .xterm
        }
        if terminalType.hasPrefix("screen") || environment("STY").map({ !$0.isEmpty }) == true {
            return nil
        }
        let start = capability("tsl")
        let end = capability("fsl")
        if !start.isEmpty && !end.isEmpty {
            return WindowTitle(start: start, end: end)
        }
        return xtermCompatibleTypes.contains { terminalType.hasPrefix($0) } ? .xterm : nil
    }

    /// The bytes that set the title: control characters left out, cut to ``longestTitleCharacters``.
    package func bytes(for title: String) -> [UInt8] {
        let text = String(Sanitizer.printable(title, replacement: nil).prefix(Self.longestTitleCharacters))
        return start + Array(text.utf8) + end
    }
}
