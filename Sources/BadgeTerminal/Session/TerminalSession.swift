import BadgeKit
import CNCursesW

/// The terminal while the program owns it: its modes, the screen ncurses paints, and putting everything back.
///
/// The session enters raw mode and the alternate screen, turns mouse reports
/// on (and focus reports, and pushes the window's title, when asked), and on
/// every way out (quit, a signal, a hang-up, suspend) leaves in the reverse
/// order: the screen cleared (for terminals that keep no alternate screen, such
/// as GNU screen by default), ncurses' own exit strings, mouse and focus reports
/// off, the window's own title popped, and then the saved modes. A crash is covered by ``CrashGuard``
/// with the same bytes, computed in advance.
final class TerminalSession {
    /// The terminal.
    let device: TerminalDevice
    /// The bytes on their way to the terminal.
    let output: TerminalOutput
    /// The screen ncurses paints.
    let painter: ScreenPainter
    /// Who has the terminal now.
    private(set) var ownership = Ownership.released
    /// Whether the program holds the terminal, so it may paint.
    var isHeld: Bool { ownership == .held }

    /// Who has the terminal.
    enum Ownership: Equatable {
        /// The program: raw mode, the alternate screen, mouse reports.
        case held
        /// The shell, as it was before the program started: nothing of the program's is left on it.
        case released
        /// The shell took it while the program was stopped from outside (`kill -STOP`): the terminal
        /// still shows the program's screen, but its modes are the shell's and the program is in the background.
        case takenAway
    }

    /// Whether the session was closed for good.
    private var isClosed = false
    /// Whether mouse reports are wanted.
    private let enablesMouse: Bool
    /// How to set the window's title, when the program shows one; the window's own is kept on the title stack.
    let windowTitle: WindowTitle?
    /// Whether the terminal reports the window gaining and losing the focus while the program holds it.
    let reportsFocus: Bool
    /// The title the program shows in the window: sent with the next frame, and again each time it takes the
    /// terminal.
    private var title: String?
    /// Whether ``title`` is still to be sent.
    private var titleIsWaiting = false

    /// How long leaving waits for a terminal that stopped reading before giving up on the rest, in seconds.
    static let leaveWaitSeconds = 0.5

