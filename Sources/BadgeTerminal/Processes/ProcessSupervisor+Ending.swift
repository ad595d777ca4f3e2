import CNCursesW

extension ProcessSupervisor {
    /// Ends the group of the child running in the foreground at once (wraps `kill` with SIGKILL).
    ///
    /// Without the terminal it would stop at its first read, again and again. Its end is reaped as any other.
    func endForegroundRun(at time: Double) {
        if let group = foregroundGroup {
            SignalDisposition.send(SIGKILL, toGroup: group)
        }
    }

    /// Ends every child's process group, and the groups finished runs left behind, and reaps the children
    /// (wraps `kill` and `waitpid`), so nothing is left running; at the program's way out, every descendant too.
    ///
    /// SIGTERM first, with a moment to exit; SIGKILL for every group still there, then a short bounded wait
    /// for the children to be reaped: a child that cannot die at once (in uninterruptible sleep) is left
    /// to the system rather than holding up the exit.
    ///
    /// - Parameters:
    ///   - seconds: The longest wait in all, grace and reaping together.
    ///   - endingEveryDescendant: Whether this is the program's way out, which ends, besides the groups, every
    ///     process descended from the program outside its own session (``ProcessTree``), whatever session or
    ///     group it moved to: one looked for again and again during the grace, as a parent that exits hands
    ///     its children over. It needs ``ProcessTree/adoptOrphans()``; without it only the groups are ended.
    func endAll(waitingAtMostSeconds seconds: Double = 1, endingEveryDescendant: Bool = false) {
        let clock = MonotonicClock()
        let sweeps = endingEveryDescendant && ProcessTree.adoptsOrphans
        let lingering = lingeringGroups.filter(SignalDisposition.groupExists)
        lingeringGroups.removeAll()
        var strays = sweeps ? ProcessTree.descendantsOutsideOwnSession() : []
        guard !children.isEmpty || !lingering.isEmpty || !strays.isEmpty else { return }
        let groups = lingering.union(children.map(\.processIdentifier))
        for group in groups {
            SignalDisposition.send(SIGTERM, toGroup: group)
            SignalDisposition.send(SIGCONT, toGroup: group)
        }
        var terminated: Set<pid_t> = []
        /// SIGTERM (and SIGCONT, for one that is stopped) to each descendant not yet sent it.
        func terminate(_ processes: Set<pid_t>) {
            for process in processes.subtracting(terminated) {
                SignalDisposition.send(SIGTERM, toProcess: process)
                SignalDisposition.send(SIGCONT, toProcess: process)
            }
            terminated.formUnion(processes)
        }
        terminate(strays)
        // The grace: the children and the adopted orphans reaped as they exit, the groups and the descendants
        // watched until they are gone.
        let grace = seconds * 0.8
        var remaining = groups
        while clock.now < grace {
            _ = reap(at: 0)
            if sweeps {
                ProcessTree.reapOrphans()
                strays = ProcessTree.descendantsOutsideOwnSession()
                terminate(strays)
            }
            remaining = remaining.filter(SignalDisposition.groupExists)
            if remaining.isEmpty && children.isEmpty && strays.isEmpty { break }
            usleep(10_000)
        }
        for group in remaining.union(children.map(\.processIdentifier)) {
            SignalDisposition.send(SIGKILL, toGroup: group)
        }
        if sweeps {
            for process in ProcessTree.descendantsOutsideOwnSession() {
                SignalDisposition.send(SIGKILL, toProcess: process)
            }
        }
        while true {
            _ = reap(at: 0)
            if sweeps { ProcessTree.reapOrphans() }
            let isDone = children.isEmpty && (!sweeps || ProcessTree.descendantsOutsideOwnSession().isEmpty)
            guard !isDone, clock.now < seconds else {
                // Those that died since the last look are zombies now, handed to the program: collected, not
                // left to an init that may never collect them.
                if sweeps { ProcessTree.reapOrphans() }
                break
            }
            usleep(5_000)
        }
        for child in children {
            child.output?.close()
            child.errors?.close()
            ProcessTree.release(child.processIdentifier)
        }
        children.removeAll()
        lingeringGroups.removeAll()
    }
}
