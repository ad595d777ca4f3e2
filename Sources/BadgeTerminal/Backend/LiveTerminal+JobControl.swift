import CNCursesW

extension LiveTerminal {
    /// Gives the terminal back and stops the job with SIGTSTP; once continued in the foreground, takes it again.
    public func suspend(from origin: SuspendOrigin) -> Int32? {
        let wholeJob = origin == .key && session.device.leadsForegroundJob
        return jobs.suspend(wholeJob: wholeJob, release: { session.release() }, holdAgain: holdAgain)
    }

    /// Gives the terminal back as it was, so a child can use it.
    public func releaseForChild() {
        session.release()
        jobs.isHandedOver = true
    }

    /// Opens the terminal again for a child: read and write, blocking.
    public func openTerminalForChild() -> SystemDescriptor? {
        session.device.openForChild()
    }

    /// Makes a child's group the foreground group and continues it, in case it stopped reading too early.
    public func giveForeground(to group: pid_t) throws(SystemError) {
        try session.device.setForegroundGroup(group)
        SignalDisposition.send(SIGCONT, toGroup: group)
    }

    /// Makes the program's group the foreground group again and takes the terminal back.
    public func takeBack() throws(SystemError) {
        let failure = Result { () throws(SystemError) in try session.device.setForegroundGroup(getpgrp()) }
        jobs.isHandedOver = false
        _ = holdAgain()
        try failure.get()
    }

    /// Takes the terminal back after a stop from outside, or stops again if continued in the background.
    public func continueAfterStop() {
        jobs.continueAfterStop(holdAgain: holdAgain)
    }

    /// Takes the terminal again if in the foreground, and notes a size that changed meanwhile.
    private func holdAgain() -> Bool {
        guard session.holdAgain() else { return false }
        if let resized = adoptKernelSize() { keys.pending.append(resized) }
        return true
    }
}