    /// Mouse reporting on: button presses and releases (1000), in the SGR format (1006).
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Every mouse mode a terminal may be in, off, so none outlives the program.
    static let mouseOff = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1005l\u{1B}[?1006l\u{1B}[?1015l"
    /// Focus reporting on (DECSET 1004): the terminal sends `ESC [ I` and `ESC [ O`.
    static let focusOn = "\u{1B}[?1004h"
    /// Focus reporting off.
    static let focusOff = "\u{1B}[?1004l"

    /// Takes the terminal: raw mode, the painter at the terminal's size, and the crash guard.
    ///
    /// - Parameters:
    ///   - device: The terminal.
    ///   - painter: ncurses, started for the terminal's type and size.
    ///   - enablesMouse: Whether to ask for mouse reports.
    ///   - windowTitle: How to set the window's title, when the program shows one.
    ///   - reportsFocus: Whether to ask for focus reports.
    ///   - tee: Sees every byte written to the terminal, from the first, such as a recording.
    init(
        device: TerminalDevice, painter: ScreenPainter, enablesMouse: Bool, windowTitle: WindowTitle? = nil,
        reportsFocus: Bool = false, tee: ((UnsafeRawBufferPointer) -> Void)? = nil
    ) throws(TerminalError) {
        self.device = device
        self.painter = painter
        self.enablesMouse = enablesMouse
        self.windowTitle = windowTitle
        self.reportsFocus = reportsFocus
        output = TerminalOutput(descriptor: device.output, isNonBlocking: device.outputIsNonBlocking)
        output.tee = tee
        do {
            try CrashGuard.install(
                resetSequence: Self.resetSequence(restoresTitle: windowTitle != nil, reportsFocus: reportsFocus),
                savedModes: device.savedModes, descriptor: device.input.rawValue)
        } catch {
            throw .system(error)
        }
        CrashGuard.setOutputDescriptor(device.output.rawValue)
        do {
            try hold()
        } catch {
            CrashGuard.uninstall()
            throw .system(error)
        }
    }

    /// The bytes that put the terminal back without ncurses, for the crash handler.
    ///
    /// A CAN first ends any escape sequence a crash cut short; then the screen
    /// is cleared and the terminfo strings (padding applied, as every terminfo
    /// string sent) reset attributes, show the cursor, leave keypad mode and
    /// the alternate screen; last, mouse reports stop,
    /// and focus reports and the window's own title too when the program changed them.
    ///
    /// - Parameters:
    ///   - restoresTitle: Whether the window's title was pushed on the title stack, to pop it.
    ///   - reportsFocus: Whether focus reporting was turned on, to turn it off.
    static func resetSequence(restoresTitle: Bool = false, reportsFocus: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [0x18]
        for capability in ["clear", "sgr0", "cnorm", "rmkx", "rmcup"] {
            bytes += TerminfoString.bytes(of: capability)
        }
        bytes += Array(mouseOff.utf8)
        if reportsFocus {
            bytes += Array(focusOff.utf8)
        }
        if restoresTitle {
            bytes += WindowTitle.pop
        }
        return bytes
    }

    /// Keeps a title to show in the window with the next frame (``sendWaitingTitle()``), and each time the program
    /// takes the terminal back.
    ///
    /// Only the latest title waits, so titles never pile up for a terminal that is not reading.
    func setTitle(_ title: String) {
        guard windowTitle != nil else { return }
        self.title = title
        titleIsWaiting = true
    }

    /// Sends the title waiting to go out, if any, while the program holds the terminal.
    func sendWaitingTitle() {
        guard titleIsWaiting, isHeld, let windowTitle, let title else { return }
        titleIsWaiting = false
        windowTitle.bytes(for: title).withUnsafeBytes { output.append($0) }
    }

    /// Takes the terminal: raw mode, the alternate screen, mouse reports; the next paint paints every cell.
    ///
    /// The window's own title is pushed only when the terminal was released (which popped it): taking the
    /// terminal again after a stop from outside pushes nothing, so each push is paired with one pop.
    func hold() throws(SystemError) {
        try device.enterRawMode()
        let pushesTitle = ownership == .released
        ownership = .held
        painter.invalidate()
        painter.enter { output.append($0) }
        if enablesMouse {
            output.append(Self.mouseOn)
        }
        if reportsFocus {
            output.append(Self.focusOn)
        }
        if let windowTitle {
            if pushesTitle {
                WindowTitle.push.withUnsafeBytes { output.append($0) }
            }
            if let title {
                windowTitle.bytes(for: title).withUnsafeBytes { output.append($0) }
                titleIsWaiting = false
            }
        }
    }

    /// Takes the terminal back after something else had it (a stop from outside, a program run in the foreground).
    ///
    /// Raw mode and mouse reports again, and every cell repainted, since the
    /// shell or the other program may have changed both the modes and the screen.
    /// Only a program in the foreground may: in the background, changing the
    /// modes would stop it (SIGTTOU), so it notes that the terminal was taken away.
    ///
    /// - Returns: Whether the program holds the terminal now.
    @discardableResult
    func holdAgain() -> Bool {
        guard device.isForeground else {
            if ownership == .held {
                ownership = .takenAway
            }
            return false
        }
        do {
            try hold()
            return true
        } catch {
            return false
        }
    }

    /// Gives the terminal back as it was: clears the program's screen, leaves it, and restores the modes.
    ///
    /// Waits at most ``leaveWaitSeconds`` (or what is given) for a terminal that stopped reading;
    /// what it will not take by then is dropped, and the modes are restored anyway.
    func release(waitingAtMostSeconds seconds: Double = TerminalSession.leaveWaitSeconds) {
        switch ownership {
        case .released:
            return
        case .held:
            leaveScreen(waitingAtMostSeconds: seconds)
            device.restoreModes()
        case .takenAway:
            // The shell has the modes; only the screen is still the program's. Writing from the background
            // stops the program when the terminal has `tostop` set, so SIGTTOU is ignored for the last words.
            SignalDisposition.with(SIGTTOU, as: Platform.action(disposition: .ignore)) {
                leaveScreen(waitingAtMostSeconds: seconds)
            }
        }
        ownership = .released
    }

    /// Clears the program's screen and leaves it: ncurses' exit strings, then mouse reports off.
    private func leaveScreen(waitingAtMostSeconds seconds: Double) {
        TerminfoString.bytes(of: "clear").withUnsafeBytes { output.append($0) }
        painter.leave { output.append($0) }
        if enablesMouse {
            output.append(Self.mouseOff)
        }
        if reportsFocus {
            output.append(Self.focusOff)
        }
        if windowTitle != nil {
            WindowTitle.pop.withUnsafeBytes { output.append($0) }
        }
        output.drain(waitingAtMostSeconds: seconds)
    }

    /// Releases the terminal if held, ends ncurses and closes the terminal: safe to call more than once.
    ///
    /// - Parameter seconds: The longest wait for a terminal that stopped reading.
    func close(waitingAtMostSeconds seconds: Double = TerminalSession.leaveWaitSeconds) {
        guard !isClosed else { return }
        isClosed = true
        release(waitingAtMostSeconds: seconds)
        painter.close()
        device.close()
        CrashGuard.uninstall()
    }

    deinit {
        close()
    }
}
