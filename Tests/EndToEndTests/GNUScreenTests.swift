import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("GNU screen") struct GNUScreenTests {
        /// The program in GNU screen, in tmux: screen with no configuration but its defaults
        /// (`altscreen off`: it ignores the alternate screen), running the program in a wrapper that
        /// prints `[exit N]` after it and keeps the window open.
        private final class ScreenSession {
            let files: TemporaryDirectory
            let terminal: TmuxTerminal

            init() throws {
                let files = try TemporaryDirectory()
                do {
                    let configuration = files.path + "/screenrc"
                    // No copyright page to dismiss; altscreen off is screen's default, said here to be sure;
                    // autodetach off, so that screen ends with the tmux pane instead of living on detached.
                    try "startup_message off\naltscreen off\nautodetach off\n".write(
                        toFile: configuration, atomically: true, encoding: .utf8)
                    let sockets = files.path + "/sockets"
                    guard mkdir(sockets, 0o700) == 0 else {
                        throw EndToEndFailure("mkdir \(sockets): \(String(cString: strerror(errno)))")
                    }
                    terminal = try TmuxTerminal(
                        shell: [
                            "env", "SYSSCREENRC=/dev/null", "SCREENDIR=\(sockets)", "screen", "-c", configuration, "-q",
                            "sh", "-c", "\"$0\" --no-autoplay; echo \"[exit $?]\"; exec sleep 600",
                            try BadgebarBinary.path(),
                        ])
                } catch {
                    files.remove()
                    throw error
                }
                self.files = files
            }

            deinit {
                terminal.close()
                files.remove()
            }
        }

        @Test("In GNU screen (altscreen off), q clears the last frame before leaving")
        func quitLeavesNoFrame() throws {
            let session = try ScreenSession()
            let terminal = session.terminal
            try terminal.waitForInbox()

            try terminal.sendKeys("q")
            let screen = try terminal.waitUntil("the wrapper's exit status") { $0.exitStatus != nil }
            #expect(screen.exitStatus == 0, "\(screen)")
            #expect(!screen.contains("Inbox") && !screen.contains("💬"), "the last frame is gone\n\(screen)")
            #expect(screen.words(row: InboxLayout.badgeRow).isEmpty, "\(screen)")
            #expect(try terminal.display("#{mouse_any_flag}") == "0", "mouse reporting off\n\(screen)")
        }

        @Test("In GNU screen, which holds a lone Esc while mouse reporting is on, Esc then q quits")
        func escapeThenQuit() throws {
            let session = try ScreenSession()
            let terminal = session.terminal
            try terminal.waitForInbox()

            try terminal.sendKeys("Escape")
            // Screen keeps the Esc to itself until the next key: well past the 0.5 s the program would
            // wait for the rest of a sequence, it still runs.
            let deadline = ContinuousClock.now + .seconds(1)
            while ContinuousClock.now < deadline {
                let screen = try terminal.capture()
                guard screen.exitStatus == nil else {
                    Issue.record(
                        "the Esc alone reached the program and quit it; this test needs screen to hold it\n\(screen)")
                    return
                }
                usleep(50_000)
            }
            try terminal.sendKeys("q")
            let screen = try terminal.waitUntil("the wrapper's exit status") { $0.exitStatus != nil }
            #expect(screen.exitStatus == 0, "\(screen)")
            #expect(!screen.contains("Inbox"), "\(screen)")
        }
    }
}
