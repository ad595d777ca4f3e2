import Testing

@testable import BadgeKit

@Suite struct ColorTests {
    @Test func redBadgeGetsWhiteTextAndYellowGetsBlack() {
        #expect(RGBColor.systemRed.contrastingForeground == .white)
        #expect(RGBColor.systemYellow.contrastingForeground == .black)
        #expect(RGBColor.white.contrastingForeground == .black)
        #expect(RGBColor.black.contrastingForeground == .white)
        #expect(RGBColor.systemBlue.contrastingForeground == .white)
    }

    @Test func luminanceUsesLinearChannels() {
        // Published sRGB values: mid grey #808080 is 0.2158 linear, pure green's luminance is 0.7152.
        #expect(abs(RGBColor(hex: 0x808080).linearRed - 0.2158605) < 1e-6)
        #expect(abs(RGBColor(hex: 0x00FF00).relativeLuminance - 0.7152) < 1e-9)
        #expect(abs(RGBColor.white.relativeLuminance - 1) < 1e-9)
        #expect(RGBColor.black.relativeLuminance == 0)
        // Yellow #FFCC00: 0.2126 + 0.7152 * 0.6038 ≈ 0.644, above the 0.5 threshold.
        #expect(abs(RGBColor.systemYellow.relativeLuminance - 0.6445) < 0.001)
        // Red #FF3B30: well below it.
        #expect(RGBColor.systemRed.relativeLuminance < 0.3)
    }

    @Test func hexRoundTripsThroughDescription() {
        #expect(RGBColor(hex: 0xFF3B30).description == "#FF3B30")
        #expect(RGBColor(red: 1, green: 2, blue: 255).description == "#0102FF")
    }

    @Test func namedColorsAreSwiftUIs() {
        #expect(RGBColor(named: "red") == .systemRed)
        #expect(RGBColor(named: "Yellow") == .systemYellow)
        #expect(RGBColor(named: "chartreuse") == nil)
    }

    @Test func mixingGoesFromOneColorToTheOther() {
        #expect(RGBColor.black.mixed(with: .white, fraction: 0) == .black)
        #expect(RGBColor.black.mixed(with: .white, fraction: 1) == .white)
        #expect(RGBColor.black.mixed(with: .white, fraction: 0.5) == RGBColor(hex: 0x808080))
        #expect(RGBColor.black.mixed(with: .white, fraction: 7) == .white)
    }

