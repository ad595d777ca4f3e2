/// A colour in Björn Ottosson's OKLab space, where the straight-line distance between two colours follows how different they look.
///
/// Terminal palettes are searched in this space: by plain RGB distance Apple's red
/// `#FF3B30` is nearest the washed-out salmon `#FF5F5F`, by OKLab distance the red `#FF0000`.
package struct OKLabColor: Sendable, Equatable {
    /// The perceived lightness, 0 for black to 1 for white.
    package var lightness: Double
    /// The green–red axis, OKLab's `a`: negative is greener, positive redder.
    package var a: Double
    /// The blue–yellow axis, OKLab's `b`: negative is bluer, positive yellower.
    package var b: Double

    /// Creates a colour from its three coordinates.
    package init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// The OKLab coordinates of an sRGB colour, with Ottosson's matrices from linear sRGB.
    package init(_ color: RGBColor) {
        let red = color.linearRed
        let green = color.linearGreen
        let blue = color.linearBlue
        // Linear sRGB to the cone responses, then a cube root for the response's non-linearity.
        let long = Maths.cubeRoot(
            0.412_221_470_8 * red + 0.536_332_536_3 * green + 0.051_445_992_9 * blue)
        let medium = Maths.cubeRoot(
            0.211_903_498_2 * red + 0.680_699_545_1 * green + 0.107_396_956_6 * blue)
        let short = Maths.cubeRoot(
            0.088_302_461_9 * red + 0.281_718_837_6 * green + 0.629_978_700_5 * blue)
        lightness = 0.210_454_255_3 * long + 0.793_617_785_0 * medium - 0.004_072_046_8 * short
        a = 1.977_998_495_1 * long - 2.428_592_205_0 * medium + 0.450_593_709_9 * short
        b = 0.025_904_037_1 * long + 0.782_771_766_2 * medium - 0.808_675_766_0 * short
    }

    /// The squared Euclidean distance to another colour: how different the two look, squared.
    package func squaredDistance(to other: OKLabColor) -> Double {
        let lightnessDifference = lightness - other.lightness
        let aDifference = a - other.a
        let bDifference = b - other.b
        return lightnessDifference * lightnessDifference + aDifference * aDifference + bDifference * bDifference
    }
}
