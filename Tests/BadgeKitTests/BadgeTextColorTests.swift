import Testing

@testable import BadgeKit

/// One SwiftUI colour at one colour depth: the badge as a terminal of that depth shows it, drawn and measured.
struct BadgeColorCase: CustomTestStringConvertible, Sendable {
    let name: String
    let color: RGBColor
    let depth: ColorDepth

    /// Every SwiftUI colour name at every depth.
    static let all: [BadgeColorCase] = RGBColor.named.flatMap { entry in
        ColorDepth.allCases.map { BadgeColorCase(name: entry.name, color: entry.color, depth: $0) }
    }

    /// The style of the badge's digit, drawn at rest on a toolbar of this depth.
    var digitStyle: CellStyle {
        let toolbar = BadgeToolbar(
            title: "T", buttons: [BadgedButton(title: "B", symbolName: "bell", count: 7, badgeColor: color)])
        var canvas = Canvas(columns: 40, rows: 4)
        toolbar.render(
            into: &canvas, row: 2, at: 0, appearance: ToolbarAppearance(widths: .estimate, colorDepth: depth),
            showsFocus: false)
        let column = (0..<40).first { canvas[$0, 1].glyph == "7" }!
        return canvas[column, 1].style
    }

    /// The badge colour the terminal shows.
    var shownBadge: RGBColor {
        guard case .rgb(let background) = digitStyle.background else { return color }
        return depth.displayedColor(of: background)
    }

    /// The text colour asked for.
    var text: RGBColor {
        guard case .rgb(let foreground) = digitStyle.foreground else { return .white }
        return foreground
    }

    /// The text colour the terminal shows, with bold's effect at 8 and 16 colours.
    var shownText: RGBColor {
        depth.displayedTextColor(of: text, bold: digitStyle.attributes.contains(.bold))
    }

    /// The WCAG contrast of the text shown on the badge shown.
    var contrast: Double { shownText.contrastRatio(with: shownBadge) }

    var testDescription: String {
        guard depth != .monochrome else { return "\(name) \(color) at monochrome: reverse video" }
        let ratio = (contrast * 100).rounded() / 100
        let weight = digitStyle.attributes.contains(.bold) ? " bold" : ""
        return "\(name) \(color) at \(depth): badge shown \(shownBadge), text \(shownText)\(weight), \(ratio):1"
    }
}

@Suite struct BadgeTextColorTests {
    /// The text is black or white by the original's rule (luminance above 0.5 gives black), applied to the
    /// colour the terminal shows; it is never bold black; and it reads at least as well as that rule promises.
    @Test(arguments: BadgeColorCase.all)
    func textReadsOnTheBadgeAsShown(_ badge: BadgeColorCase) {
        let expected: RGBColor = badge.shownBadge.relativeLuminance > 0.5 ? .black : .white
        #expect(badge.text == expected, "\(badge.testDescription)")
        if badge.text == .black && (badge.depth == .ansi8 || badge.depth == .ansi16) {
            #expect(!badge.digitStyle.attributes.contains(.bold), "bold black shows grey: \(badge.testDescription)")
        }
        guard badge.depth != .monochrome else {
            // No colours: reverse video, whatever the colour.
            return
        }
        // White text is chosen up to a luminance of 0.5: (1 + 0.05) / (0.5 + 0.05) ≈ 1.91 is the least it gives;
        // black text from there gives at least 11. The text as shown must keep that promise.
        #expect(badge.contrast >= 1.9, "\(badge.testDescription)")
        #expect(badge.shownText == expected, "the text shows in the colour asked for: \(badge.testDescription)")
    }

    @Test func theIssuesExamples() {
        // Red at 256 colours: colour 196 with white text, 4.0:1 (it was the salmon 203 at 3.0:1).
        let red = BadgeColorCase(name: "red", color: .systemRed, depth: .indexed256)
        #expect(red.shownBadge == RGBColor(hex: 0xFF0000) && red.shownText == .white)
        #expect(abs(red.contrast - 4.0) < 0.01)
        // Yellow at 16 colours: black text, not bold, on xterm's #CDCD00 (it was bold black, grey #7F7F7F).
        let yellow = BadgeColorCase(name: "yellow", color: .systemYellow, depth: .ansi16)
        #expect(yellow.shownText == .black && !yellow.digitStyle.attributes.contains(.bold))
        #expect(yellow.contrast > 10)
        // Mint at 256 colours is shown as #00D7D7, light enough for black text, though SwiftUI's mint takes white.
        let mint = BadgeColorCase(name: "mint", color: .systemMint, depth: .indexed256)
        #expect(RGBColor.systemMint.contrastingForeground == .white)
        #expect(mint.text == .black && mint.contrast > 10)
    }
}
