import BadgeKit
import CNCursesW
import Glibc
import Testing

@testable import BadgeTerminal

/// The painter on its own, writing into memory: what a frame hands ncurses, and what a whole repaint sends.
@Suite(.serialized) struct ScreenPainterTests {
    private func painter(columns: Int = 40, rows: Int = 8, terminalType: String = "xterm-256color") throws
        -> ScreenPainter
    {
        TerminalLocale.adopt()
        return try ScreenPainter(
            terminalType: terminalType, size: TerminalSize(columns: columns, rows: rows), colorMode: .never,
            environment: { _ in nil })
    }

    private func frame(_ lines: [Int: String], columns: Int = 40, rows: Int = 8) -> Canvas {
        var canvas = Canvas(columns: columns, rows: rows)
        for (row, text) in lines {
            canvas.write(text, column: 2, row: row, style: .plain, widths: .estimate)
        }
        canvas.cursor = (1, rows - 1)
        return canvas
    }

    private func paint(_ canvas: Canvas, with painter: ScreenPainter) -> String {
        var bytes: [UInt8] = []
        painter.paint(canvas) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFrameSendsOnlyWhatChangedAndAnUnchangedFrameNothing() throws {
        let painter = try painter()
        defer { painter.close() }
        let first = paint(frame([1: "hello", 3: "world"]), with: painter)
        #expect(first.contains("hello") && first.contains("world"))
        let second = paint(frame([1: "hello", 3: "wormy"]), with: painter)
        #expect(
            second.contains("my") && !second.contains("hello") && !second.contains("wor"), "\(second.debugDescription)")
        #expect(paint(frame([1: "hello", 3: "wormy"]), with: painter).isEmpty)
    }

    @Test func aWholeRepaintClearsTheScreenAndSendsOnlyWhatIsThere() throws {
        let painter = try painter()
        defer { painter.close() }
        _ = paint(frame([1: "hello", 3: "world"]), with: painter)
        // Ctrl-L: ncurses' screen is blanked, so what the new frame leaves blank is not left over from the last.
        painter.invalidate()
        let redrawn = paint(frame([1: "hello"]), with: painter)
        #expect(redrawn.contains("\u{1B}[H\u{1B}[2J"), "the screen is cleared: \(redrawn.debugDescription)")
        #expect(redrawn.contains("hello") && !redrawn.contains("world"), "\(redrawn.debugDescription)")
        // A new size: the same, at the new size.
        painter.resize(to: TerminalSize(columns: 60, rows: 12))
        let resized = paint(frame([5: "again"], columns: 60, rows: 12), with: painter)
        #expect(resized.contains("\u{1B}[H\u{1B}[2J") && resized.contains("again") && !resized.contains("hello"))
        #expect(paint(frame([5: "again"], columns: 60, rows: 12), with: painter).isEmpty)
        let changed = paint(frame([5: "again", 7: "more"], columns: 60, rows: 12), with: painter)
        #expect(changed.contains("more") && !changed.contains("again"), "\(changed.debugDescription)")
    }

    @Test func framesFollowOneAnotherInTheFileAndEachIsReadOnce() throws {
        let painter = try painter()
        defer { painter.close() }
        _ = paint(frame([1: "start"]), with: painter)
        // Far more frames than the in-memory file holds before it is emptied: each reads back only its own bytes.
        for number in 0..<2_000 {
            let text = paint(frame([1: "start", 2: "frame \(number % 10)"]), with: painter)
            #expect(text.contains("\(number % 10)") && !text.contains("start"), "\(number): \(text.debugDescription)")
        }
    }

    @Test func itsDescriptorsAreClosedInProgramsStartedLater() throws {
        let painter = try painter()
        defer { painter.close() }
        let descriptors = painter.descriptors
        #expect(descriptors.count == 2 && descriptors.allSatisfy { $0 >= 0 }, "\(descriptors)")
        for descriptor in descriptors {
            let flags = fcntl(descriptor, F_GETFD)
            #expect(flags >= 0 && flags & FD_CLOEXEC != 0, "descriptor \(descriptor) is inherited by children")
        }
    }

    @Test(arguments: ["vt100", "vt102", "vt100-am"])
    func theCrashGuardsResetBytesHaveTheirPaddingApplied(_ terminalType: String) throws {
        let painter = try painter(terminalType: terminalType)
        defer { painter.close() }
        // clear is ESC [ H ESC [ J $<50> and sgr0 ESC [ m SI $<2>: with xon_xoff, the padding is no bytes at all;
        // rmkx is ESC [ ? 1 l ESC >.
        let text = String(decoding: TerminalSession.resetSequence(restoresTitle: true), as: UTF8.self)
        #expect(!text.contains("$<"), "\(text.debugDescription)")
        let expectedStart = "\u{18}\u{1B}[H\u{1B}[J\u{1B}[m\u{0F}\u{1B}[?1l\u{1B}>\u{1B}[?1000l"
        #expect(text.hasPrefix(expectedStart), "\(text.debugDescription)")
    }

    @Test func everyTerminfoStringGoesOutAsTputsPadsIt() throws {
        let vt100 = try painter(terminalType: "vt100")
        #expect(TerminfoString.bytes(of: "clear") == Array("\u{1B}[H\u{1B}[J".utf8))
        #expect(TerminfoString.bytes(of: "sgr0") == Array("\u{1B}[m\u{0F}".utf8))
        #expect(TerminfoString.bytes(of: "rmcup").isEmpty, "vt100 has no alternate screen")
        #expect(TerminfoString.bytes(of: "no-such-capability").isEmpty)
        // A $ that starts no padding is text, and a padding specification is dropped wherever it stands: ncurses
        // writes into memory here, so it knows no line speed to pad for, even for a mandatory delay (/).
        #expect(TerminfoString.padded("a$b$<5>c$<2.5*/>d") == Array("a$bcd".utf8))
        vt100.close()
        let xterm = try painter(terminalType: "xterm-256color")
        defer { xterm.close() }
        #expect(TerminfoString.bytes(of: "clear") == Array("\u{1B}[H\u{1B}[2J".utf8))
        #expect(TerminfoString.bytes(of: "rmcup") == Array("\u{1B}[?1049l\u{1B}[23;0;0t".utf8))
    }
}
