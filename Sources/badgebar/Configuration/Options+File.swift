import BadgeKit

extension Options {
    /// Why the program cannot start: a mistake on the command line, in the board's file, or a file that cannot be
    /// read.
    enum StartError: Error, Equatable, CustomStringConvertible {
        /// A mistake on the command line (64).
        case usage(UsageError)
        /// A mistake in the board's file, with its line (78).
        case configuration(ConfigurationError)
        /// The board's file cannot be read (66), and why.
        case unreadable(String)

        /// The status to exit with.
        var status: ExitStatus {
            switch self {
            case .usage: return .usage
            case .configuration: return .configuration
            case .unreadable: return .noInput
            }
        }

        var description: String {
            switch self {
            case .usage(let error): return error.message
            case .configuration(let error): return error.description
            case .unreadable(let reason): return reason
            }
        }
    }

    /// Parses arguments over a board's file: the file's keys first, then the flags, as
    /// ``assemble(_:over:)`` says.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: Looks up an environment variable: `BADGEBAR_REDUCE_MOTION`, and `HOME` for `~/` in the
    ///     file's paths.
    ///   - file: The file, read.
    static func parse(_ arguments: [String], environment: (String) -> String?, file: ConfigurationFile)
        throws(StartError) -> Request
    {
        let reading: Reading
        do throws(UsageError) {
            reading = try read(arguments)
        } catch {
            throw .usage(error)
        }
        switch reading {
        case .request(let request):
            return request
        case .given(let given):
            let base: Options
            do throws(ConfigurationError) {
                base = try file.options(over: initial(environment: environment), home: environment("HOME"))
            } catch {
                throw .configuration(error)
            }
            do throws(UsageError) {
                return .run(try assemble(given, over: base))
            } catch {
                throw .usage(error)
            }
        }
    }
}

extension Options {
    /// Parses arguments, and the board's file that `--config` names or that is found in its place, the flags over
    /// the file (``assemble(_:over:)``).
    ///
    /// The file is `--config`'s: a path, or a name (`mail` for `$XDG_CONFIG_HOME/badgebar/mail.conf`). Without
    /// `--config`, `$XDG_CONFIG_HOME/badgebar/config` (`~/.config/badgebar/config` by default) is read when it
    /// exists, unless the command line gives buttons or their commands (`--button`, `--watch`, `--on-press`,
    /// `--open`) or `--demo`, which always opens the Inbox demo.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: Looks up an environment variable: XDG_CONFIG_HOME and HOME to find the file, HOME for
    ///     `~/` in its paths, and `BADGEBAR_REDUCE_MOTION`.
    ///   - files: Reads the file.
    static func load(
        _ arguments: [String], environment: (String) -> String?, files: ConfigurationFiles
    ) throws(StartError) -> Request {
        let reading: Reading
        do throws(UsageError) {
            reading = try read(arguments)
        } catch {
            throw .usage(error)
        }
        guard case .given(let given) = reading else {
            if case .request(let request) = reading { return request }
            return .run(Options())
        }
        let initial = initial(environment: environment)
        var base = initial
        if let path = try boardFile(for: given, environment: environment) {
            switch files.read(path.path) {
            case .text(let text):
                do throws(ConfigurationError) {
                    let file = try ConfigurationFile.parse(text, path: path.path)
                    base = try file.options(over: initial, home: environment("HOME"))
                } catch {
                    throw .configuration(error)
                }
                base.configurationPath = path.path
            case .missing where path.isDefault:
                break
            case .missing:
                throw .unreadable("--config: there is no file '\(path.path)'")
            case .unreadable(let reason):
                throw .unreadable(path.isDefault ? reason : "--config: \(reason)")
            }
        }
        do throws(UsageError) {
            return .run(try assemble(given, over: base))
        } catch {
            throw .usage(error)
        }
    }

    /// The board's file to read for a command line: `--config`'s, or the default one, or none.
    private static func boardFile(for given: [GivenOption], environment: (String) -> String?)
        throws(StartError) -> (path: String, isDefault: Bool)?
    {
        let demo = given.contains { $0.option.names == ["--demo"] }
        let config = given.last { $0.option.names == ["--config"] }?.value
        if let config {
            if demo {
                throw .usage(UsageError(message: "--demo opens the Inbox demo, not the board of --config; give one"))
            }
            do throws(UsageError) {
                return (try ConfigurationFiles.path(forConfig: config, environment: environment), false)
            } catch {
                throw .usage(error)
            }
        }
        if demo {
            if given.contains(where: { $0.option.filePlace == .sections }) {
                throw .usage(
                    UsageError(message: "--demo opens the Inbox demo, whose buttons --button replaces; give one"))
            }
            return nil
        }
        guard !given.contains(where: { $0.option.filePlace.isPerButton }),
            let folder = ConfigurationFiles.folder(environment: environment)
        else { return nil }
        return ("\(folder)/\(ConfigurationFiles.defaultName)", true)
    }
}

extension Options {
    /// The keys of a file read again whose changes wait for the next start, as they are set up once (the
    /// terminal's modes, the files opened): they are put back as they were here, and their names returned.
    ///
    /// - Parameter reloaded: The options as the file now gives them; what waits is set back to these options'.
    func keysWaitingForStart(in reloaded: inout Options) -> [String] {
        keysWaitingForStart(in: &reloaded, changedOnly: true)
    }

    /// The keys whose changes wait for the next start, every one.
    var keysWaitingForStartNames: [String] {
        var copy = self
        return keysWaitingForStart(in: &copy, changedOnly: false)
    }

    private func keysWaitingForStart(in reloaded: inout Options, changedOnly: Bool) -> [String] {
        var waiting: [String] = []
        func keep<Value: Equatable>(_ key: String, _ path: WritableKeyPath<Options, Value>) {
            guard !changedOnly || reloaded[keyPath: path] != self[keyPath: path] else { return }
            waiting.append(key)
            reloaded[keyPath: path] = self[keyPath: path]
        }
        keep("reduce-motion", \.reduceMotion)
        keep("fps", \.framesPerSecond)
        keep("color", \.colorMode)
        keep("icons", \.iconStyle)
        keep("counts-from", \.countsPath)
        keep("events-to", \.eventsPath)
        keep("no-title", \.setsWindowTitle)
        keep("notify", \.notificationMode)
        return waiting
    }
}
