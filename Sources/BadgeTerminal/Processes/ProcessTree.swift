import CNCursesW
import Synchronization

/// Whether the program adopts its orphaned descendants, set by ``ProcessTree/adoptOrphans()``.
private let orphansAreAdopted = Atomic<Bool>(false)
/// The children started by a ``ProcessSupervisor`` and not yet reaped: their statuses are the supervisors' to collect.
private let supervisedChildren = Mutex<Set<pid_t>>([])

/// The program's descendants: the children it started, and on Linux whatever those started, wherever it went.
///
/// A program that owns its whole process, such as `badgebar`, calls ``adoptOrphans()`` once at its start:
/// on Linux it becomes a child subreaper, so a process its commands left behind (`setsid sleep 300 &`,
/// a daemon of its own session) is handed to it when its parent exits, instead of to init. It stays
/// among the program's descendants, where ``descendantsOutsideOwnSession()`` finds it for the way out and
/// ``reapOrphans()`` collects its status once it has exited, so no zombie piles up.
///
/// The children a ``ProcessSupervisor`` started are never reaped here: their statuses (an exit, a stop
/// of a command in the foreground) are the supervisor's. A process that did not adopt orphans (a test
/// run, macOS) has no child it did not start, and nothing here touches its processes.
package enum ProcessTree {
    /// Makes the program the reaper of its orphaned descendants where the system allows it (Linux), and
    /// says whether it is (wraps ``Platform/becomeChildSubreaper()``).
    ///
    /// Only for a program that owns every process it starts: from then on the way out of a
    /// ``ProgramRunner`` (and of a question asked before it starts, with `runAllToEnd` asked to) ends every
    /// descendant outside the program's own session.
    @discardableResult
    package static func adoptOrphans() -> Bool {
        guard Platform.becomeChildSubreaper() else { return false }
        orphansAreAdopted.store(true, ordering: .sequentiallyConsistent)
        return true
    }

    /// Whether the program adopts its orphaned descendants, so every process it started is still among its
    /// descendants, and they are all its own.
    package static var adoptsOrphans: Bool {
        orphansAreAdopted.load(ordering: .sequentiallyConsistent)
    }

    /// Notes a child a supervisor started, whose status is the supervisor's to collect.
    static func supervise(_ child: pid_t) {
        supervisedChildren.withLock { _ = $0.insert(child) }
    }

    /// Forgets a child a supervisor reaped (or gave up on).
    static func release(_ child: pid_t) {
        supervisedChildren.withLock { _ = $0.remove(child) }
    }

    /// Collects the statuses of adopted orphans that have exited, so none stays a zombie (wraps `waitpid` with
    /// `WNOHANG`, one process at a time).
    ///
    /// Only the program's children that no supervisor started are waited for, each by its own number: a
    /// `waitpid(-1)` would take the statuses the supervisors wait for. Without ``adoptOrphans()`` it does nothing.
    static func reapOrphans() {
        guard adoptsOrphans else { return }
        // The exited children, one at a time without reading /proc: an orphan is reaped, and the first exited
        // child a supervisor has yet to collect hides the rest, which the process table then finds.
        while true {
            let exited = cnc_exited_child()
            guard exited > 0 else { return }
            guard !supervisedChildren.withLock({ $0.contains(exited) }) else { break }
            var status: Int32 = 0
            _ = Platform.collectChild(exited, status: &status, options: WNOHANG)
        }
        let program = getpid()
        let zombies = Platform.processTable().filter { $0.parent == program && $0.isZombie }.map(\.identifier)
        for orphan in zombies where !supervisedChildren.withLock({ $0.contains(orphan) }) {
            var status: Int32 = 0
            _ = Platform.collectChild(orphan, status: &status, options: WNOHANG)
        }
    }

    /// The program's descendants still running outside its own session, with ``adoptOrphans()``; none without.
    ///
    /// They are every watch and background command (each runs in a session of its own) and everything they
    /// started, in whatever session or process group it went to. What stays in the program's session came
    /// from a command run in the foreground with the terminal, which is ended as a shell would end it: by its
    /// process group, never process by process.
    static func descendantsOutsideOwnSession() -> Set<pid_t> {
        guard adoptsOrphans else { return [] }
        let table = Platform.processTable()
        var children: [pid_t: [Platform.ProcessEntry]] = [:]
        for entry in table {
            children[entry.parent, default: []].append(entry)
        }
        let ownSession = getsid(0)
        var found: Set<pid_t> = []
        var visited: Set<pid_t> = []
        var next = [getpid()]
        while let parent = next.popLast() {
            for child in children[parent] ?? [] where visited.insert(child.identifier).inserted {
                next.append(child.identifier)
                if !child.isZombie && child.session != ownSession {
                    found.insert(child.identifier)
                }
            }
        }
        return found
    }
}
