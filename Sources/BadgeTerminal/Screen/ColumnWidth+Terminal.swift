import BadgeKit
import CNCursesW

extension ColumnWidth {
    /// Widths as the C library measures them (wraps `wcwidth`), which is what ncurses and the terminal use.
    ///
    /// Call `setlocale` first: in the C locale every non-ASCII scalar measures -1.
    public static let terminal = ColumnWidth { scalar in
        Int(wcwidth(wchar_t(bitPattern: scalar.value)))
    }
}
