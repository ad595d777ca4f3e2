import BadgeKit
import CNCursesW

extension LiveTerminal: WaitParticipant {
    /// Writes what the terminal takes (a frame kept for when it had taken the last, the title waiting, the
    /// recording), then asks to wait for the keyboard and for room where output is still waiting.
    package func prepareToWait(readingKeys: Bool) -> TerminalInterest {
        let output = session.output
        output.flush()
        if let frame = waitingFrame, !output.hasPending {
            waitingFrame = nil
            paint(frame)
        } else if !output.hasPending {
            session.sendWaitingTitle()
            output.flush()
        }
        // A pipe may take more than poll says (Linux reports room by whole pages), so the recording is
        // offered what is pending each turn, not only when poll reports room.
        if recorder?.hasPendingOutput == true {
            recorder?.writePending()
        }
        var due: [Wakeup] = []
        if let failure = recorder?.failure, !reportedRecordingFailure {
            reportedRecordingFailure = true
            due.append(.problem(failure.message))
        }
        return TerminalInterest(
            keyboard: readingKeys ? session.device.input : nil,
            writers: [
                output.hasPending ? output.descriptor : nil,
                recorder?.hasPendingOutput == true ? recorder?.descriptor : nil,
            ],
            keyDeadline: keys.deadline, dueEvents: due)
    }

    /// Reads the keyboard into the decoder.
    package func readKeys(at time: Double) -> Bool {
        keys.read(from: session.device.input, at: time)
    }

    /// The keys and mouse reports decoded so far.
    package func takeKeys(at time: Double) -> [Wakeup] {
        keys.takeKeys(at: time)
    }

    /// Writes more to the terminal and the recording where the wait found room; a hang-up once writing to the
    /// terminal failed for good.
    package func wrote(writable: [Bool]) -> [Wakeup] {
        if writable[0] {
            session.output.flush()
        }
        if writable[1] {
            recorder?.writePending()
        }
        return session.output.failure != nil ? [.hangup] : []
    }

    /// Takes the size the kernel reports; the resize event when it changed.
    package func resized() -> InputEvent? {
        adoptKernelSize()
    }

    /// A termination signal that arrived while the program was stopped inside a call.
    package var pendingTermination: Int32? { jobs.pendingTermination }

    /// Takes the size the kernel reports; returns the resize event when it changed.
    func adoptKernelSize() -> InputEvent? {
        guard let newSize = session.device.kernelSize, newSize != size else { return nil }
        size = newSize
        recorder?.recordResize(columns: newSize.columns, rows: newSize.rows, at: clock.now)
        return .resize(columns: newSize.columns, rows: newSize.rows)
    }
}
