import BadgeKit
import Foundation
import Testing

@testable import BadgeTerminal

@Suite struct KeyReaderTests {
    /// When a lone Esc read at time 10 becomes the Escape key, for a reader made with a delay and an environment.
    private func escapeDeadline(delaySeconds: Double, environment: [String: String] = [:]) throws -> Double? {
        let ends = try SystemDescriptor.pipe()
        defer {
            ends.read.close()
            ends.write.close()
        }
        var escape: UInt8 = 0x1B
        #expect(write(ends.write.rawValue, &escape, 1) == 1)
        var reader = KeyReader(escapeDelaySeconds: delaySeconds, environment: { environment[$0] })
        let didRead = reader.read(from: ends.read, at: 10)
        #expect(didRead)
        return reader.deadline
    }

    @Test func aLoneEscWaitsTheDelayGivenOrWhatESCDELAYSays() throws {
        #expect(try escapeDeadline(delaySeconds: 0.025) == 10.025)
        #expect(try escapeDeadline(delaySeconds: 0.025, environment: ["ESCDELAY": "100"]) == 10.1)
        #expect(try escapeDeadline(delaySeconds: 0.025, environment: ["ESCDELAY": "soon"]) == 10.025)
    }

    @Test func everyWayOfAskingForALongWaitMeetsTheSameLimit() throws {
        let limit = 10 + InputDecoder.longestEscapeTimeoutSeconds
        #expect(try escapeDeadline(delaySeconds: 0.025, environment: ["ESCDELAY": "60000"]) == limit, "ESCDELAY")
        #expect(try escapeDeadline(delaySeconds: 60) == limit, "a configuration")
        #expect(try escapeDeadline(delaySeconds: 60, environment: ["ESCDELAY": "60000"]) == limit, "both")
    }

    @Test func aSequenceLeftOpenEndsAtItsDeadlineAndTheKeysAfterItAreKeys() throws {
        let ends = try SystemDescriptor.pipe()
        defer {
            ends.read.close()
            ends.write.close()
        }
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            #expect(write(ends.write.rawValue, bytes, bytes.count) == bytes.count)
        }
        var reader = KeyReader(escapeDelaySeconds: 0.025, environment: { _ in nil })
        // Alt-], which VTE, kitty, alacritty, konsole and tmux send as ESC ], the start of an OSC string.
        type("\u{1B}]")
        var didRead = reader.read(from: ends.read, at: 10)
        #expect(didRead)
        var events = reader.takeKeys(at: 10)
        #expect(events.isEmpty)
        #expect(reader.deadline == 10.025)
        events = reader.takeKeys(at: 10.03)
        #expect(events == [.input(.key(.alt("]")))])
        #expect(reader.deadline == nil)
        type("q")
        didRead = reader.read(from: ends.read, at: 11)
        #expect(didRead)
        events = reader.takeKeys(at: 11)
        #expect(events == [.input(.character("q"))])
    }
}
