import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// PNGs compared are decoded straight into RGBA, as pixelmatch's reader gives them: translucent
/// pixels keep their exact colours (a premultiplied surface would round them away), grey and
/// 16-bit files expand as Cairo's reader expands them.
@Suite struct PNGDecodingTests {
    /// A PNG written by Python's zlib, independent of the code under test: `mode` is PNG colour
    /// type and bit depth, `rows` each row's samples.
    func png(colorType: Int, depth: Int, width: Int, rows: [[Int]]) throws -> Data {
        let script = """
        import struct, sys, zlib
        ct, depth, width, rows = \(colorType), \(depth), \(width), \(rows)
        fmt = ">" + ("H" if depth == 16 else "B") * len(rows[0])
        raw = b"".join(b"\\x00" + struct.pack(fmt, *r) for r in rows)
        def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
        sys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), depth, ct, 0, 0, 0))
                                + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
        """
        let run = try ExternalTool.run(try ExternalTool.locate("python3", package: "python3"), ["-c", script])
        #expect(run.status == 0, "\(run.errors)")
        return run.output
    }

    @Test func translucentPixelsKeepTheirExactColours() throws {
        // RGBA, 8 bits: (200, 100, 50) at alpha 3 would premultiply to (2, 1, 1) and come back as
        // (170, 85, 85); alpha 0 keeps its colour bytes too, as pngjs reads them.
        let data = try png(colorType: 6, depth: 8, width: 3, rows: [[200, 100, 50, 3, 7, 8, 9, 0, 1, 2, 3, 255]])
        let bitmap = try Bitmap(png: data)
        #expect(bitmap.pixels == [200, 100, 50, 3, 7, 8, 9, 0, 1, 2, 3, 255])
    }

    @Test func greyAndSixteenBitFilesExpandAsCairoReadsThem() throws {
        // Grey + alpha, 8 bits: grey copied to red, green and blue.
        let grey = try Bitmap(png: try png(colorType: 4, depth: 8, width: 2, rows: [[90, 128, 255, 255]]))
        #expect(grey.pixels == [90, 90, 90, 128, 255, 255, 255, 255])
        // RGB, 16 bits: each sample's high byte (0x1234 → 0x12); no alpha → 255.
        let deep = try Bitmap(png: try png(colorType: 2, depth: 16, width: 1, rows: [[0x1234, 0xABCD, 0x00FF]]))
        #expect(deep.pixels == [0x12, 0xAB, 0x00, 255])
    }

    /// An 8-bit RGB or RGBA PNG whose rows use the given filters (0 None … 4 Paeth, applied by
    /// Python from the PNG specification), its zlib stream split over `pieces` IDAT chunks; with
    /// `breakCRC`, the first IDAT chunk's CRC is wrong.
    func filteredPNG(colorType: Int, width: Int, rows: [[Int]], filters: [Int], pieces: Int, breakCRC: Bool = false) throws -> Data {
        let script = """
        import struct, sys, zlib
        ct, width, rows, filters, pieces, broken = \(colorType), \(width), \(rows), \(filters), \(pieces), \(breakCRC ? "True" : "False")
        bpp = 3 if ct == 2 else 4
        def paeth(a, b, c):
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            return a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        raw, prior = b"", [0] * len(rows[0])
        for row, f in zip(rows, filters):
            out = []
            for i, x in enumerate(row):
                a = row[i - bpp] if i >= bpp else 0; b = prior[i]; c = prior[i - bpp] if i >= bpp else 0
                out.append((x - [0, a, b, (a + b) // 2, paeth(a, b, c)][f]) % 256)
            raw += bytes([f] + out); prior = row
        def chunk(t, d, good=True): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) ^ (0 if good else 1))
        z = zlib.compress(raw); step = -(-len(z) // pieces)
        idats = b"".join(chunk(b"IDAT", z[i:i + step], not (broken and i == 0)) for i in range(0, len(z), step))
        sys.stdout.buffer.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, ct, 0, 0, 0))
                                + idats + chunk(b"IEND", b""))
        """
        let run = try ExternalTool.run(try ExternalTool.locate("python3", package: "python3"), ["-c", script])
        #expect(run.status == 0, "\(run.errors)")
        return run.output
    }

