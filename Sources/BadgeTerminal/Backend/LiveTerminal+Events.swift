import BadgeKit
import CNCursesW

extension LiveTerminal {
    /// Writes what the terminal takes, then waits in one `poll` for keys, signals, the terminal, the recording and the watched descriptors.
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
        let timeout = clock.pollTimeoutMilliseconds(until: wake)
        var polled = [
            pollfd(fd: jobs.isHandedOver ? -1 : session.device.input.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(fd: SignalRelay.wakeDescriptor.rawValue, events: Int16(POLLIN), revents: 0),
            pollfd(
                fd: output.hasPending ? output.descriptor.rawValue : -1, events: Int16(POLLOUT), revents: 0),
        ]
        let recording = recorder?.hasPendingOutput == true ? recorder?.descriptor : nil
        polled.append(pollfd(fd: recording?.rawValue ?? -1, events: Int16(POLLOUT), revents: 0))
        for descriptor in descriptors {
            polled.append(pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0))
        }
        for end in ends {
            polled.append(pollfd(fd: end.rawValue, events: 0, revents: 0))
        }
        for writer in writers {
            polled.append(pollfd(fd: writer.rawValue, events: Int16(POLLOUT), revents: 0))
        }
        let result = Platform.poll(&polled, timeoutMilliseconds: timeout)
        if let ending = BackendEvent.endingWait(
            pollResult: result, signalPipeReady: polled[1].revents != 0, pendingTermination: jobs.pendingTermination)
        {
            return [ending]
        }
        var events = BackendEvent.relayedSignals { adoptKernelSize() }
        if result > 0 {
            let keyboard = polled[0].revents
            if keyboard & Int16(POLLIN) != 0 {
                if !keys.read(from: session.device.input, at: now) { return events + [.hangup] }
            } else if keyboard & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return events + [.hangup]
            }
            if polled[2].revents != 0 {
                output.flush()
            }
            if polled[3].revents != 0 {
                recorder?.writePending()
            }
            for (index, descriptor) in (descriptors + ends).enumerated() where polled[4 + index].revents != 0 {
                events.append(.ready(descriptor))
            }
        }
        events += keys.takeEvents(at: now)
        if output.failure != nil {
            events.append(.hangup)
        }
        return events
    }

    /// Takes the size the kernel reports; returns the resize event when it changed.
    func adoptKernelSize() -> InputEvent? {
        guard let newSize = session.device.kernelSize, newSize != size else { return nil }
        size = newSize
        recorder?.recordResize(columns: newSize.columns, rows: newSize.rows, at: clock.now)
        return .resize(columns: newSize.columns, rows: newSize.rows)
    }
}
