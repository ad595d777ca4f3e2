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
        // 256 colours: red lands in the cube, yellow on gold, grey on the ramp.
        #expect(ColorPalette.nearestIndex(to: .systemRed, depth: .indexed256) == 203)
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
        // A direct entry without COLORTERM stays at 256, which every such terminal also shows.
        #expect(ColorDepth.detect(colorCount: 1 << 24, terminfoHasRGB: true, colorTermVariable: nil) == .indexed256)
    }

    @Test func fewerColoursStepDown() {
        #expect(ColorDepth.detect(colorCount: 256, terminfoHasRGB: false, colorTermVariable: nil) == .indexed256)
        #expect(ColorDepth.detect(colorCount: 88, terminfoHasRGB: false, colorTermVariable: nil) == .ansi16)
        #expect(ColorDepth.detect(colorCount: 16, terminfoHasRGB: false, colorTermVariable: nil) == .ansi16)
        #expect(ColorDepth.detect(colorCount: 8, terminfoHasRGB: false, colorTermVariable: nil) == .ansi8)
        #expect(ColorDepth.detect(colorCount: 2, terminfoHasRGB: false, colorTermVariable: nil) == .monochrome)
        #expect(ColorDepth.detect(colorCount: -1, terminfoHasRGB: false, colorTermVariable: "truecolor") == .monochrome)
    }
}
