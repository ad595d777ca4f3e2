extension RGBColor {
    /// Converts one sRGB channel to linear light, as the sRGB transfer function defines.
    static func linearChannel(_ channel: UInt8) -> Double {
        linearChannels[Int(channel)]
    }

    /// Every channel value in linear light, computed once: luminance and OKLab are taken every frame.
    private static let linearChannels: [Double] = (0...255).map { channel in
        let encoded = Double(channel) / 255
        if encoded <= 0.04045 {
            return encoded / 12.92
        }
        return Maths.power((encoded + 0.055) / 1.055, 2.4)
    }

    /// The red channel in linear light, 0 to 1.
    public var linearRed: Double { Self.linearChannel(red) }
    /// The green channel in linear light, 0 to 1.
    public var linearGreen: Double { Self.linearChannel(green) }
    /// The blue channel in linear light, 0 to 1.
    public var linearBlue: Double { Self.linearChannel(blue) }

    /// The relative luminance, 0.2126 R + 0.7152 G + 0.0722 B of the linear channels.
    public var relativeLuminance: Double {
        0.2126 * linearRed + 0.7152 * linearGreen + 0.0722 * linearBlue
    }

    /// The text colour that reads on this colour: black above a luminance of 0.5, else white.
    public var contrastingForeground: RGBColor {
        relativeLuminance > 0.5 ? .black : .white
    }

    /// The WCAG contrast ratio between this colour and another, from 1 (the same luminance) to 21 (black and white).
    public func contrastRatio(with other: RGBColor) -> Double {
        let lighter = max(relativeLuminance, other.relativeLuminance)
        let darker = min(relativeLuminance, other.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The colour a fraction of the way from this colour to another, mixed in sRGB.
    ///
    /// - Parameters:
    ///   - other: The colour reached at a fraction of 1.
    ///   - fraction: How far to go, clamped to 0 through 1.
    public func mixed(with other: RGBColor, fraction: Double) -> RGBColor {
        let amount = min(max(fraction, 0), 1)
        func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
            UInt8((Double(from) + (Double(to) - Double(from)) * amount).rounded())
        }
        return RGBColor(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }
}
