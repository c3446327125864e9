import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

@Suite struct RendererTests {
    /// A 1-pt border on a 100 × 50 view covers exactly the outermost ring of pixels: 1 px wide at
    /// 1×, 2 px at 2× (docs/layout-rules.md §9 example 5).
    @Test(arguments: [1, 2, 3] as [Int])
    func borderCoversExactlyTheOutermostPixelRing(scale: Int) throws {
        let view = Color.white.frame(width: 100, height: 50).border(.black)
        let list = LayoutResult(of: view, scale: CGFloat(scale)).displayList
        let image = try Bitmap(png: CairoRenderer().render(list))
        #expect(image.width == 100 * scale && image.height == 50 * scale)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inRing = x < scale || y < scale || x >= image.width - scale || y >= image.height - scale
                let pixel = image[x, y]
                if inRing {
                    #expect(pixel == (0, 0, 0, 255), "(\(x), \(y)) should be black")
                } else {
                    #expect(pixel == (255, 255, 255, 255), "(\(x), \(y)) should be white")
                }
            }
        }
    }

    @Test func renderingTwiceGivesTheSameBytes() throws {
        for fixture in RendererFixtures.all {
            func list() -> DisplayList { LayoutResult(of: fixture.view, in: fixture.proposal, scale: 2).displayList }
            #expect(try SVGRenderer().render(list()) == SVGRenderer().render(list()))
            #expect(try CairoRenderer().render(list()) == CairoRenderer().render(list()))
            #expect(try CairoRenderer(format: .pdf).render(list()) == CairoRenderer(format: .pdf).render(list()))
        }
    }

    @Test func pdfIsAOnePagePDFDocument() throws {
        let data = try CairoRenderer(format: .pdf).render(LayoutResult(of: Color.red.frame(width: 72, height: 36)).displayList)
        #expect(data.starts(with: Array("%PDF-".utf8)))
        // The page is 72 × 36 points.
        #expect(String(decoding: data, as: UTF8.self).contains("/MediaBox [ 0 0 72 36 ]"))
    }

    @Test func userTextIsEscaped() throws {
        let hostile = "</svg><script>alert(1)</script> & \"q\" 'a'"
        let svg = try SVGRenderer().render(LayoutResult(of: Color.red.frame(width: 10, height: 10).id(hostile)).displayList)
        #expect(!svg.contains("<script"))
        #expect(svg.contains("data-id=\"&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; &apos;a&apos;\""))
        #expect(SVGEscaping.escape("a\u{0}b\u{1B}c") == "abc")
        let xmllint = try ExternalTool.locate("xmllint", package: "libxml2-utils")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hostile.svg")
        try FileOutput.write(svg, to: file)
        #expect(try ExternalTool.run(xmllint, ["--noout", file.path]).status == 0)
    }

    @Test func textIsEscapedToo() throws {
        let svg = try SVGRenderer().render(LayoutResult(of: Text("</svg><script>alert(1)</script> & \"q\"")).displayList)
        #expect(!svg.contains("<script"))
        // The invisible text layer carries the words, escaped.
        #expect(svg.contains(">&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</text>"))
        let system = try SVGRenderer(textMode: .system).render(LayoutResult(of: Text("</svg> & \"q\"")).displayList)
        #expect(system.contains(">&lt;/svg&gt; &amp; &quot;q&quot;</tspan>"))
    }

    @Test func numbersAreCompact() {
        #expect(SVGNumber.format(0.1) == "0.1")
        #expect(SVGNumber.format(0.1 + 0.2) == "0.3")
        #expect(SVGNumber.format(100) == "100")
        #expect(SVGNumber.format(26.666666666) == "26.6667")
        #expect(SVGNumber.format(-0.00001) == "0")
        #expect(SVGNumber.format(-12.5) == "-12.5")
        #expect(SVGNumber.format(.nan) == "0")
    }

    @Test func svgSizeIsTheCanvasInPointsAtEveryScale() throws {
        // A vector picture shows at its size in points; the scale only sets the pixel grid.
        let list = LayoutResult(of: Color.red.frame(width: 100, height: 50)).displayList
        for scale in [1, 2, 3] as [CGFloat] {
            let svg = try SVGRenderer().render(list, options: RenderOptions(scale: scale))
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"100\" height=\"50\" viewBox=\"0 0 100 50\" role=\"img\">"))
        }
    }

    @Test func canvasesTooLargeForCairoAreRefusedBeforeDrawing() throws {
        // 20,000 pt at 2× is 40,000 px, over Cairo's 32,767.
        let list = LayoutResult(of: Color.red.frame(width: 20_000, height: 10)).displayList
        #expect(throws: RenderError.canvasTooLarge(width: 40_000, height: 20, limit: 32_767)) {
            try CairoRenderer().render(list, options: RenderOptions(scale: 2))
        }
        #expect(RenderError.canvasTooLarge(width: 40_000, height: 20, limit: 32_767).description
                == "the canvas would be 40000 × 20 pixels, over the limit of 32767 pixels a side")
        // An unbounded root (a colour proposed nothing finite) cannot be drawn either.
        let unbounded = LayoutResult(of: Color.red, in: .infinity).displayList
        #expect(throws: RenderError.self) { try SVGRenderer().render(unbounded) }
        #expect(throws: RenderError.self) { try CairoRenderer().render(unbounded) }
    }

    @Test func failedWritesLeaveNoFile() throws {
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The target is a folder that is not empty, so the rename over it fails.
        let target = folder.appendingPathComponent("picture.png")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: FileOutputError.self) { try FileOutput.write(Data([1, 2, 3]), to: target) }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["picture.png"])
        // A missing folder: nothing is written anywhere.
        let missing = folder.appendingPathComponent("no/such/folder/picture.png")
        #expect(throws: FileOutputError.self) { try FileOutput.write(Data([1]), to: missing) }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func imageRendererDrawsTheViewInOneCall() throws {
        let renderer = ImageRenderer(content: Color.blue.frame(width: 30, height: 20))
        renderer.scale = 3
        let image = try Bitmap(png: renderer.pngData())
        #expect(image.width == 90 && image.height == 60)
        // Color.blue is (0, 122, 255).
        #expect(image[45, 30] == (0, 122, 255, 255))
        #expect(try renderer.svgString().contains("fill=\"#007aff\""))
        #expect(try renderer.pdfData().starts(with: Array("%PDF-".utf8)))
    }
}
