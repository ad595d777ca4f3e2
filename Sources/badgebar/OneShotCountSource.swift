import BadgeTerminal

/// Where `--once` reads counts from, each read to its end in turn: the `--counts-from` source.
///
/// A source hands over lines in the live-counts format (`Name=N`, `Name+=N`,
/// `Name-=N`); `--once` applies them in order, then prints the toolbar. Any other
/// source of counts that can be read once (a command run once) fits here too.
protocol OneShotCountSource {
    /// Reads to the end: each line of counts to `line`, each problem (a skipped line, a read that failed) to `problem`.
    func readCounts(line: (String) -> Void, problem: (String) -> Void)
}

extension LineReader: OneShotCountSource {
    func readCounts(line: (String) -> Void, problem: (String) -> Void) {
        let outcome = readToEnd { delivery in
            switch delivery {
            case .line(let bytes):
                line(String(decoding: bytes, as: UTF8.self))
            case .discardedLine(let byteCount):
                problem(LineReader.discardedLineNotice(byteCount: byteCount))
            }
        }
        if case .stopped(let stop) = outcome {
            problem(stop.message)
        }
    }
}
