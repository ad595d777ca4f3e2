import BadgeTerminal
import CNCursesW

/// The `badgebar` command: parses options, then runs the Inbox demo or prints what was asked for.
@main
enum BadgeBar {
    static func main() {
        // A standard descriptor left closed (`>&-`) would be taken by the next file opened: a counts file read as
        // standard input, a stream written into the events' file. Closed standard output is an error to say.
        if SystemDescriptor.reserveClosedStandardDescriptors().contains(.standardOutput) {
            Diagnostics.report("standard output is closed; give badgebar somewhere to write, such as /dev/null")
            exit(ExitStatus.ioError.code)
        }
        // A closed pipe on standard output is a write error (74, in words), not a silent death by SIGPIPE.
        SignalRelay.ignoreWriteFailureSignals()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let request: Options.Request
        do {
            request = try Options.load(arguments, environment: Self.environment, files: .system)
        } catch {
            Diagnostics.report(error.description)
            if case .usage = error {
                Diagnostics.report("try 'badgebar --help' for the options")
            }
            exit(error.status.code)
        }
        switch request {
        case .help:
            printOrFail(Usage.text + "\n")
        case .version:
            printOrFail(Version.line + "\n")
        case .generate(let document):
            printOrFail(document.text)
        case .run(let options) where options.printsConfig:
            do {
                printOrFail(
                    try ConfigurationFile.text(describing: options, workingDirectory: Self.workingDirectory))
            } catch {
                Diagnostics.report(error.message)
                exit(ExitStatus.usage.code)
            }
        case .run(let options):
            // What the commands leave behind, whatever session it moves to, stays the program's to end (Linux).
            ProcessTree.adoptOrphans()
            exit(App(options: options, arguments: arguments).run())
        }
    }

    /// Looks up a variable of the program's environment.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The folder the program runs in (wraps `getcwd`), if it can be named.
    static var workingDirectory: String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }

    /// Prints text on standard output and exits 0, or reports why it could not and exits with ``ExitStatus/ioError``.
    private static func printOrFail(_ text: String) -> Never {
        guard Diagnostics.print(text) else {
            Diagnostics.report("cannot write to standard output: \(String(cString: strerror(Platform.errorNumber)))")
            exit(ExitStatus.ioError.code)
        }
        exit(ExitStatus.success.code)
    }
}
