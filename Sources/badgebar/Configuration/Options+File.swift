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