    @Test func nearestPaletteColorAtEachDepth() {
        // 256 colours: red lands on the cube's pure red (by RGB distance it would be the salmon 203), yellow on gold,
        // grey on the ramp.
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .indexed256) == 196)
        #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .indexed256) == 220)
        #expect(ColorPalette.nearestIndex(to: .white, depth: .indexed256) == 231)
        #expect(ColorPalette.nearestIndex(to: .black, depth: .indexed256) == 16)
        #expect(ColorPalette.nearestIndex(to: RGBColor(hex: 0x808080), depth: .indexed256) == 244)
        // 16 colours: the bright ones are allowed.
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .ansi16) == 9)
        // #FFCC00 is nearer the dark yellow #CDCD00 than the bright #FFFF00.
        #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .ansi16) == 3)
        #expect(ColorPalette.nearestIndex(to: RGBColor(hex: 0xFFFF40), depth: .ansi16) == 11)
        // 8 colours: only the basic ones.
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .ansi8) == 1)
        #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .ansi8) == 3)
        #expect(ColorPalette.nearestIndex(to: .white, depth: .ansi8) == 7)
        // No index without colour or with 24-bit colour.
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .monochrome) == nil)
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .direct) == nil)
    }

    @Test func aRememberedNearestIndexIsTheOneFoundAndIsKeptApartByDepth() {
        // The same colour at each depth, asked twice, and past the most remembered: the same answers every time.
        for _ in 0..<2 {
            #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .indexed256) == 220)
            #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .ansi16) == 3)
            #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .ansi8) == 3)
        }
        for value in 0..<(ColorPalette.nearestIndicesLimit + 10) {
            _ = ColorPalette.nearestIndex(to: RGBColor(hex: UInt32(value * 97)), depth: .indexed256)
        }
        #expect(ColorPalette.nearestIndex(to: RGBColor(hex: 0x808080), depth: .indexed256) == 244)
        #expect(ColorPalette.nearestIndex(to: RGBColor(hex: 0xFFFF40), depth: .ansi16) == 11)
    }

    @Test func oklabMatchesPublishedValues() {
        // sRGB red, green (#008000), lime, blue, white and black in OKLab, as published (e.g. CSS Color 4 tools).
        let published: [(RGBColor, Double, Double, Double)] = [
            (RGBColor(hex: 0xFF0000), 0.6280, 0.2249, 0.1258),
            (RGBColor(hex: 0x008000), 0.5198, -0.1403, 0.1077),
            (RGBColor(hex: 0x00FF00), 0.8664, -0.2339, 0.1795),
            (RGBColor(hex: 0x0000FF), 0.4520, -0.0325, -0.3115),
            (.white, 1, 0, 0),
            (.black, 0, 0, 0),
        ]
        for (color, lightness, a, b) in published {
            let lab = OKLabColor(color)
            #expect(abs(lab.lightness - lightness) < 5e-4, "\(color) L \(lab.lightness)")
            #expect(abs(lab.a - a) < 5e-4, "\(color) a \(lab.a)")
            #expect(abs(lab.b - b) < 5e-4, "\(color) b \(lab.b)")
        }
        // Ottosson's reference figures to six places.
        let red = OKLabColor(RGBColor(hex: 0xFF0000))
        #expect(abs(red.lightness - 0.627_955) < 1e-6 && abs(red.a - 0.224_863) < 1e-6 && abs(red.b - 0.125_846) < 1e-6)
    }

    @Test func appleColoursLandOnTheirNearestLookingPaletteEntries() {
        // By OKLab distance, not RGB distance: red on #FF0000 (white text 4.0:1), not the salmon #FF5F5F (3.0:1).
        #expect(ColorDepth.indexed256.displayedColor(of: .systemRed) == RGBColor(hex: 0xFF0000))
        #expect(ColorDepth.indexed256.displayedColor(of: .systemYellow) == RGBColor(hex: 0xFFD700))
        #expect(ColorPalette.nearestIndex(to: .systemYellow, depth: .indexed256) == 220)
        // At 16 and 8 colours, against xterm's palette.
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .ansi16) == 9)
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .ansi8) == 1)
        #expect(ColorPalette.nearestIndex(to: .systemBlue, depth: .ansi16) == 12)
        #expect(ColorPalette.nearestIndex(to: .systemGray, depth: .ansi16) == 8)
        // The ANSI sixteen are skipped at 256 colours, even where one is exact.
        #expect(ColorPalette.nearestIndex(to: RGBColor(hex: 0xCD0000), depth: .indexed256)! >= 16)
        // 24-bit colour shows the colour itself.
        #expect(ColorDepth.direct.displayedColor(of: .systemRed) == .systemRed)
    }

    @Test func boldNeverTurnsBlackTextGrey() {
        for depth in [ColorDepth.ansi8, .ansi16] {
            #expect(!depth.allowsBold(textColor: .black), "\(depth)")
            #expect(depth.displayedTextColor(of: .black, bold: true) == RGBColor(hex: 0x7F7F7F))
            #expect(depth.allowsBold(textColor: .white), "\(depth)")
        }
        // At 8 colours bold is what makes white text white rather than light grey.
        #expect(ColorDepth.ansi8.displayedTextColor(of: .white, bold: false) == RGBColor(hex: 0xE5E5E5))
        #expect(ColorDepth.ansi8.displayedTextColor(of: .white, bold: true) == .white)
        // Elsewhere bold does not change the colour shown.
        for depth in [ColorDepth.monochrome, .indexed256, .direct] {
            #expect(depth.allowsBold(textColor: .black), "\(depth)")
            #expect(
                depth.displayedTextColor(of: .black, bold: true) == depth.displayedTextColor(of: .black, bold: false))
        }
    }

    @Test func contrastRatiosAreWCAGs() {
        #expect(abs(RGBColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(abs(RGBColor.white.contrastRatio(with: .white) - 1) < 1e-9)
        // White on pure red: 1.05 / 0.2626 ≈ 4.0; on the salmon #FF5F5F about 3.0.
        #expect(abs(RGBColor(hex: 0xFF0000).contrastRatio(with: .white) - 3.998) < 0.001)
        #expect(abs(RGBColor(hex: 0xFF5F5F).contrastRatio(with: .white) - 2.98) < 0.01)
    }

    @Test func paletteIndicesDecodeAsXtermDoes() {
        #expect(ColorPalette.color(atIndex: 16) == .black)
        #expect(ColorPalette.color(atIndex: 196) == RGBColor(hex: 0xFF0000))
        #expect(ColorPalette.color(atIndex: 203) == RGBColor(hex: 0xFF5F5F))
        #expect(ColorPalette.color(atIndex: 232) == RGBColor(hex: 0x080808))
        #expect(ColorPalette.color(atIndex: 255) == RGBColor(hex: 0xEEEEEE))
    }

    @Test func depthsAreOrderedAndOnlyRichOnesRamp() {
        #expect(ColorDepth.monochrome < .ansi8)
        #expect(ColorDepth.indexed256 < .direct)
        #expect(ColorDepth.indexed256.rampsColors)
        #expect(ColorDepth.direct.rampsColors)
        #expect(!ColorDepth.ansi16.rampsColors)
        #expect(!ColorDepth.monochrome.rampsColors)
    }
}

