import CNCursesW

extension ProcessSupervisor {
    /// Ends the groups of children past their time limit: SIGTERM, then SIGKILL once the grace has passed (wraps `kill`).
    func enforceTimeLimits(at time: Double) {
        for index in children.indices where children[index].status == nil {
            guard let deadline = children[index].deadline, time >= deadline else { continue }
            let group = children[index].processIdentifier
            if children[index].terminatedAt == nil {
                children[index].timedOut = true
                children[index].terminatedAt = time
                SignalDisposition.send(SIGTERM, toGroup: group)
                SignalDisposition.send(SIGCONT, toGroup: group)
            } else {
                SignalDisposition.send(SIGKILL, toGroup: group)
            }
        }
    }

    /// Ends one run still going as its time limit would, SIGTERM to its group now and SIGKILL once the grace
    /// has passed, without calling it timed out (wraps `kill`).
    func endRun(requestIdentifier: Int, at time: Double) {
        guard
            let index = children.firstIndex(where: {
                $0.request.identifier == requestIdentifier && $0.status == nil && $0.terminatedAt == nil
            })
        else { return }
        let group = children[index].processIdentifier
        children[index].terminatedAt = time
        SignalDisposition.send(SIGTERM, toGroup: group)
        SignalDisposition.send(SIGCONT, toGroup: group)
    }
}
