import Foundation
import Glibc

/// `badgebar --stream` running with pipes on its standard input, output and error, as a status bar runs it.
///
/// Always ``stop()`` it (in a `defer`); `deinit` stops it too.
final class StreamRun {
    /// The program.
    let process: BackgroundProcess
    /// The writing end of its standard input (the bar's clicks), or -1 once closed.
    private(set) var input: Int32
    /// The reading end of its standard output, or -1 once closed.
    private(set) var output: Int32
    /// The reading end of its standard error.
    private var errors: Int32
    /// What has come out of standard output and not yet been taken as lines.
    private var pending: [UInt8] = []
    /// Everything standard error said so far.
    private(set) var errorText = ""

    /// Starts `badgebar` with arguments, in a clean environment with more variables.
    init(_ arguments: [String], environment: [String] = []) throws {
        var inputPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&inputPipe) == 0, pipe(&outputPipe) == 0,
            pipe(&errorPipe) == 0
        else { throw EndToEndFailure("pipe failed") }
        let pid = try ChildProcess.spawn(
            try BadgebarBinary.path(), arguments,
            environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"] + environment),
            files: [
                .duplicate(inputPipe[0], as: 0), .duplicate(outputPipe[1], as: 1), .duplicate(errorPipe[1], as: 2),
            ])
        process = BackgroundProcess(adopting: pid, name: "badgebar --stream")
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        input = inputPipe[1]
        output = outputPipe[0]
        errors = errorPipe[0]
        _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        stop()
    }

    /// Writes text to its standard input, as a bar writes click events.
    func send(_ text: String) {
        _ = text.withCString { write(input, $0, strlen($0)) }
    }

    /// Closes its standard input.
    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Closes the reading end of its standard output, as a bar that goes away does.
    func closeOutput() {
        if output >= 0 { close(output) }
        output = -1
    }

    /// The next line of standard output, waiting at most `timeout` seconds; `nil` at the end or on time-out.
    func nextLine(timeout: Double = 5) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, output >= 0 else { return nil }
            var polled = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&polled, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(output, &buffer, buffer.count)
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }

    /// Whether standard output stays silent for a while (nothing printed).
    func staysSilent(for seconds: Double) -> Bool {
        guard pending.isEmpty else { return false }
        var polled = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, Int32(seconds * 1000)) == 0
    }

    /// What standard error said so far.
    func readErrors() -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while errors >= 0 {
            let count = read(errors, &buffer, buffer.count)
            guard count > 0 else { break }
            errorText += String(decoding: buffer[..<count], as: UTF8.self)
        }
        return errorText
    }

    /// The program's voluntary and involuntary context switches so far (its wakeups), from `/proc`.
    func contextSwitches() -> Int? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.pid)/task") else {
            return nil
        }
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            for line in status.split(separator: "\n") where line.contains("ctxt_switches") {
                total += Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
        }
        return total
    }

    /// Ends it (SIGTERM, then SIGKILL) and closes the pipes.
    func stop() {
        process.stop()
        closeInput()
        closeOutput()
        if errors >= 0 { close(errors) }
        errors = -1
    }
}
