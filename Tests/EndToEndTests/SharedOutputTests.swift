import Foundation
import Glibc
import Testing

extension EndToEnd {
    @Suite("Pipes and sockets shared with other programs, and outputs that fail") struct SharedOutputTests {
        /// Runs a shell script with the binary as `$0` and more arguments, and returns what it left.
        private func shell(_ script: String, _ arguments: [String] = [], timeout: Double = 30) throws
            -> ProcessResult
        {
            try ChildProcess.run(
                "/bin/sh", ["-c", script, try BadgebarBinary.path()] + arguments,
                environment: ChildProcess.cleanEnvironment(["SWIFT_BACKTRACE=enable=no"]), timeout: timeout)
        }

        @Test("A cat beside a stream, and after one killed with SIGKILL, writes 8 MiB through the same slow pipe")
        func otherWritersOfThePipe() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let big = directory.path + "/big"
            try Data(count: 8 << 20).write(to: URL(fileURLWithPath: big))
            // The pipe's reader waits 2 s, so each cat finds the pipe full and must wait for room, as a blocking
            // writer does; with the description made non-blocking it fails with EAGAIN instead.
            let result = try shell(
                #"""
                B="$0"; big="$1"
                ( "$B" --stream --button Mail:envelope:0 --counts-from /dev/null & b=$!
                  sleep 0.5; cat "$big"; echo "beside $?" >&2; kill $b ) | (sleep 2; cat >/dev/null)
                ( timeout -s KILL 1 "$B" --stream --button Mail:envelope:0 --counts-from /dev/null
                  cat "$big"; echo "after $?" >&2 ) | (sleep 2; cat >/dev/null)
                """#, [big])
            #expect(result.standardError.contains("beside 0"), "\(result.standardError)")
            #expect(result.standardError.contains("after 0"), "\(result.standardError)")
            #expect(!result.standardError.contains("Resource temporarily unavailable"), "\(result.standardError)")
        }

        @Test("Standard input shared with the next reader is left blocking, after a SIGKILL too")
        func otherReadersOfStandardInput() throws {
            // The counts come from standard input, which the cat after badgebar reads too: an empty pipe left
            // non-blocking makes that cat fail at once with EAGAIN instead of waiting for the line.
            for front in [["--stream"], ["--lines"]] {
                let result = try shell(
                    #"""
                    B="$0"
                    { sleep 2; echo later; } | ( timeout -s KILL 1 "$B" "$1" --button Mail:envelope:0 \
                        --counts-from - >/dev/null 2>&1; cat; echo "reader after $?" >&2 )
                    """#, front)
                #expect(result.standardOutput == "later\n", "\(front): \(result.standardError)")
                #expect(result.standardError.contains("reader after 0"), "\(front): \(result.standardError)")
            }
        }

    }
}
