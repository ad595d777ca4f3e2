import Testing

@testable import BadgeKit

@Suite struct MathsTests {
    /// The platform's functions, within one unit in the last place of values computed to 50 digits.
    @Test(
        arguments: [
            (Maths.exponential(1), 2.718_281_828_459_045_235_36),
            (Maths.sine(1), 0.841_470_984_807_896_506_65),
            (Maths.cosine(1), 0.540_302_305_868_139_717_40),
            (Maths.power(0.5, 2.4), 0.189_464_570_813_799_775_12),
            (Maths.cubeRoot(-27), -3),
        ] as [(Double, Double)])
    func elementaryFunctionsMatchReferenceValues(computed: Double, reference: Double) {
        #expect(abs(computed - reference) <= reference.ulp, "\(computed) against \(reference)")
    }
}
