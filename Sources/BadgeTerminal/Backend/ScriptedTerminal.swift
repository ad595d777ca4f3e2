import BadgeKit
import CNCursesW

/// A terminal in memory for tests: events play from a script on a virtual clock, and every frame is kept.
///
/// Time moves only when the runner waits: to the deadline it asks for, to the
/// next scripted event, or to the end of a child's run, whichever comes first.
/// The program's children are answered from the script too, by command
/// (``answer(command:with:)``), with no process started and no real wait. It is
/// both the screen and the run's reactor: the runner waits with it. When the
/// script runs out and nothing else is due, the terminal reports a hang-up, so a
/// run always ends.
public final class ScriptedTerminal: TerminalBackend, Reactor {
    /// One scripted wakeup of the run loop's wait and when it happens.
    public struct Step: Sendable {
        /// When, in seconds on the virtual clock.
        public var time: Double
        /// What happens.
        public var wakeup: Wakeup

        /// Creates a step.
        public init(at time: Double, _ wakeup: Wakeup) {
            self.time = time
            self.wakeup = wakeup
        }
    }

    /// A frame as drawn, and when.
    public struct Frame: Sendable {
        /// When it was drawn, in seconds on the virtual clock.
        public var time: Double
        /// What it showed.
        public var canvas: Canvas
    }

    /// Seconds on the clock, which moves only when the runner waits.
    public private(set) var now: Double
    /// The screen's size; a scripted resize changes it.
    public private(set) var size: TerminalSize
    /// What the screen shows.
    public let capabilities: TerminalCapabilities
    /// Every frame drawn, in order.
    public private(set) var frames: [Frame] = []
    /// How many times the screen was invalidated (Ctrl-L).
    public private(set) var invalidations = 0
    /// What asked for each suspend, in order.
    public private(set) var suspendOrigins: [SuspendOrigin] = []
    /// How many times the program suspended itself.
    public private(set) var suspensions = 0
    /// How many times the terminal was taken back after a stop from outside.
    public private(set) var continuations = 0
    /// Whether the terminal was given back.
    public private(set) var isClosed = false
    /// The process groups the terminal was handed to, in order.
    public private(set) var foregroundGroups: [pid_t] = []
    /// Whether a child has the terminal now.
    public private(set) var isHandedOver = false
    /// The failure handing the terminal to a child meets, as `tcsetpgrp` would report it, or `nil` to succeed.
    public var foregroundFailure: SystemError?
    /// The deadlines the runner asked to be woken at, in order (`nil` for none).
    public private(set) var deadlines: [Double?] = []
    /// The children answered from the script.
    let scriptedChildren = ScriptedProcesses()
    /// The termination signal that arrives while the program is suspended, or `nil` to let it take the terminal back.
    public var signalWhileSuspended: Int32?
    private var script: [Step]

    /// Creates a scripted terminal.
    ///
    /// - Parameters:
    ///   - size: The screen's size.
    ///   - capabilities: What the screen shows.
    ///   - startTime: The virtual clock's first reading.
    ///   - script: The events, in time order.
    public init(
        size: TerminalSize = TerminalSize(columns: 80, rows: 24),
        capabilities: TerminalCapabilities = TerminalCapabilities(colorDepth: .indexed256, usesUTF8: true),
        startTime: Double = 0, script: [Step] = []
    ) {
        self.size = size
        self.capabilities = capabilities
        self.now = startTime
        self.script = script.sorted { $0.time < $1.time }
    }

    /// The last frame drawn, if any.
    public var lastFrame: Canvas? { frames.last?.canvas }

    /// Keeps the frame, unless it is the same as the last.
    public func draw(_ canvas: Canvas) {
        if let last = frames.last?.canvas, last == canvas { return }
        frames.append(Frame(time: now, canvas: canvas))
    }

    /// Counts the request to repaint everything.
    public func invalidate() {
        invalidations += 1
    }

