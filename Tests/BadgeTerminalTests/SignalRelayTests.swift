import Foundation
import Testing

@testable import BadgeTerminal

// In the live terminal's suite, whose tests run one at a time: signal dispositions belong to the whole process.
extension LiveTerminalTests {
    /// The disposition of a signal: its handler's address, compared against `SIG_IGN` and `SIG_DFL`.
    private func disposition(of signal: Int32) -> sigaction {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return current
    }

    @Test func withoutRelayingSuspendSIGTSTPKeepsItsDefaultActionAndTheRestIsRelayedAsBefore() throws {
        #expect(SignalRelay.treatment(of: SIGTSTP, events: [], wasIgnored: false) == .event)
        #expect(SignalRelay.treatment(of: SIGTSTP, events: [], wasIgnored: false, relaysSuspend: false) == .untouched)
        #expect(SignalRelay.treatment(of: SIGTERM, events: [], wasIgnored: false, relaysSuspend: false) == .terminates)
        #expect(SignalRelay.treatment(of: SIGCHLD, events: [], wasIgnored: false, relaysSuspend: false) == .event)

        try SignalRelay.install()
        defer { try? SignalRelay.install() }
        #expect(!Platform.isDefault(disposition(of: SIGTSTP)), "relayed first")
        // Installed again without suspend, as --once does: the earlier handler must not stay behind.
        try SignalRelay.install(relaysSuspend: false)
        #expect(Platform.isDefault(disposition(of: SIGTSTP)), "SIGTSTP stops the program at once")
        #expect(!Platform.isDefault(disposition(of: SIGTERM)), "a termination signal is still relayed")
    }

    @Test func uninstallingLeavesWritesToAClosedPipeAnErrorNotAKillingSignal() throws {
        try SignalRelay.install()
        defer { try? SignalRelay.install() }
        SignalRelay.uninstall()
        #expect(Platform.isIgnored(disposition(of: SIGPIPE)), "a write to a closed pipe fails with EPIPE")
        #expect(Platform.isIgnored(disposition(of: SIGXFSZ)), "a write past the file size limit fails with EFBIG")
        #expect(Platform.isDefault(disposition(of: SIGTERM)), "what the relay handled has its default action back")
    }
}
