/// Pango markup made by hand: text escaped for it and spans in colours, for the bars that draw with Pango.
///
/// i3bar and swaybar (blocks with `"markup":"pango"`), Waybar and i3blocks (with `markup=pango`) read their
/// text as Pango markup, where `<`, `&` and quotes are syntax.
package enum PangoMarkup {
    /// Text that Pango shows as it is: `&`, `<`, `>`, `"` and `'` written as entities, control characters left out.
    ///
    /// Control characters are left out because Pango's markup parser refuses most
    /// of them, and a line-based bar would read a line end as the end of the text.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if !Sanitizer.isControl(scalar) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Markup already escaped, in a span of colours: `<span background="#FF3B30" foreground="#FFFFFF"> 3 </span>`.
    ///
    /// Without a background the span sets only the text's colour.
    package static func span(_ markup: String, foreground: RGBColor, background: RGBColor? = nil) -> String {
        let backgroundAttribute = background.map { "background=\"\($0)\" " } ?? ""
        return "<span \(backgroundAttribute)foreground=\"\(foreground)\">\(markup)</span>"
    }
}