@Suite struct ColorDepthDetectionTests {
    @Test func directColourNeedsTerminfoAndColorterm() {
        #expect(ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: true, colorTermVariable: "truecolor") == .direct)
        #expect(ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: true, colorTermVariable: "24bit") == .direct)
        #expect(ColorDepth.detect(colorCount: 256, terminfoHasRGB: true, colorTermVariable: "TrueColor") == .direct)
        // COLORTERM alone cannot give 24-bit colour through a 256-colour terminfo entry.
        #expect(
            ColorDepth.detect(colorCount: 256, terminfoHasRGB: false, colorTermVariable: "truecolor") == .indexed256)
        // The RGB capability alone is direct colour: xterm-direct reads every colour number as RGB.
        #expect(ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: true, colorTermVariable: nil) == .direct)
        #expect(ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: true, colorTermVariable: "") == .direct)
        // 2²⁴ colours without RGB: direct only when COLORTERM says so.
        #expect(ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: false, colorTermVariable: nil) == .indexed256)
        #expect(
            ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: false, colorTermVariable: "truecolor") == .direct)
    }

    @Test func fewerColoursStepDown() {
        #expect(ColorDepth.detect(colorCount: 256, terminfoHasRGB: false, colorTermVariable: nil) == .indexed256)
        #expect(ColorDepth.detect(colorCount: 88, terminfoHasRGB: false, colorTermVariable: nil) == .ansi16)
        #expect(ColorDepth.detect(colorCount: 16, terminfoHasRGB: false, colorTermVariable: nil) == .ansi16)
        #expect(ColorDepth.detect(colorCount: 8, terminfoHasRGB: false, colorTermVariable: nil) == .ansi8)
        #expect(ColorDepth.detect(colorCount: 2, terminfoHasRGB: false, colorTermVariable: nil) == .monochrome)
        #expect(ColorDepth.detect(colorCount: -1, terminfoHasRGB: false, colorTermVariable: "truecolor") == .monochrome)
    }

    @Test func swiftUIsColourNamesWorkInCodeAsOnTheCommandLine() {
        let button = BadgedButton(title: "Build", symbolName: "hammer", count: 1, badgeColor: .green)
        #expect(button.badgeColor == RGBColor(hex: 0x34C759))
        let inCode: [RGBColor] = [
            .red, .orange, .yellow, .green, .mint, .teal, .cyan, .blue, .indigo, .purple, .pink, .brown, .gray,
            .black, .white,
        ]
        #expect(RGBColor.named.map(\.color) == inCode)
        for (name, color) in RGBColor.named {
            #expect(RGBColor(named: name) == color, "\(name)")
            #expect(RGBColor(specification: name) == color, "\(name) as --color takes it")
        }
        #expect(RGBColor.red.red == 0xFF, "the colour's channel keeps its name")
    }
}
