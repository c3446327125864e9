import Arrange
import ArrangeSnapshot
import Foundation
import Testing

/// A PNG's size is read from its header before anything is decoded; damaged PNGs say in words
/// what is wrong.
struct PNGHeaderTests {
    func png(width: Int, height: Int) throws -> Data {
        try Bitmap(width: width, height: height, red: 10, green: 20, blue: 30, alpha: 255).pngData()
    }

    @Test func theSizeComesFromTheHeader() throws {
        let size = try Bitmap.pngSize(try png(width: 7, height: 3))
        #expect(size.width == 7 && size.height == 3)
        #expect(throws: SnapshotError.unreadableImage("not a PNG file")) { try Bitmap.pngSize(Data("GIF89a".utf8)) }
    }

    @Test func tooManyPixelsAreRefusedBeforeDecoding() throws {
        // 7 × 3 = 21 pixels: 20 are too few, 21 are enough.
        let data = try png(width: 7, height: 3)
        #expect(throws: SnapshotError.tooManyPixels(width: 7, height: 3, limit: 20)) { try Bitmap(png: data, maximumPixels: 20) }
        #expect(try Bitmap(png: data, maximumPixels: 21)[6, 2] == (10, 20, 30, 255))
        #expect(SnapshotError.tooManyPixels(width: 7, height: 3, limit: 20).description
                == "the PNG is 7 × 3 pixels, more than the 20 pixels an image compared may have; if you mean it, raise the limit with --limit image-pixels=N")
        // A header claiming 2³² - 1 pixels a side is refused as such, without arithmetic that traps.
        var huge = [UInt8](data)
        for index in 16..<24 { huge[index] = 0xFF }
        #expect(throws: SnapshotError.unreadableImage("the PNG is 4294967295 × 4294967295 pixels; at most 32767 a side can be decoded")) {
            try Bitmap(png: Data(huge))
        }
    }

    @Test func aTruncatedPNGIsCalledTruncated() throws {
        // Without its last 20 bytes: the IEND chunk (12) and the end of the image data.
        let cut = try png(width: 4, height: 4).dropLast(20)
        #expect(Bitmap.missingEndWarning(Data(cut)) == nil)
        #expect(throws: SnapshotError.unreadableImage("the PNG is truncated: the file ends before the image does (its last chunk, IEND, or image data is missing)")) {
            try Bitmap(png: Data(cut))
        }
    }

    /// Without only its IEND chunk (the last 12 bytes, as odiff writes its diff images) a PNG
    /// is read whole, and `missingEndWarning` says what is wrong.
    @Test func aPNGWithoutOnlyItsEndMarkerIsReadAndSaidSo() throws {
        let whole = try png(width: 4, height: 4)
        let cut = Data(whole.dropLast(12))
        #expect(try Bitmap(png: cut) == Bitmap(png: whole))
        #expect(Bitmap.missingEndWarning(cut) == "the PNG has no IEND chunk (the end marker every PNG must close with); it is read if its image data is whole")
        #expect(Bitmap.missingEndWarning(whole) == nil)
    }
}
