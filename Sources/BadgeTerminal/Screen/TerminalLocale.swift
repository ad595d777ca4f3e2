import CNCursesW

/// The locale the terminal text is encoded in.
package enum TerminalLocale {
    /// Adopts the user's locale from the environment (wraps `setlocale(LC_ALL, "")`).
    ///
    /// Must run before ncurses starts: without it wide glyphs vanish and widths measure -1.
    package static func adopt() {
        setlocale(LC_ALL, "")
    }

    /// Whether the locale's character set is UTF-8 (wraps `nl_langinfo(nl_item(CODESET))`).
    package static var usesUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
