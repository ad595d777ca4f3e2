import CNCursesW
import Synchronization

/// The address and length of the bytes that reset the terminal, written by the crash handler.
private let resetBytesAddress = Atomic<Int>(0)
private let resetBytesCount = Atomic<Int>(0)
/// The address of the terminal modes saved before the program changed them.
private let savedModesAddress = Atomic<Int>(0)
/// The terminal descriptor the saved modes belong to.
private let modesDescriptor = Atomic<Int32>(0)
/// The descriptor the reset bytes go to: the terminal's output.
private let resetDescriptor = Atomic<Int32>(1)
/// The address of the handlers that were in place before, one per crash signal, in ``CrashGuard/crashSignals`` order.
private let previousActionsAddress = Atomic<Int>(0)

/// The position of a crash signal in ``CrashGuard/crashSignals``, without touching an array (async-signal-safe).
private func crashSignalIndex(_ signal: Int32) -> Int {
    switch signal {
    case SIGILL: return 0
    case SIGTRAP: return 1
    case SIGABRT: return 2
    case SIGSEGV: return 3
    case SIGBUS: return 4
    case SIGFPE: return 5
    default: return 6  // SIGSYS
    }
}

/// The crash handler: restores the terminal with async-signal-safe calls only, then lets the crash go on.
///
/// It writes the precomputed reset bytes (`write`), puts the saved terminal modes
/// back (`tcsetattr`), reinstates the handler that was there before (`sigaction`)
/// and raises the signal again (`raise`). The signal is blocked while this runs,
/// so the previous handler (the Swift runtime's crash report, or the default
/// action) takes it as soon as this returns, and the exit status is the crash's own.
private func restoreTerminalAndCrash(_ signal: Int32) {
    if let bytes = UnsafeRawPointer(bitPattern: resetBytesAddress.load(ordering: .sequentiallyConsistent)) {
        _ = write(
            resetDescriptor.load(ordering: .sequentiallyConsistent), bytes,
            resetBytesCount.load(ordering: .sequentiallyConsistent))
    }
    if let modes = UnsafePointer<termios>(bitPattern: savedModesAddress.load(ordering: .sequentiallyConsistent)) {
        _ = tcsetattr(modesDescriptor.load(ordering: .sequentiallyConsistent), TCSANOW, modes)
    }
    if let previous = UnsafePointer<sigaction>(
        bitPattern: previousActionsAddress.load(ordering: .sequentiallyConsistent))
    {
        _ = sigaction(signal, previous + crashSignalIndex(signal), nil)
    } else {
        var standard = Platform.action(disposition: .standard)
        _ = sigaction(signal, &standard, nil)
    }
    _ = raise(signal)
}

/// Restores the terminal when the program crashes: Swift traps (SIGILL, SIGTRAP), aborts, and memory faults.
///
/// Everything the handler needs is prepared when the guard is installed, so the
/// handler itself only calls `write`, `tcsetattr`, `sigaction` and `raise`.
package enum CrashGuard {
    /// The signals that mean a crash: Swift traps, aborts, memory faults, and a forbidden system call.
    package static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS]

    /// The names of the crash signals, in ``crashSignals`` order, for the documents that list them.
    package static var crashSignalNames: [String] {
        crashSignals.map { Platform.name(ofSignal: $0) }
    }

    /// Installs the crash handlers (wraps `sigaltstack` and `sigaction`).
    ///
    /// - Parameters:
    ///   - resetSequence: The bytes that put the terminal back: leave the alternate
    ///     screen, show the cursor, stop mouse reports, reset attributes.
    ///   - savedModes: The terminal modes from before the program started.
    ///   - descriptor: The terminal the modes belong to.
    /// - Throws: The failing call; the handlers installed before it are put back first.
    package static func install(resetSequence: [UInt8], savedModes: termios, descriptor: Int32) throws(SystemError) {
        resetDescriptor.store(1, ordering: .sequentiallyConsistent)
        if previousActionsAddress.load(ordering: .sequentiallyConsistent) != 0 {
            uninstall()
        }
        try installAlternateStack()
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(resetSequence.count, 1))
        bytes.initialize(from: resetSequence, count: resetSequence.count)
        resetBytesAddress.store(Int(bitPattern: bytes), ordering: .sequentiallyConsistent)
        resetBytesCount.store(resetSequence.count, ordering: .sequentiallyConsistent)

        modesDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
        let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        modes.initialize(to: savedModes)
        savedModesAddress.store(Int(bitPattern: modes), ordering: .sequentiallyConsistent)

        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: crashSignals.count)
        previous.initialize(repeating: sigaction(), count: crashSignals.count)
        for (index, signal) in crashSignals.enumerated() {
            // On the alternate stack, so a stack overflow's SIGSEGV can still restore the terminal.
            var action = Platform.action(handler: { restoreTerminalAndCrash($0) }, flags: Int32(SA_ONSTACK))
            do {
                _ = try SystemCall.once("sigaction") { sigaction(signal, &action, previous + index) }
            } catch {
                for (earlier, installed) in crashSignals.prefix(index).enumerated() {
                    _ = sigaction(installed, previous + earlier, nil)
                }
                previous.deallocate()
                throw error
            }
        }
        previousActionsAddress.store(Int(bitPattern: previous), ordering: .sequentiallyConsistent)
    }

    /// Sends the reset bytes to another descriptor, when the terminal's output has moved (while recording).
    package static func setOutputDescriptor(_ descriptor: Int32) {
        resetDescriptor.store(descriptor, ordering: .sequentiallyConsistent)
    }

    /// Puts back the handlers that were there before (wraps `sigaction`), once the terminal has been restored normally.
    package static func uninstall() {
        guard
            let previous = UnsafePointer<sigaction>(
                bitPattern: previousActionsAddress.load(ordering: .sequentiallyConsistent))
        else { return }
        for (index, signal) in crashSignals.enumerated() {
            // Putting back an action the kernel gave for a catchable signal cannot fail (`sigaction` only
            // refuses an invalid signal number, SIGKILL or SIGSTOP), so there is no error to report.
            _ = sigaction(signal, previous + index, nil)
        }
        resetBytesAddress.store(0, ordering: .sequentiallyConsistent)
        savedModesAddress.store(0, ordering: .sequentiallyConsistent)
        previousActionsAddress.store(0, ordering: .sequentiallyConsistent)
    }

    /// Gives signal handlers a stack of their own, once (wraps `sigaltstack`).
    private static func installAlternateStack() throws(SystemError) {
        var current = stack_t()
        _ = try SystemCall.once("sigaltstack") { sigaltstack(nil, &current) }
        guard current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var alternate = stack_t()
        alternate.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        alternate.ss_size = size
        alternate.ss_flags = 0
        do {
            _ = try SystemCall.once("sigaltstack") { sigaltstack(&alternate, nil) }
        } catch {
            alternate.ss_sp?.deallocate()
            throw error
        }
    }
}
