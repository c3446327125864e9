import Arrange
import ArrangeCairo
import Foundation
import Testing
@testable import ArrangeSnapshot

/// The perceptual comparison counts what pixelmatch counts: the image pairs and pixelmatch's own
/// counts (with and without anti-aliasing detection, thresholds 0 and 0.1) are in
/// Fixtures/pixelmatch, made by Tests/PixelmatchOracle/generate.py.
@Suite struct PerceptualComparisonTests {
    struct Counts: Decodable {
        let differing: Int
        let antiAliased: Int
    }

    struct Case: Decodable {
        let name: String
        let width: Int
        let height: Int
        let counts: [String: Counts]
    }

    struct File: Decodable { let cases: [Case] }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pixelmatch")

    static func cases() throws -> [Case] {
        try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json"))).cases
    }

    @Test func countsEqualPixelmatchs() throws {
        let cases = try Self.cases()
        #expect(cases.count == 5)
        for test in cases {
            let a = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("\(test.name)-a.png"))
            let b = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("\(test.name)-b.png"))
            for (threshold, expected) in test.counts {
                let value = try #require(Double(threshold))
                let result = try ImageComparison(threshold: value).compare(a, b)
                #expect(result.differingPixels == expected.differing, "\(test.name) at \(threshold)")
                #expect(result.antiAliasedPixels == expected.antiAliased, "\(test.name) at \(threshold)")
                let all = try ImageComparison(threshold: value, includeAntiAliasing: true).compare(a, b)
                #expect(all.differingPixels == expected.differing + expected.antiAliased, "\(test.name) at \(threshold), anti-aliasing counted")
            }
        }
    }

    /// pixelmatch's own test suite (`test/test.js` of 7.2.0, images in Fixtures/pixelmatch-suite):
    /// the three pairs whose counts depend on which of two equally dark (or bright) neighbours
    /// the anti-aliasing check keeps. Visiting the neighbours row by row gave 12433, 213 and
    /// 36045; pixelmatch visits them column by column.
    @Test(arguments: [("2", 12437), ("3", 212), ("4", 36049)])
    func pixelmatchsOwnSuiteCounts(pair: String, expected: Int) throws {
        let folder = Self.folder.deletingLastPathComponent().appendingPathComponent("pixelmatch-suite")
        let a = try Bitmap(contentsOfPNG: folder.appendingPathComponent("\(pair)a.png"))
        let b = try Bitmap(contentsOfPNG: folder.appendingPathComponent("\(pair)b.png"))
        #expect(try ImageComparison(threshold: 0.05).compare(a, b).differingPixels == expected)
    }

    /// Strict by default; a tolerance is opt-in, in pixels or as a share, the larger applying, and
    /// a pass it allows is called tolerated. The recoloured rectangle of the pixelmatch fixtures
    /// is 26 × 17 = 442 of 64 × 48 = 3,072 pixels (14.39 %).
    @Test func aToleranceIsOptInAndATolerancePassIsCalledSo() throws {
        let a = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("rectangle-recoloured-a.png"))
        let b = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("rectangle-recoloured-b.png"))
        let strict = try ImageComparison.checkDefault.compare(a, b)
        #expect(strict.differingPixels == 442 && !strict.passes && !strict.tolerated && strict.toleratedNote == nil)
        #expect(ImageComparison.checkDefault.maxDifferingPixels == 0 && ImageComparison.checkDefault.maxDifferingFraction == 0)
        let cases: [(pixels: Int, fraction: Double, passes: Bool)] = [
            (442, 0, true), (441, 0, false), (0, 0.144, true), (0, 0.143, false), (10, 0.144, true), (442, 0.01, true), (441, 0.01, false),
        ]
        for test in cases {
            let result = try ImageComparison(maxDifferingFraction: test.fraction, maxDifferingPixels: test.pixels).compare(a, b)
            #expect(result.passes == test.passes, "\(test)")
            #expect(result.toleratedNote == (test.passes ? "442 px differ, tolerated" : nil), "\(test)")
        }
        let same = try ImageComparison(maxDifferingPixels: 500).compare(a, a)
        #expect(same.passes && !same.tolerated)
        #expect(ImageComparison(maxDifferingPixels: -3).maxDifferingPixels == 0)
    }

    @Test func theDiffImageMarksDifferencesRedAndAntiAliasingYellow() throws {
        let a = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("rectangle-recoloured-a.png"))
        let b = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("rectangle-recoloured-b.png"))
        let result = try ImageComparison().compare(a, b)
        // The generator recolours the rectangle (34, 4)–(59, 20): 26 × 17 = 442 pixels, all red.
        #expect(result.differingBounds == CGRect(x: 34, y: 4, width: 26, height: 17))
        let red = result.diffImage[40, 10], grey = result.diffImage[10, 10]
        #expect(red.red == 255 && red.green == 0 && red.blue == 0)
        #expect(grey.red == grey.green && grey.green == grey.blue && grey.red > 200)
        let circleA = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("circle-antialiasing-a.png"))
        let circleB = try Bitmap(contentsOfPNG: Self.folder.appendingPathComponent("circle-antialiasing-b.png"))
        let circle = try ImageComparison().compare(circleA, circleB)
        let yellow = stride(from: 0, to: circle.diffImage.pixels.count, by: 4).filter {
            circle.diffImage.pixels[$0] == 255 && circle.diffImage.pixels[$0 + 1] == 255 && circle.diffImage.pixels[$0 + 2] == 0
        }
        #expect(yellow.count == circle.antiAliasedPixels)
    }

    @Test func imagesOfDifferentSizesAreReportedWithBothSizes() {
        let a = Bitmap(width: 10, height: 8, red: 0, green: 0, blue: 0, alpha: 255)
        let b = Bitmap(width: 12, height: 8, red: 0, green: 0, blue: 0, alpha: 255)
        #expect(throws: SnapshotError.sizeMismatch(expected: (10, 8), actual: (12, 8))) { try ImageComparison().compare(a, b) }
        #expect(SnapshotError.sizeMismatch(expected: (10, 8), actual: (12, 8)).description
                == "the images differ in size: expected 10×8 px, got 12×8 px")
    }

    /// A circle drawn by Cairo with and without anti-aliasing passes with the check's default
    /// tolerance; a 1-pt border moved by one pixel fails.
    @Test func antiAliasingPassesAndAMovedBorderFails() throws {
        func circle(antialias: Bool) throws -> Bitmap {
            let list = LayoutResult(of: Circle().fill(Color.blue).frame(width: 200, height: 200).padding(20)).displayList
            return try Bitmap(png: CairoRenderer(antialias: antialias).render(list, options: RenderOptions(background: .white)))
        }
        let smooth = try circle(antialias: true), jagged = try circle(antialias: false)
        #expect(smooth != jagged)
        let check = ImageComparison.checkDefault
        let circles = try check.compare(smooth, jagged)
        print("circle with and without anti-aliasing: \(circles.summary)")
        #expect(circles.passes)

        func bordered(_ x: CGFloat) throws -> Bitmap {
            let view = ZStack(alignment: .topLeading) {
                Color.white.frame(width: 120, height: 80)
                Color.clear.frame(width: 60, height: 40).border(Color.black).offset(x: x, y: 20)
            }
            return try Bitmap(png: CairoRenderer().render(LayoutResult(of: view).displayList, options: RenderOptions(background: .white)))
        }
        let moved = try check.compare(bordered(20), bordered(21))
        print("1-pt border moved by 1 px: \(moved.summary)")
        #expect(!moved.passes)
        #expect(moved.differingPixels >= 80)
    }
}
