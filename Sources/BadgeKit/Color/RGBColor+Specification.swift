extension RGBColor {
    /// A colour from a SwiftUI name (`blue`) or a hex triple (`#007AFF`), or `nil`.
    public init?(specification: String) {
        if let named = RGBColor(named: specification) {
            self = named
            return
        }
        let digits = specification.hasPrefix("#") ? specification.dropFirst() : Substring(specification)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(hex: value)
    }
}
