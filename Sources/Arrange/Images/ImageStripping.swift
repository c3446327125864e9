import Foundation

/// A PNG or JPEG cut down to the image data a viewer needs to show it, for SVG output, which
/// embeds the file: text, EXIF, XMP, ICC profiles, comments, unknown chunks and bytes after the
/// end of the image could carry anything (a name, a place, a secret) into a published picture.
/// Only whole, well-formed files reach here: the decoder has read them already.
enum ImageStripping {
    /// The PNG chunks kept: the header, palette, transparency and pixel data, the end, and the
    /// colour chunks libpng reads when it decodes (so the stripped file decodes to the same pixels).
    /// iCCP is dropped: a profile is large, can hold text, and the decoder ignores it.
    static let pngChunks: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB", "sBIT"]

    /// `data`, a PNG, with only `pngChunks`, up to and including IEND.
    static func png(_ data: Data) throws(ImageError) -> Data {
        let bytes = [UInt8](data)
        var out = Data(bytes[0..<8])
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 12 + length
            guard end <= bytes.count else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if pngChunks.contains(type) { out.append(contentsOf: bytes[offset..<end]) }
            if type == "IEND" { return out }
            offset = end
        }
        throw ImageError.corrupt("the PNG's chunks end before its IEND chunk")
    }

    /// `data`, a JPEG, with only the segments decoding needs: the tables, the frame, the scans and
    /// their entropy-coded data, and the JFIF and Adobe markers (which say how the colours are
    /// stored), up to and including the end-of-image marker.
    static func jpeg(_ data: Data) throws(ImageError) -> Data {
        let bytes = [UInt8](data)
        var out = Data([0xFF, 0xD8])
        var offset = 2
        while offset + 2 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw ImageError.corrupt("a JPEG marker is broken") }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                // Fill bytes before a marker.
                offset += 1
                continue
            case 0xD9:
                out.append(contentsOf: [0xFF, 0xD9])
                return out
            case 0x01, 0xD0...0xD8:
                // Markers without a length.
                offset += 2
                continue
            default:
                break
            }
            guard offset + 4 <= bytes.count else { break }
            let end = offset + 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
            guard end <= bytes.count, end >= offset + 4 else { break }
            if keepsJPEGSegment(marker, payload: bytes[(offset + 4)..<end]) { out.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if marker == 0xDA {
                // Entropy-coded data runs to the next marker that is neither a stuffed zero nor a
                // restart marker.
                let start = offset
                while offset + 1 < bytes.count,
                      !(bytes[offset] == 0xFF && bytes[offset + 1] != 0x00 && !(0xD0...0xD7).contains(bytes[offset + 1])) {
                    offset += 1
                }
                out.append(contentsOf: bytes[start..<offset])
            }
        }
        throw ImageError.corrupt("the JPEG ends before its end-of-image marker")
    }

    /// Whether a segment with `marker` and `payload` is needed to decode the image.
    private static func keepsJPEGSegment(_ marker: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0: payload.starts(with: Array("JFIF\0".utf8))
        case 0xEE: payload.starts(with: Array("Adobe".utf8))
        // Tables (DQT, DHT, DAC), restart interval, line count, every frame kind, and the scans.
        case 0xDB, 0xC4, 0xCC, 0xDD, 0xDC, 0xDA: true
        case 0xC0...0xCF: true
        // Other APPn (EXIF, XMP, ICC, Photoshop…), comments and anything unknown.
        default: false
        }
    }
}

/// A PNG or JPEG embedded in an SVG image as a data URI: its size read from the header (within the
/// limits of any image) and its image data alone. librsvg decodes it; Arrange does not.
struct EmbeddedImage {
    let format: ImageSource.Format
    let pixels: Int
    let data: Data

    init(_ data: Data) throws(ImageError) {
        guard let format = ImageSource.sniff(data), format != .svg else { throw ImageError.unknownFormat }
        let (width, height) = try ImageSource.rasterSize(data, pixelLimit: ImageSource.pixelLimit)
        self.format = format
        pixels = Int(width) * Int(height)
        self.data = try format == .png ? ImageStripping.png(data) : ImageStripping.jpeg(data)
    }
}
