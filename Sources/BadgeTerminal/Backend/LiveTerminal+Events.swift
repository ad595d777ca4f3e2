import BadgeKit
import CNCursesW

extension LiveTerminal {
    /// Writes what the terminal takes, then waits in one `poll` (`TerminalWait`) for keys, signals, the terminal, the recording and the watched descriptors.
    public func waitForEvents(
        until deadline: Double?, watching descriptors: [SystemDescriptor], writing writers: [SystemDescriptor]
    ) -> [BackendEvent] {
        waitForEvents(until: deadline, watching: descriptors, watchingEnds: [], writing: writers)
    }

    /// Waits as ``waitForEvents(until:watching:writing:)`` does, waking too when one of `ends` ends or fails.
    public func waitForEvents(
        until deadline: Double?, watching descriptors: [SystemDescriptor], watchingEnds ends: [SystemDescriptor],
        writing writers: [SystemDescriptor]
    ) -> [BackendEvent] {
        let output = session.output
        output.flush()
        if let frame = waitingFrame, !output.hasPending {
            waitingFrame = nil
            paint(frame)
        } else if !output.hasPending {
            sendWaitingTitle()
            output.flush()
        }
        // A pipe may take more than poll says (Linux reports room by whole pages), so the recording is
        // offered what is pending each turn, not only when poll reports room.
        if recorder?.hasPendingOutput == true {
            recorder?.writePending()
        }
        if let failure = recorder?.failure, !reportedRecordingFailure {
            reportedRecordingFailure = true
            return [.problem(failure.message)]
        }
        var wake = deadline
        if let escape = keys.deadline {
            wake = min(wake ?? escape, escape)
        }
        let wait = TerminalWait(
            keyboard: jobs.isHandedOver ? nil : session.device.input,
            ownWriters: [
                output.hasPending ? output.descriptor : nil,
                recorder?.hasPendingOutput == true ? recorder?.descriptor : nil,
            ],
            descriptors: descriptors, ends: ends, writers: writers)
        let outcome = wait.wait(
            keys: &keys, timeoutMilliseconds: clock.pollTimeoutMilliseconds(until: wake),
            pendingTermination: jobs.pendingTermination, now: { clock.now }, resize: { adoptKernelSize() })
        guard !outcome.isFinal else { return outcome.events }
        if outcome.writable[0] {
            output.flush()
        }
        if outcome.writable[1] {
            recorder?.writePending()
        }
        if output.failure != nil {
            return outcome.events + [.hangup]
        }
        return outcome.events
    }

    /// Takes the size the kernel reports; returns the resize event when it changed.
    func adoptKernelSize() -> InputEvent? {
        guard let newSize = session.device.kernelSize, newSize != size else { return nil }
        size = newSize
        recorder?.recordResize(columns: newSize.columns, rows: newSize.rows, at: clock.now)
        return .resize(columns: newSize.columns, rows: newSize.rows)
    }
}
