import Arrange
import Foundation

/// Joins PNG frames into one animated PNG (APNG): the first frame's image data stays the file's
/// `IDAT`, so a viewer without APNG shows it; every frame gets a frame control chunk (`fcTL`) with
/// its delay, and the later frames' image data goes into `fdAT` chunks. Nothing is decoded or
/// compressed again: each frame's deflate stream is copied as it is.
///
/// Frames must all have the same size and colour type (render them with
/// `CairoRenderer.alwaysRGBA` when some may be opaque and others not).
public enum AnimatedPNG {
    /// The APNG of `frames`, each shown for `delay` seconds as a fraction (1/30 for 30 frames a
    /// second), played `plays` times (0: for ever).
    /// - Throws: `RenderError` when there is no frame, a frame is not a PNG, or frames differ in
    ///   size or colour type.
    public static func assemble(_ frames: [Data], delay: (numerator: UInt16, denominator: UInt16), plays: UInt32 = 0) throws -> Data {
        guard !frames.isEmpty else { throw RenderError.backend("an animated PNG needs at least one frame") }
        let parsed = try frames.enumerated().map { index, data in try PNGChunks(data, frame: index) }
        let header = parsed[0].header
        for (index, frame) in parsed.enumerated() where frame.header != header {
            throw RenderError.backend("frame \(index) of the animated PNG differs in size or colour type from the first")
        }
        var png = Data(PNGChunks.signature)
        BandedPNG.appendChunk("IHDR", header, to: &png)
        // Chunks between the header and the image data (bKGD), from the first frame.
        for chunk in parsed[0].ancillary { BandedPNG.appendChunk(chunk.type, chunk.contents, to: &png) }
        var actl = BandedPNG.bigEndian(UInt32(frames.count))
        actl += BandedPNG.bigEndian(plays)
        BandedPNG.appendChunk("acTL", actl, to: &png)
        var sequence: UInt32 = 0
        for (index, frame) in parsed.enumerated() {
            var fctl = BandedPNG.bigEndian(sequence)
            fctl += header[0..<8]                                // width, height
            fctl += BandedPNG.bigEndian(0) + BandedPNG.bigEndian(0) // x, y offsets
            fctl += [UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xff)]
            fctl += [UInt8(delay.denominator >> 8), UInt8(delay.denominator & 0xff)]
            fctl += [0, 0]                                       // dispose: none; blend: source
            BandedPNG.appendChunk("fcTL", fctl, to: &png)
            sequence += 1
            for data in frame.imageData {
                if index == 0 {
                    BandedPNG.appendChunk("IDAT", data, to: &png)
                } else {
                    BandedPNG.appendChunk("fdAT", BandedPNG.bigEndian(sequence) + data, to: &png)
                    sequence += 1
                }
            }
        }
        BandedPNG.appendChunk("IEND", [], to: &png)
        return png
    }

    /// A frame's delay of `seconds`, as APNG writes it: 1/n when that is it (1/30 for 30 frames
    /// a second), else in whole milliseconds.
    public static func delay(seconds: Double) -> (numerator: UInt16, denominator: UInt16) {
        guard seconds.isFinite, seconds > 0 else { return (0, 1) }
        let perSecond = 1 / seconds
        if abs(perSecond - perSecond.rounded()) < 1e-6, perSecond.rounded() >= 1, perSecond.rounded() <= 65_535 {
            return (1, UInt16(perSecond.rounded()))
        }
        return (UInt16(min(max((seconds * 1000).rounded(), 1), 65_535)), 1000)
    }
}

/// The chunks of one PNG that an APNG needs: its header fields, the chunks before its image data,
/// and its image data chunks.
private struct PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var header: [UInt8] = []
    var ancillary: [(type: String, contents: [UInt8])] = []
    var imageData: [[UInt8]] = []

    init(_ data: Data, frame: Int) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, Array(bytes[0..<8]) == Self.signature else {
            throw RenderError.backend("frame \(frame) is not a PNG")
        }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8, end = start + length
            guard end + 4 <= bytes.count else { throw RenderError.backend("frame \(frame) is a truncated PNG") }
            let contents = Array(bytes[start..<end])
            switch type {
            case "IHDR": header = contents
            case "IDAT": imageData.append(contents)
            case "IEND": break
            default: if imageData.isEmpty { ancillary.append((type, contents)) }
            }
            offset = end + 4
        }
        guard header.count == 13, !imageData.isEmpty else { throw RenderError.backend("frame \(frame) is a PNG without a header or image data") }
    }
}