    /// The children answered from the script.
    package func makeChildProcesses() -> any ChildProcesses {
        scriptedChildren
    }

    /// Moves the clock to the deadline, the next scripted event or the end of a scripted child's run, whichever
    /// is first, and returns what happens then (a run's end as ``Wakeup/childStateChanged``).
    ///
    /// Real descriptors among the interests (a pipe of live counts, a socket) that have something to read come
    /// back first, with the clock still; the ends of sinks are watched as readable.
    package func wait(until deadline: Double?, for interests: WaitInterests) -> [Wakeup] {
        deadlines.append(deadline)
        let descriptors = interests.readable + interests.ends
        var ready = descriptors.filter(Self.isReadable).map(Wakeup.ready)
        if !ready.isEmpty {
            return ready
        }
        let childEnd = scriptedChildren.nextEndTime
        guard let next = [script.first?.time, childEnd].compactMap({ $0 }).min() else {
            if let deadline {
                now = max(now, deadline)
                return []
            }
            if !descriptors.isEmpty {
                // Only real descriptors can still bring something: wait for them for real.
                var polled = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
                _ = Platform.poll(&polled, timeoutMilliseconds: 5_000)
                ready = descriptors.filter(Self.isReadable).map(Wakeup.ready)
                return ready.isEmpty ? [.hangup] : ready
            }
            return [.hangup]
        }
        if let deadline, deadline < next {
            now = max(now, deadline)
            return []
        }
        now = max(now, next)
        var events: [Wakeup] = []
        while let step = script.first, step.time <= now {
            script.removeFirst()
            if case .input(.resize(let columns, let rows)) = step.wakeup {
                size = TerminalSize(columns: columns, rows: rows)
            }
            events.append(step.wakeup)
        }
        if let childEnd, childEnd <= now {
            events.append(.childStateChanged)
        }
        return events
    }

    /// Whether a descriptor has something to read now (a `poll` with no wait).
    private static func isReadable(_ descriptor: SystemDescriptor) -> Bool {
        var polled = [pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
        return Platform.poll(&polled, timeoutMilliseconds: 0) > 0
    }

    /// Counts the suspend, notes its origin, and returns ``signalWhileSuspended``.
    public func suspend(from origin: SuspendOrigin) -> Int32? {
        suspensions += 1
        suspendOrigins.append(origin)
        return signalWhileSuspended
    }

    /// A path opened (read and write) as the terminal of a child run in the foreground, such as a
    /// pseudo-terminal's; `nil` for none, so the child gets `/dev/null`.
    public var childTerminalPath: String?

    /// Notes that a child has the terminal, starts it on ``childTerminalPath`` if set, and records the group
    /// the terminal was handed to, or fails with ``foregroundFailure``.
    public func handOver(startingChild startChild: (SystemDescriptor?) -> pid_t?) throws(SystemError) {
        isHandedOver = true
        let opened = childTerminalPath.flatMap { try? SystemDescriptor.open($0, O_RDWR | O_NOCTTY) }
        let group = startChild(opened)
        opened?.close()
        guard let group else { return }
        if let foregroundFailure { throw foregroundFailure }
        foregroundGroups.append(group)
    }

    /// Notes that the program has the terminal again after a child, or counts taking it back after a stop.
    public func takeBack(after occasion: TakeBackOccasion) throws(SystemError) {
        switch occasion {
        case .child: isHandedOver = false
        case .stop: continuations += 1
        }
    }

    /// Notes that the terminal was given back.
    public func close() {
        isClosed = true
    }

    /// Every window title set, in order.
    public private(set) var windowTitles: [String] = []
    /// Every notification sent, in order.
    public private(set) var notifications: [(title: String, body: String, time: Double)] = []

    /// Records the title, or the notification and when it was sent.
    public func show(_ chrome: WindowChrome) {
        switch chrome {
        case .title(let title): windowTitles.append(title)
        case .notification(let title, let body): notifications.append((title, body, now))
        }
    }
}
