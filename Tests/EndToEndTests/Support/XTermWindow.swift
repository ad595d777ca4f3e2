import Foundation
import Glibc

/// The real `badgebar` in a real xterm window on a ``VirtualDisplay``, clicked and typed at with
/// xdotool and read back as pixels.
///
/// xterm runs with a known font, no inner border, no window border and TERM=xterm-256color, at
/// the screen's top left, so a cell's pixels follow from the window's size alone. Always ``close()`` it (in a
/// `defer`); `deinit` does too.
final class XTermWindow {
    /// The display it is on.
    let display: VirtualDisplay
    /// The window's size in cells.
    let columns: Int
    let rows: Int
    /// A cell's size in pixels.
    let cellWidth: Int
    let cellHeight: Int
    /// The X window id, as xdotool prints it.
    let windowID: String
    /// Where the window's top left corner is on the screen, in pixels.
    let origin: (x: Int, y: Int)
    private let terminal: BackgroundProcess
    private let screenshotPath: String

    /// Starts xterm running the binary with these arguments and waits for its window.
    init(
        display: VirtualDisplay, arguments: [String] = ["--no-autoplay"], columns: Int = 80, rows: Int = 24,
        timeout: Duration = .seconds(15)
    ) throws {
        self.display = display
        self.columns = columns
        self.rows = rows
        screenshotPath = display.directory.path + "/screenshot.ppm"
        let binary = try BadgebarBinary.path()
        let title = "badgebar-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let log = display.directory.path + "/xterm.log"
        let logDescriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { Glibc.close(logDescriptor) }
        terminal = try BackgroundProcess(
            "xterm",
            [
                "-T", title, "-geometry", "\(columns)x\(rows)+0+0", "-b", "0", "-bw", "0", "-fa", "DejaVu Sans Mono",
                "-fs", "11",
                "-tn", "xterm-256color", "-e", "env", "SWIFT_BACKTRACE=enable=no", "XDG_CONFIG_HOME=/nonexistent",
                binary,
            ] + arguments,
            environment: display.environment(["LANG=C.UTF-8"]), standardOutput: logDescriptor,
            standardError: logDescriptor)
        do {
            let window = try Self.findWindow(
                titled: title, on: display, terminal: terminal, columns: columns, rows: rows, timeout: timeout,
                log: log)
            windowID = window.id
            origin = (window.x, window.y)
            cellWidth = window.width / columns
            cellHeight = window.height / rows
            // With no window manager the keyboard focus follows the pointer: put it in the window.
            try display.run(
                "xdotool", ["mousemove", "--window", windowID, String(window.width / 2), String(window.height / 2)])
        } catch {
            terminal.stop()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Ends xterm (and with it the program, which gets SIGHUP); safe to call more than once.
    func close() {
        terminal.stop()
    }

    /// The window's pixels now: the screen's, cropped to the window (reading the window itself
    /// fails while xterm maps or redraws it).
    func screenshot() throws -> Screenshot {
        let crop = "\(columns * cellWidth)x\(rows * cellHeight)+\(origin.x)+\(origin.y)"
        try display.run(
            "import", ["-silent", "-window", "root", "-crop", crop, "+repage", "-depth", "8", "ppm:" + screenshotPath])
        return try Screenshot(ppm: Data(contentsOf: URL(fileURLWithPath: screenshotPath)))
    }

    /// The share of strongly red pixels (see ``Screenshot/isStronglyRed(_:_:_:)``) in a range of cells of a row (0-based).
    func redShare(in screenshot: Screenshot, row: Int, columns range: ClosedRange<Int>) -> Double {
        screenshot.share(
            x: range.lowerBound * cellWidth, y: row * cellHeight, width: range.count * cellWidth, height: cellHeight,
            where: Screenshot.isStronglyRed)
    }

    /// Takes screenshots every 50 ms until one satisfies the condition, and returns it.
    ///
    /// - Throws: After `timeout`, saying what was awaited (and why the last screenshot failed, if
    ///   it did); or when xterm has ended.
    @discardableResult
    func waitForScreenshot(
        _ what: String, timeout: Duration = .seconds(10), _ condition: (Screenshot) -> Bool
    ) throws -> Screenshot {
        let deadline = ContinuousClock.now + timeout
        var lastError: Error?
        while true {
            do {
                let screenshot = try self.screenshot()
                if condition(screenshot) {
                    return screenshot
                }
                lastError = nil
            } catch {
                lastError = error
            }
            if let status = terminal.exitStatus() {
                throw EndToEndFailure("xterm ended (\(status)) while waiting for: \(what)")
            }
            if ContinuousClock.now > deadline {
                let reason = lastError.map { "; the last screenshot failed: \($0)" } ?? ""
                throw EndToEndFailure("timed out after \(timeout) waiting for: \(what)\(reason)")
            }
            usleep(50_000)
        }
    }

    /// A real left click by xdotool in the middle of a cell (0-based column and row).
    func click(column: Int, row: Int) throws {
        let x = column * cellWidth + cellWidth / 2
        let y = row * cellHeight + cellHeight / 2
        try display.run("xdotool", ["mousemove", "--window", windowID, String(x), String(y), "click", "1"])
    }

    /// A real key press by xdotool, by X key name (`q`, `Escape`, `Tab`).
    func press(_ key: String) throws {
        try display.run("xdotool", ["key", key])
    }

    /// Waits for xterm to end, which it does when the program does; returns whether it did.
    func waitForExit(timeout: Duration = .seconds(5)) -> Bool {
        terminal.waitForExit(timeout: timeout) != nil
    }

    /// Polls until xterm's window exists with its final size, a whole number of cells (xterm may
    /// show the window before it has sized it for its font).
    private static func findWindow(
        titled title: String, on display: VirtualDisplay, terminal: BackgroundProcess, columns: Int, rows: Int,
        timeout: Duration, log: String
    ) throws -> (id: String, x: Int, y: Int, width: Int, height: Int) {
        let deadline = ContinuousClock.now + timeout
        var lastSeen = "no window"
        while true {
            // xdotool exits with 1 while no window matches. By title, or by xterm's pid once the program has
            // put its total in the title.
            var search = try ChildProcess.run(
                "xdotool", ["search", "--name", "^\(title)$"], environment: display.environment(), timeout: 10)
            if search.status != .exited(0) {
                search = try ChildProcess.run(
                    "xdotool", ["search", "--pid", String(terminal.pid)], environment: display.environment(),
                    timeout: 10)
            }
            if search.status == .exited(0), let id = search.standardOutput.split(separator: "\n").first.map(String.init)
            {
                let geometry = try ChildProcess.run(
                    "xdotool", ["getwindowgeometry", "--shell", id], environment: display.environment(), timeout: 10)
                let values = Dictionary(
                    geometry.standardOutput.split(separator: "\n").compactMap { line -> (String, Int)? in
                        let parts = line.split(separator: "=", maxSplits: 1)
                        guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                        return (String(parts[0]), value)
                    }, uniquingKeysWith: { first, _ in first })
                if let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"],
                    width >= columns * 4, height >= rows * 8, width % columns == 0, height % rows == 0
                {
                    return (id, x, y, width, height)
                }
                lastSeen = "window \(id): \(geometry.standardOutput.split(separator: "\n").joined(separator: " "))"
            }
            if let status = terminal.exitStatus() {
                throw EndToEndFailure(
                    "xterm ended (\(status)) before showing its window: "
                        + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
            }
            if ContinuousClock.now > deadline {
                throw EndToEndFailure(
                    "no xterm window titled \(title) of \(columns)×\(rows) whole cells within \(timeout) "
                        + "(no inner border asked); last seen: \(lastSeen)")
            }
            usleep(50_000)
        }
    }
}
