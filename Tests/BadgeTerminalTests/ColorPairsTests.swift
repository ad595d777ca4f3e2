import BadgeKit
import Testing

@testable import BadgeTerminal

@Suite struct ColorPairsTests {
    @Test func directColourNumbersAreReadAsRGBByEveryDirectTerminfoEntry() {
        // Colours pack as 0xRRGGBB.
        #expect(ColorPairs.directColorNumber(of: .systemRed) == 0xFF3B30)
        #expect(ColorPairs.directColorNumber(of: .white) == 0xFFFFFF)
        // xterm-direct reads numbers below 8 as ANSI colours, xterm-direct16 below 16, xterm-direct256
        // below 256: black and the dark blues get green 1 of 255, which looks the same, and clear them all.
        #expect(ColorPairs.directColorNumber(of: .black) == 0x000100)
        #expect(ColorPairs.directColorNumber(of: RGBColor(hex: 0x00000C)) == 0x00010C)
        #expect(ColorPairs.directColorNumber(of: RGBColor(hex: 0x0000FF)) == 0x0001FF)
        for blue in 0...255 {
            let number = ColorPairs.directColorNumber(of: RGBColor(red: 0, green: 0, blue: UInt8(blue)))
            #expect(number >= 256 && number & 0xFF == Int32(blue))
        }
        #expect(ColorPairs.directColorNumber(of: RGBColor(hex: 0x000100)) == 0x000100)
    }
}
