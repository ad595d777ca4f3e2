import BadgeKit
import BadgeTerminal
import CNCursesW

extension App {
    /// Runs line mode until the user quits, a signal ends it, its reader goes away or nothing more can happen.
    ///
    /// Keys come from standard input when it is a terminal, from the controlling
    /// terminal when standard input carries the counts, and otherwise standard
    /// input carries instructions (`1`, `press Mail`, `q`). Lines go to standard output,
    /// notices to standard error, both through sinks that never block.
    ///
    /// - Returns: The exit status: 0 after quitting, when the terminal or the reader of standard output went
    ///   away, or when every input ended with nothing left to change the counts; 128+N after signal N; 64 for
    ///   `--record`; 74 when standard output fails otherwise.
    func runLines() -> Int32 {
        guard options.recordingPath == nil else {
            Diagnostics.report("--record records the full screen, which line mode does not draw")
            return ExitStatus.usage.code
        }
        var sources: [SourceName: LineReader] = [:]
        switch openCountsSource() {
        case .success(let reader): sources[.counts] = reader
        case .failure(let exit): return exit.status.code
        }
        let inputs = Self.lineInputs(
            standardInputIsTerminal: SystemDescriptor.standardInput.isTerminal, countsPath: options.countsPath)
        if inputs.readsInstructions, let instructions = try? LineReader(path: "-") {
            sources[.instructions] = instructions
        }
        var events: OutputSink?
        if let failure = openEvents(into: &events) {
            return failure.code
        }
        let terminal: LineModeTerminal
        do {
            try SignalRelay.install(events: relayedSignals)
            terminal = try LineModeTerminal(keys: inputs.keys, lendsControllingTerminal: !options.openCommands.isEmpty)
        } catch {
            Diagnostics.report("\(error)")
            return ExitStatus.failure.code
        }
        if let refusal = Self.openRefusal(
            openCommands: options.openCommands.count, handsOverTerminal: terminal.handsOverTerminal)
        {
            terminal.close()
            Diagnostics.report(refusal)
            return ExitStatus.usage.code
        }
        let output = OutputSink.standardStream(.standardOutput, name: "standard output")
        let ending = runWithoutScreen(
            LineModeView(readsKeys: terminal.readsKeys), holding: terminal, sources: sources, output: output,
            events: events
        ).ending
        if case .terminated = ending {
            return ending.exitStatus
        }
        // The sink, not the program: the last lines may fail on the way out, or after the program quit.
        let status = Self.outputStatus(failure: output.failure)
        return status == .success ? ending.exitStatus : status.code
    }

    /// Why line mode refuses `--open`, or `nil` when it may run: a command run in the foreground needs a terminal
    /// to hand over as a shell does (the keys' terminal, or the controlling terminal with the program's job in its
    /// foreground); without one it would stop at its first read, again and again.
    ///
    /// - Parameters:
    ///   - openCommands: How many `--open` commands were given.
    ///   - handsOverTerminal: Whether line mode has a terminal to hand over.
    static func openRefusal(openCommands: Int, handsOverTerminal: Bool) -> String? {
        guard openCommands > 0, !handsOverTerminal else { return nil }
        return "--open needs a terminal to hand to its command, and line mode has none here (there is no "
            + "controlling terminal, or badgebar's job is not in its foreground); use --on-press instead"
    }

    /// Where line mode reads keys from, and whether standard input carries instructions instead.
    ///
    /// Standard input that is a terminal gives the keys; standard input that carries
    /// the counts leaves the keys to the controlling terminal; any other standard
    /// input carries instructions, and there are no keys.
    static func lineInputs(standardInputIsTerminal: Bool, countsPath: String?) -> (
        keys: LineModeTerminal.KeySource, readsInstructions: Bool
    ) {
        if standardInputIsTerminal {
            return (.standardInput, false)
        }
        if countsPath == "-" {
            return (.controllingTerminal, false)
        }
        return (.none, true)
    }
}
