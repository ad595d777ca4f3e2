import Glibc

/// The `badgebar` command: parses options, then runs the Inbox demo.
@main
enum BadgeBar {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let request: Options.Request
        do {
            request = try Options.parse(arguments) { name in getenv(name).map { String(cString: $0) } }
        } catch {
            Diagnostics.report(error.message)
            Diagnostics.report("try 'badgebar --help' for the options")
            exit(64)
        }
        switch request {
        case .help:
            Diagnostics.print(Usage.text + "\n")
            exit(0)
        case .version:
            Diagnostics.print("badgebar \(Options.version)\n")
            exit(0)
        case .run(let options):
            exit(InboxApp(options: options).run())
        }
    }
}
