import CNCursesW

extension LiveTerminal {
    /// Gives the terminal back and stops the job with SIGTSTP; once continued in the foreground, takes it again.
    public func suspend(from origin: SuspendOrigin) -> Int32? {
        let wholeJob = origin == .key && session.device.leadsForegroundJob
        return jobs.suspend(wholeJob: wholeJob, release: { session.release() }, holdAgain: holdAgain)
    }

    /// Gives the terminal back as it was, opens it again for the child (read and write, blocking), and makes
    /// the child's group the foreground group, continuing it in case it stopped reading too early.
    public func handOver(startingChild startChild: (SystemDescriptor?) -> pid_t?) throws(SystemError) {
        session.release()
        let childTerminal = session.device.openForChild()
        let group = startChild(childTerminal)
        childTerminal?.close()
        guard let group else { return }
        try session.device.setForegroundGroup(group)
        SignalDisposition.send(SIGCONT, toGroup: group)
    }

    /// Takes the terminal back: after a child, with the program's group made the foreground group again; after
    /// a stop from outside, or stops again if continued in the background.
    public func takeBack(after occasion: TakeBackOccasion) throws(SystemError) {
        switch occasion {
        case .child:
            let failure = Result { () throws(SystemError) in try session.device.setForegroundGroup(getpgrp()) }
            _ = holdAgain()
            try failure.get()
        case .stop:
            jobs.continueAfterStop(holdAgain: holdAgain)
        }
    }

    /// Takes the terminal again if in the foreground, and notes a size that changed meanwhile.
    private func holdAgain() -> Bool {
        guard session.holdAgain() else { return false }
        if let resized = adoptKernelSize() { keys.pending.append(resized) }
        return true
    }
}
