import Foundation

/// The pixels of a window, read from a binary PPM (P6) file such as ImageMagick's `import` writes.
struct Screenshot {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// Red, green and blue bytes, row by row from the top left.
    let pixels: [UInt8]

    /// Parses a P6 file with 8 or 16 bits a channel.
    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var position = 0
        while fields.count < 4 {
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            if position < bytes.count, bytes[position] == UInt8(ascii: "#") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                continue
            }
            let start = position
            while position < bytes.count, !Self.isSpace(bytes[position]) { position += 1 }
            guard position > start else { throw EndToEndFailure("a PPM file cut short in its header") }
            fields.append(String(decoding: bytes[start..<position], as: UTF8.self))
        }
        position += 1
        guard fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            let maximum = Int(fields[3])
        else {
            throw EndToEndFailure("not a binary PPM file: header \(fields)")
        }
        let bytesPerChannel = maximum > 255 ? 2 : 1
        let body = bytes[position...]
        guard body.count >= width * height * 3 * bytesPerChannel else {
            throw EndToEndFailure("a PPM file of \(width)×\(height) with only \(body.count) bytes of pixels")
        }
        // With 16 bits a channel, the most significant byte comes first.
        pixels =
            bytesPerChannel == 1
            ? Array(body) : stride(from: body.startIndex, to: body.endIndex, by: 2).map { body[$0] }
        self.width = width
        self.height = height
    }

    /// The share of pixels (0 to 1) in a rectangle that satisfy `condition`, given their red, green and blue.
    func share(
        x: Int, y: Int, width rectangleWidth: Int, height rectangleHeight: Int,
        where condition: (_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool
    ) -> Double {
        let columns = max(0, x)..<min(width, x + rectangleWidth)
        let rows = max(0, y)..<min(height, y + rectangleHeight)
        guard !columns.isEmpty, !rows.isEmpty else { return 0 }
        var matching = 0
        for row in rows {
            for column in columns {
                let index = (row * width + column) * 3
                if condition(pixels[index], pixels[index + 1], pixels[index + 2]) { matching += 1 }
            }
        }
        return Double(matching) / Double(columns.count * rows.count)
    }

    /// Whether a pixel is strongly red, as a red badge is in any terminal: xterm's colour 203
    /// (#FF5F5F) and 196 (#FF0000), Apple's #FF3B30 in direct colour and the 8-colour red
    /// (#CD0000) all are; white text, anti-aliased edges, yellow and grey are not.
    static func isStronglyRed(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool {
        red >= 180 && green <= 130 && blue <= 130 && Int(red) - Int(max(green, blue)) >= 90
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
