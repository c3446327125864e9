import Foundation
import Testing
@testable import Arrange

/// Decoding images (issue 14): pixels as the files hold them, and every bad file refused with an
/// `ImageError`, never a crash.
@Suite struct ImageSourceTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/images")

    /// A PNG signature and header chunk claiming `width × height` (no CRC, no pixels): enough for
    /// the size check, which comes before decoding.
    static func header(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        bytes += [8, 2, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    @Test func aPNGDecodesToItsPixels() throws {
        // Scripts/make-fixture-images.py writes grid-4x3.png: twelve opaque colours row by row,
        // red first, (64, 64, 64) at (1, 1), (10, 20, 30) last. Pixels are premultiplied ARGB32 in
        // the machine's order: blue, green, red, alpha.
        let source = try ImageSource(contentsOf: Self.images.appendingPathComponent("grid-4x3.png"))
        #expect(source.format == .png && source.pixelWidth == 4 && source.pixelHeight == 3)
        #expect(source.size == CGSize(width: 4, height: 3))
        #expect(Array(source.pixels[0..<4]) == [0, 0, 255, 255])
        #expect(Array(source.pixels[20..<24]) == [64, 64, 64, 255])
        #expect(Array(source.pixels[44..<48]) == [30, 20, 10, 255])
    }

    @Test func aJPEGReadsItsSizeFromTheFrameHeader() throws {
        // The photo gallery's JPEGs are 200 × 150 (the script's sizes).
        let source = try ImageSource(contentsOf: Self.images.appendingPathComponent("alpine-dawn.jpg"))
        #expect(source.format == .jpeg && source.pixelWidth == 200 && source.pixelHeight == 150)
        #expect(source.pixels.count == 200 * 150 * 4)
    }

    @Test func headersOverTheLimitAreRefusedBeforeDecoding() {
        // 10,000 × 10,000 = 10⁸ pixels > 64 × 2²⁰ = 67,108,864.
        #expect(throws: ImageError.tooLarge(width: 10_000, height: 10_000, limit: ImageSource.pixelLimit)) {
            try ImageSource(data: Self.header(width: 10_000, height: 10_000))
        }
        // The largest a header can claim, 2³² − 1 a side: the product, 2⁶⁴ − 2³³ + 1, is past
        // Int's range (the fuzzer found this as a crash); it is refused and said exactly.
        let side = UInt32.max
        #expect(throws: ImageError.tooLarge(width: Int(side), height: Int(side), limit: ImageSource.pixelLimit)) {
            try ImageSource(data: Self.header(width: side, height: side))
        }
        let message = ImageError.tooLarge(width: Int(side), height: Int(side), limit: ImageSource.pixelLimit).description
        #expect(message == "the image is 4294967295 × 4294967295 = 18446744065119617025 pixels, over the limit of 67108864 (64 megapixels)")
    }

    @Test func sidesOverCairosLimitAreRefused() {
        // 65,536 × 1 is one megapixel, under the pixel limit, but Cairo cannot make a surface
        // wider than 32,767: the PNG would leave out what the SVG shows.
        #expect(throws: ImageError.sideTooLong(width: 65_536, height: 1, limit: 32_767)) {
            try ImageSource(data: Self.header(width: 65_536, height: 1))
        }
        #expect(ImageError.sideTooLong(width: 65_536, height: 1, limit: 32_767).description == "the image is 65536 × 1 pixels; at most 32767 a side")
    }

    @Test func anSVGIsItsWidthAndHeightOrItsViewBoxRoundedUp() throws {
        // Fixtures/images/logo.svg says width="64" height="64"; no pixels are decoded.
        let logo = try ImageSource(contentsOf: Self.images.appendingPathComponent("logo.svg"))
        #expect(logo.format == .svg && logo.pixelWidth == 64 && logo.pixelHeight == 64 && logo.pixels.isEmpty)
        #expect(logo.format.mimeType == "image/svg+xml")
        func svg(_ root: String) throws -> ImageSource {
            try ImageSource(data: Data("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)><rect width=\"5\" height=\"5\"/></svg>".utf8))
        }
        let viewBox = try svg(#"viewBox="0 0 30 10""#)
        #expect(viewBox.pixelWidth == 30 && viewBox.pixelHeight == 10)
        let fractional = try svg(#"width="40.5" height="0.25""#)
        #expect(fractional.pixelWidth == 41 && fractional.pixelHeight == 1)
        #expect(throws: ImageError.sideTooLong(width: 100_000, height: 10, limit: 32_767)) { try svg(#"width="100000" height="10""#) }
        let sizeless = #expect(throws: ImageError.self) { try svg("") }
        #expect(sizeless?.description.contains("the SVG has no size") == true)
        let broken = #expect(throws: ImageError.self) { try ImageSource(data: Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\"><rect".utf8)) }
        guard case .corrupt = broken else {
            Issue.record("unclosed markup gave \(String(describing: broken))")
            return
        }
        // Markup that is not SVG is no image at all.
        #expect(throws: ImageError.unknownFormat) { try ImageSource(data: Data("<html><body>hello</body></html>".utf8)) }
    }

    @Test func brokenFilesAreRefused() throws {
        #expect(throws: ImageError.unknownFormat) { try ImageSource(data: Data("not a picture".utf8)) }
        #expect(throws: ImageError.unknownFormat) { try ImageSource(data: Data()) }
        for name in ["green-hills.png", "alpine-dawn.jpg"] {
            let whole = try Data(contentsOf: Self.images.appendingPathComponent(name))
            let error = #expect(throws: ImageError.self, "\(name)") { try ImageSource(data: whole.prefix(whole.count / 2)) }
            guard case .corrupt = error else {
                Issue.record("\(name): half the file gave \(String(describing: error))")
                continue
            }
        }
        #expect(throws: ImageError.self) { try ImageSource(contentsOf: Self.images.appendingPathComponent("no-such-file.png")) }
    }
}
