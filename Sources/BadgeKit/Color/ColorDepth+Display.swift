extension ColorDepth {
    /// The colour a terminal of this depth shows for a colour asked for.
    ///
    /// At 8, 16 and 256 colours that is the nearest palette entry (``ColorPalette/nearestIndex(to:depth:)``);
    /// in 24-bit colour the colour itself. In monochrome nothing is shown in colour
    /// and the colour itself is returned.
    public func displayedColor(of color: RGBColor) -> RGBColor {
        guard let index = ColorPalette.nearestIndex(to: color, depth: self) else { return color }
        return ColorPalette.color(atIndex: index)
    }

    /// The colour text asked for in a colour shows in, bold or not.
    ///
    /// At 8 and 16 colours xterm, mlterm and most others show bold text in colours
    /// 0–7 in their bright forms, 8–15: bold black is grey. Other depths show bold
    /// text in its own colour.
    public func displayedTextColor(of color: RGBColor, bold: Bool) -> RGBColor {
        guard let index = ColorPalette.nearestIndex(to: color, depth: self) else { return color }
        if bold, index < 8, self == .ansi8 || self == .ansi16 {
            return ColorPalette.ansi[index + 8]
        }
        return ColorPalette.color(atIndex: index)
    }

    /// Whether text in a colour may be bold: only where bold shows a colour at least as near the one asked for as plain text does.
    ///
    /// Black text at 8 or 16 colours is never bold (it would show grey); white text at
    /// 8 colours is, since bold shows colour 15, white, where plain text shows colour 7, light grey.
    public func allowsBold(textColor color: RGBColor) -> Bool {
        let plain = displayedTextColor(of: color, bold: false)
        let bold = displayedTextColor(of: color, bold: true)
        return plain == bold || ColorPalette.distance(bold, color) <= ColorPalette.distance(plain, color)
    }

    /// The text colour for a badge: the original's black-or-white rule, applied to the badge colour this depth shows.
    public func badgeTextColor(on color: RGBColor) -> RGBColor {
        displayedColor(of: color).contrastingForeground
    }
}
