import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing

/// Icons drawn as vectors in every backend (issue 28, part 3): a path in SVG, with no text and no
/// reference to the icon font, and the same outline filled by Cairo in PNG and PDF.
///
/// Material Icons' `square` (U+EB36) has the bounding box 64…448 of 512 units on both axes
/// (fonttools, `glyf`), and one em is the whole 512-unit box (`head.unitsPerEm` 512, advance 512,
/// ascent 512, descent 0): at 48 points it covers 6…42 on both axes.
@Suite struct IconRenderingTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static func list(scale: CGFloat = 1) -> DisplayList {
        LayoutResult(of: Image(icon: "square").font(.system(size: 48)).foregroundColor(red), scale: scale).displayList
    }

    @Test func svgDrawsTheIconAsAPathWithoutTheFont() throws {
        let svg = try SVGRenderer().render(Self.list())
        // One path, whose every coordinate is a corner of the square: 6 or 42.
        let start = try #require(svg.range(of: "<path d=\""))
        let data = svg[start.upperBound...].prefix { $0 != "\"" }
        let numbers = data.split { !($0.isNumber || $0 == "." || $0 == "-") }.compactMap { Double($0) }
        #expect(!numbers.isEmpty && Set(numbers) == [6, 42], "\(data)")
        #expect(svg.components(separatedBy: "<path").count == 2)
        #expect(svg.contains("fill=\"#ff0000\""))
        for absent in ["<text", "font-family", "@font-face", "MaterialIcons", "<use"] {
            #expect(!svg.contains(absent), "the SVG has \(absent)")
        }
    }

    @Test func pngFillsTheOutline() throws {
        // At 2×: the square covers pixels 12…83 on both axes; the picture is 96 × 96.
        let image = try Bitmap(png: CairoRenderer().render(Self.list(scale: 2)))
        #expect(image.width == 96 && image.height == 96)
        #expect(image[48, 48] == (255, 0, 0, 255))
        #expect(image[13, 82] == (255, 0, 0, 255))
        #expect(image[10, 10].3 == 0)
        #expect(image[85, 48].3 == 0)
    }

    @Test func pdfFillsTheOutlineWithoutAFont() throws {
        let pdf = try CairoRenderer(format: .pdf).render(Self.list())
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        // A text glyph would embed its font (a FontFile2 stream); a path embeds none.
        #expect(!text.contains("/FontFile"))
        #expect(!text.contains("/Font "))
    }
}
