import BadgeKit
import CNCursesW

/// Turns what ncurses reads into ``InputEvent``s.
enum KeyDecoder {
    /// The event for a character: an ASCII byte `wgetch` returned, or a scalar assembled from UTF-8.
    static func event(forCharacter character: wint_t) -> InputEvent {
        switch character {
        case 3: return .key(.interrupt)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 12: return .key(.redraw)
        case 26: return .key(.suspend)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        default:
            guard character >= 32, let scalar = Unicode.Scalar(UInt32(character)) else {
                return .key(.other(Int(character)))
            }
            return .character(Character(scalar))
        }
    }

    /// The key for a key code (256 and up) `wgetch` returned.
    static func key(forCode code: Int32) -> Key {
        switch code {
        case KEY_BTAB: return .backTab
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        default: return .other(Int(code))
        }
    }

    /// The mouse event for a report from `getmouse`.
    static func mouseEvent(for report: MEVENT) -> MouseEvent {
        let state = report.bstate
        let action: MouseEvent.Action
        if state & CNC_BUTTON1_PRESSED != 0 {
            action = .leftPress
        } else if state & CNC_BUTTON1_RELEASED != 0 {
            action = .leftRelease
        } else if state & (CNC_BUTTON1_CLICKED | CNC_BUTTON1_DOUBLE_CLICKED | CNC_BUTTON1_TRIPLE_CLICKED) != 0 {
            action = .leftClick
        } else {
            action = .other
        }
        return MouseEvent(column: Int(report.x), row: Int(report.y), action: action)
    }
}