    /// The common PNG (8-bit RGB or RGBA) is inflated by libdeflate and unfiltered by Arrange's
    /// own loop: every filter, several IDAT chunks, RGB gaining alpha 255, all as written; a bad
    /// CRC is still refused (libpng then reads it and says why).
    @Test func everyFilterOfTheCommonPNGDecodesToItsSamples() throws {
        let rgba = [[10, 20, 30, 40, 200, 210, 220, 230, 5, 6, 7, 8],
                    [11, 22, 33, 44, 199, 100, 221, 0, 250, 251, 252, 253],
                    [0, 0, 0, 0, 255, 255, 255, 255, 128, 64, 32, 16],
                    [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 255, 254],
                    [77, 77, 77, 77, 78, 78, 78, 78, 79, 79, 79, 79]]
        for pieces in [1, 3] {
            let data = try filteredPNG(colorType: 6, width: 3, rows: rgba, filters: [0, 1, 2, 3, 4], pieces: pieces)
            #expect(try Bitmap(png: data).pixels == rgba.flatMap { $0.map { UInt8($0) } })
        }
        // Paeth on the first row (no row above: Sub), then Average, Up and Paeth again (pixel by
        // pixel, three channels); RGB → alpha 255.
        let rgb = [[1, 2, 3, 250, 251, 252], [4, 5, 6, 7, 8, 9], [100, 0, 255, 0, 100, 255], [99, 1, 254, 3, 90, 200]]
        let data = try filteredPNG(colorType: 2, width: 2, rows: rgb, filters: [4, 3, 2, 4], pieces: 2)
        #expect(try Bitmap(png: data).pixels == [1, 2, 3, 255, 250, 251, 252, 255, 4, 5, 6, 255, 7, 8, 9, 255,
                                                 100, 0, 255, 255, 0, 100, 255, 255, 99, 1, 254, 255, 3, 90, 200, 255])
        // A larger image of arbitrary samples (an LCG), every filter on every fifth row, in both
        // layouts: each pixel as written.
        var state: UInt32 = 7
        func sample() -> Int {
            state = state &* 1664525 &+ 1013904223
            return Int(state >> 24)
        }
        for (colorType, channels) in [(6, 4), (2, 3)] {
            let rows = (0..<23).map { _ in (0..<(37 * channels)).map { _ in sample() } }
            let data = try filteredPNG(colorType: colorType, width: 37, rows: rows, filters: (0..<23).map { $0 % 5 }, pieces: 4)
            let expected: [UInt8] = rows.flatMap { row in
                stride(from: 0, to: row.count, by: channels).flatMap { x in
                    (0..<4).map { c in UInt8(c < channels ? row[x + c] : 255) }
                }
            }
            #expect(try Bitmap(png: data).pixels == expected)
        }
        let broken = try filteredPNG(colorType: 6, width: 3, rows: rgba, filters: [0, 1, 2, 3, 4], pieces: 2, breakCRC: true)
        #expect(throws: SnapshotError.self) { try Bitmap(png: broken) }
    }

    @Test func identicalImagesCompareWithoutADifference() throws {
        let data = try png(colorType: 2, depth: 8, width: 2, rows: [[10, 20, 30, 10, 20, 30], [10, 20, 30, 10, 20, 30]])
        let image = try Bitmap(png: data)
        let result = try ImageComparison().compare(image, image)
        #expect(result.differingPixels == 0 && result.antiAliasedPixels == 0 && result.totalPixels == 4)
        // The diff image is the reference in pale grey: Y = 10·0.29889531 + 20·0.58662247 +
        // 30·0.11448223 = 18.156, blended with white at 0.1: 255 + (18.156 − 255)·0.1 = 231.3 → 231.
        #expect(result.diffImage.pixels == [UInt8](repeating: 0, count: 4).flatMap { _ in [231, 231, 231, 255] as [UInt8] })
    }
}
