import BadgeKit
import CNCursesW

/// A terminal in memory for tests: events play from a script on a virtual clock, and every frame is kept.
///
/// Time moves only when the runner waits: to the deadline it asks for, to the
/// next scripted event, or to the end of a child's run, whichever comes first.
/// The program's children are answered from the script too, by command
/// (``answer(command:with:)``), with no process started and no real wait; a
/// test of the real machinery sets ``runsRealChildren``. When the script runs
/// out and nothing else is due, the terminal reports a hang-up, so a run always ends.
public final class ScriptedTerminal: TerminalBackend {
    /// One scripted event and when it happens.
    public struct Step: Sendable {
        /// When, in seconds on the virtual clock.
        public var time: Double
        /// What happens.
        public var event: BackendEvent

        /// Creates a step.
        public init(at time: Double, _ event: BackendEvent) {
            self.time = time
            self.event = event
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
    /// How long to wait in real time before each move of the virtual clock, so that real child processes
    /// (``runsRealChildren``) can finish and their pipes be read; 0 moves the clock at once.
    public var realWaitSeconds = 0.0
    /// Whether the program's children are real processes, instead of answered from the script.
    ///
    /// Read as each run of the program starts. Real children are started with `posix_spawn`, as on a real
    /// terminal, and end in real time, so a test that sets it usually sets ``realWaitSeconds`` too.
    public var runsRealChildren = false
    /// The children answered from the script.
    let scriptedChildren = ScriptedProcesses()
    /// Whether the last real wait ran its full length with nothing ready, so the clock may move now.
    private var realWaitTimedOut = false
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

    /// The scripted children, or real ones when ``runsRealChildren`` is set.
    public func makeChildProcesses() -> any ChildProcesses {
        runsRealChildren ? ProcessSupervisor() : scriptedChildren
    }

    /// Moves the clock to the deadline, the next scripted event or the end of a scripted child's run, whichever
    /// is first, and returns what happens then (a run's end as ``BackendEvent/childStateChanged``).
    public func waitForEvents(
        until deadline: Double?, watching descriptors: [SystemDescriptor], writing writers: [SystemDescriptor]
    ) -> [BackendEvent] {
        deadlines.append(deadline)
        var ready = descriptors.filter(Self.isReadable).map(BackendEvent.ready)
        if !ready.isEmpty {
            return ready
        }
        if realWaitSeconds > 0 && !realWaitTimedOut {
            var polled = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
            _ = Platform.poll(&polled, timeoutMilliseconds: Int32(realWaitSeconds * 1000))
            ready = descriptors.filter(Self.isReadable).map(BackendEvent.ready)
            realWaitTimedOut = ready.isEmpty
            return ready
        }
        realWaitTimedOut = false
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
                ready = descriptors.filter(Self.isReadable).map(BackendEvent.ready)
                return ready.isEmpty ? [.hangup] : ready
            }
            return [.hangup]
        }
        if let deadline, deadline < next {
            now = max(now, deadline)
            return []
        }
        now = max(now, next)
        var events: [BackendEvent] = []
        while let step = script.first, step.time <= now {
            script.removeFirst()
            if case .input(.resize(let columns, let rows)) = step.event {
                size = TerminalSize(columns: columns, rows: rows)
            }
            events.append(step.event)
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

    /// Counts taking the terminal back.
    public func continueAfterStop() {
        continuations += 1
    }

    /// Notes that a child has the terminal.
    public func releaseForChild() {
        isHandedOver = true
    }

    /// A path opened (read and write) as the terminal of a child run in the foreground, such as a
    /// pseudo-terminal's; `nil` for none, so the child gets `/dev/null`.
    public var childTerminalPath: String?

    /// Opens ``childTerminalPath``, if set.
    public func openTerminalForChild() -> SystemDescriptor? {
        childTerminalPath.flatMap { try? SystemDescriptor.open($0, O_RDWR | O_NOCTTY) }
    }

    /// Records the group the terminal was handed to, or fails with ``foregroundFailure``.
    public func giveForeground(to group: pid_t) throws(SystemError) {
        if let foregroundFailure { throw foregroundFailure }
        foregroundGroups.append(group)
    }

    /// Notes that the program has the terminal again.
    public func takeBack() throws(SystemError) {
        isHandedOver = false
    }

    /// Notes that the terminal was given back.
    public func close() {
        isClosed = true
    }

    /// Every window title set, in order.
    public private(set) var windowTitles: [String] = []
    /// Every notification sent, in order.
    public private(set) var notifications: [(title: String, body: String, time: Double)] = []

    /// Records the title.
    public func setWindowTitle(_ title: String) {
        windowTitles.append(title)
    }

    /// Records the notification and when it was sent.
    public func notify(title: String, body: String) {
        notifications.append((title, body, now))
    }
}
