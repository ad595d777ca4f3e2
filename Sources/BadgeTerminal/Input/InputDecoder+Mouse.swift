import BadgeKit

extension InputDecoder {
    /// The button-code bits that say which modifier keys were held: Shift (4), Meta (8), Control (16).
    private static let modifierBits: UInt32 = 4 | 8 | 16

    /// The event of an SGR (1006) mouse report, `CSI < Cb ; Cx ; Cy M` or `m`, whose numbers are `parameters`.
    ///
    /// - Parameters:
    ///   - parameters: The report's three numbers: the button code, the column and the row.
    ///   - isRelease: Whether the final byte was `m`, a button coming up.
    static func sgrMouseEvent(_ parameters: ControlSequenceParameters, isRelease: Bool) -> MouseEvent {
        MouseEvent(
            column: cell(parameters[1]), row: cell(parameters[2]),
            action: mouseAction(buttonCode: parameters[0], isRelease: isRelease))
    }

    /// Takes a byte of an X10 mouse report (`CSI M` and three bytes, each 32 more than its value).
    ///
    /// Every byte counts, even past 0x7F (columns and rows beyond 95); the
    /// report is dropped when a byte is below 32, which no terminal sends.
    mutating func x10Mouse(
        _ byte: UInt8, received: Int, button: UInt8, column: UInt8, into events: inout [InputEvent]
    ) {
        switch received {
        case 0:
            state = .x10Mouse(received: 1, button: byte, column: 0)
        case 1:
            state = .x10Mouse(received: 2, button: button, column: byte)
        default:
            state = .ground
            guard button >= 32, column >= 32, byte >= 32 else { return }
            let code = UInt32(button - 32)
            // X10 reports a release as button 3, without saying which button came up.
            let isRelease = code & ~Self.modifierBits == 3
            events.append(
                .mouse(
                    MouseEvent(
                        column: Self.cell(UInt32(column - 32)), row: Self.cell(UInt32(byte - 32)),
                        action: isRelease ? .leftRelease : Self.mouseAction(buttonCode: code, isRelease: false))))
        }
    }

    /// The action of a button code: the left button alone (modifiers allowed) is a press or release, the rest is other.
    ///
    /// Other buttons (1, 2, and 128 up), the wheel (64 and 65) and motion (32) are all ``MouseEvent/Action/other``.
    private static func mouseAction(buttonCode: UInt32, isRelease: Bool) -> MouseEvent.Action {
        guard buttonCode & ~modifierBits == 0 else { return .other }
        return isRelease ? .leftRelease : .leftPress
    }

    /// The zero-based cell of a one-based coordinate (0, which no terminal sends, is taken as 1).
    private static func cell(_ coordinate: UInt32) -> Int {
        Int(max(coordinate, 1)) - 1
    }
}
