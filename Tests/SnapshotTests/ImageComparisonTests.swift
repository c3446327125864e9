import Foundation
import Testing
@testable import ArrangeSnapshot

@Suite struct ImageComparisonTests {
    @Test func pngRoundTripKeepsEveryPixel() throws {
        // Opaque and fully transparent pixels survive premultiplication exactly.
        var bitmap = Bitmap(width: 3, height: 2, red: 10, green: 200, blue: 30, alpha: 255)
        bitmap.pixels[4..<8] = [0, 0, 0, 0]
        let decoded = try Bitmap(png: bitmap.pngData())
        #expect(decoded == bitmap)
    }

    /// Two images of different sizes side by side: 3 × 1 and 1 × 2 make cells of 3 × 2, so a
    /// 6 × 2 picture; it is refused when it would exceed the pixel limit (12 here).
    @Test func sideBySideCellsTakeTheLargerSizeAndRespectTheLimit() throws {
        let wide = Bitmap(width: 3, height: 1, red: 1, green: 2, blue: 3, alpha: 255)
        let tall = Bitmap(width: 1, height: 2, red: 4, green: 5, blue: 6, alpha: 255)
        let picture = try #require(Bitmap.sideBySide(wide, tall, maximumPixels: 12))
        #expect(picture.width == 6 && picture.height == 2)
        #expect(picture[0, 0] == (1, 2, 3, 255) && picture[2, 0] == (1, 2, 3, 255))
        #expect(picture[3, 0] == (4, 5, 6, 255) && picture[3, 1] == (4, 5, 6, 255))
        // Missing: the wide image's second row, the tall image's last two columns; stripes
        // (255, 0, 255) where ⌊(x + y) / 4⌋ is even, (255, 192, 255) where odd.
        #expect(picture[0, 1] == (255, 0, 255, 255) && picture[2, 1] == (255, 0, 255, 255))
        #expect(picture[4, 0] == (255, 192, 255, 255) && picture[5, 1] == (255, 192, 255, 255))
        #expect(Bitmap.sideBySide(wide, tall, maximumPixels: 11) == nil)
    }

    @Test func identicalImagesDoNotDiffer() throws {
        let a = Bitmap(width: 4, height: 4, red: 1, green: 2, blue: 3, alpha: 255)
        let difference = try a.difference(from: a)
        #expect(difference.differingPixels == 0)
        #expect(difference.maxChannelDifference == 0)
    }

    @Test func differingPixelsAreCountedAndMarkedRed() throws {
        let a = Bitmap(width: 10, height: 10, red: 255, green: 255, blue: 255, alpha: 255)
        var b = a
        // Two pixels: (1, 0) changes green by 40, (5, 5) changes blue by 3.
        b.pixels[(0 * 10 + 1) * 4 + 1] = 215
        b.pixels[(5 * 10 + 5) * 4 + 2] = 252
        let strict = try a.difference(from: b)
        #expect(strict.differingPixels == 2)
        #expect(strict.maxChannelDifference == 40)
        #expect(strict.fraction == 0.02)
        #expect(strict.diffImage[1, 0] == (255, 0, 0, 255))
        // With a tolerance of 3 only the larger change counts.
        #expect(try a.difference(from: b, tolerance: 3).differingPixels == 1)
    }

    @Test func transparentPixelsMatchWhateverTheirColour() throws {
        let a = Bitmap(width: 1, height: 1, red: 255, green: 0, blue: 0, alpha: 0)
        let b = Bitmap(width: 1, height: 1, red: 0, green: 0, blue: 255, alpha: 0)
        #expect(try a.difference(from: b).differingPixels == 0)
    }

    @Test func sizeMismatchIsAnError() {
        let a = Bitmap(width: 2, height: 2, red: 0, green: 0, blue: 0, alpha: 255)
        let b = Bitmap(width: 3, height: 2, red: 0, green: 0, blue: 0, alpha: 255)
        #expect(throws: SnapshotError.sizeMismatch(expected: (2, 2), actual: (3, 2))) { try a.difference(from: b) }
    }

    @Test func garbageIsNotAPNG() {
        #expect(throws: SnapshotError.self) { try Bitmap(png: Data("not a png".utf8)) }
    }
}
