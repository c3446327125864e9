import Foundation

/// Image files carrying data besides their picture, made from the fixtures for the tests of what
/// output keeps: a marker in metadata a viewer never shows, and bytes after the image's end.
public enum HostileImages {
    /// `png` (a whole PNG file) with a `tEXt` chunk holding `marker` after its header chunk, and
    /// `marker` again after its IEND chunk.
    public static func png(_ png: Data, marker: String) -> Data {
        var bytes = [UInt8](png)
        // The signature (8 bytes) and IHDR (4 length + 4 type + 13 data + 4 CRC) come first.
        let text = chunk("tEXt", Array("Comment\0\(marker)".utf8))
        bytes.insert(contentsOf: text, at: 8 + 25)
        return Data(bytes + Array("\(marker)-after-IEND".utf8))
    }

    /// `jpeg` (a whole JPEG file) with an APP1 EXIF segment and a COM segment holding `marker`
    /// after its start-of-image marker, and `marker` again after its end.
    public static func jpeg(_ jpeg: Data, marker: String) -> Data {
        var bytes = [UInt8](jpeg)
        let exif = segment(0xE1, Array("Exif\0\0\(marker)-exif".utf8))
        let comment = segment(0xFE, Array("\(marker)-comment".utf8))
        bytes.insert(contentsOf: exif + comment, at: 2)
        return Data(bytes + Array("\(marker)-after-EOI".utf8))
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// A JPEG marker segment: FF, the marker, the length (which counts itself) and the payload.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (ISO 3309, reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The payloads of every `data:…;base64,` URI in `text`, decoded.
    public static func dataURIs(in text: String) -> [Data] {
        var found: [Data] = []
        var rest = text[...]
        while let start = rest.range(of: ";base64,") {
            let encoded = rest[start.upperBound...].prefix { $0.isLetter && $0.isASCII || $0.isNumber && $0.isASCII || "+/=".contains($0) }
            if let data = Data(base64Encoded: String(encoded)) { found.append(data) }
            rest = rest[start.upperBound...]
        }
        return found
    }
}
