import Testing

@testable import BadgeKit

@Suite struct ElementaryFunctionsTests {
    /// Reference values computed with a 50-digit calculator.
    @Test func exponentialMatchesReferenceValues() {
        #expect(ElementaryFunctions.exp(0) == 1)
        #expect(abs(ElementaryFunctions.exp(1) - 2.718_281_828_459_045) < 1e-15)
        #expect(abs(ElementaryFunctions.exp(-1) - 0.367_879_441_171_442_3) < 1e-15)
        #expect(abs(ElementaryFunctions.exp(10) / 22_026.465_794_806_718 - 1) < 1e-14)
        #expect(abs(ElementaryFunctions.exp(-20) / 2.061_153_622_438_557_8e-9 - 1) < 1e-14)
        #expect(ElementaryFunctions.exp(-800) == 0)
        #expect(ElementaryFunctions.exp(800) == .infinity)
    }

    @Test func logarithmInvertsExponential() {
        #expect(abs(ElementaryFunctions.log(2) - 0.693_147_180_559_945_3) < 1e-15)
        #expect(abs(ElementaryFunctions.log(10) - 2.302_585_092_994_046) < 1e-15)
        for value in [0.001, 0.5, 1, 3.7, 1234.5] {
            #expect(abs(ElementaryFunctions.exp(ElementaryFunctions.log(value)) / value - 1) < 1e-14)
        }
        #expect(ElementaryFunctions.log(0) == -.infinity)
        #expect(ElementaryFunctions.log(-1).isNaN)
        #expect(abs(ElementaryFunctions.power(0.5, 2.4) - 0.189_464_570_813_799_78) < 1e-15)
    }

    @Test func sineAndCosineMatchReferenceValues() {
        #expect(abs(ElementaryFunctions.sin(1) - 0.841_470_984_807_896_5) < 1e-15)
        #expect(abs(ElementaryFunctions.cos(1) - 0.540_302_305_868_139_7) < 1e-15)
        #expect(abs(ElementaryFunctions.sin(Double.pi / 6) - 0.5) < 1e-15)
        #expect(abs(ElementaryFunctions.cos(Double.pi) + 1) < 1e-15)
        #expect(abs(ElementaryFunctions.sin(-2.5) + 0.598_472_144_103_956_5) < 1e-15)
        #expect(abs(ElementaryFunctions.cos(100) - 0.862_318_872_287_684) < 1e-13)
        for angle in stride(from: -10.0, through: 10, by: 0.37) {
            let sine = ElementaryFunctions.sin(angle)
            let cosine = ElementaryFunctions.cos(angle)
            #expect(abs(sine * sine + cosine * cosine - 1) < 1e-14)
        }
    }
}
