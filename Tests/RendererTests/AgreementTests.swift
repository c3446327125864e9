import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// Both backends walk the same display list, so they must draw the same picture: the SVG
/// rasterised by librsvg and Cairo's PNG at the same scale.
@Suite struct AgreementTests {
    /// At most 0.5% of pixels may differ at all.
    static let maxDifferingFraction = 0.005
    /// No pixel may differ by more than 8 of 255 in a channel. librsvg draws with Cairo too, and
    /// on every fixture here the two pictures are identical (0 pixels differ; the test prints the
    /// counts); the margin allows for another librsvg's anti-aliasing of edge pixels, while any
    /// geometry or colour mistake differs by far more.
    static let maxChannelDifference = 8

    @Test(arguments: [1, 2] as [CGFloat])
    func svgAndPNGDrawTheSamePicture(scale: CGFloat) throws {
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = RenderOptions(background: .white)
        for fixture in RendererFixtures.all {
            let list = LayoutResult(of: fixture.view, in: fixture.proposal, scale: scale).displayList
            let svgFile = folder.appendingPathComponent("\(fixture.name).svg")
            let rasterised = folder.appendingPathComponent("\(fixture.name)-rsvg.png")
            try FileOutput.write(SVGRenderer().render(list, options: options), to: svgFile)
            let result = try ExternalTool.run(rsvg, ["--zoom", "\(scale)", "-o", rasterised.path, svgFile.path])
            #expect(result.status == 0, "rsvg-convert failed on \(fixture.name): \(result.errors)")
            let cairo = try Bitmap(png: CairoRenderer().render(list, options: options))
            let reference = try Bitmap(contentsOfPNG: rasterised)
            let difference = try cairo.difference(from: reference)
            print("agreement \(fixture.name) at \(scale)×: \(difference.differingPixels)/\(difference.totalPixels) pixels differ, max channel difference \(difference.maxChannelDifference)")
            #expect(difference.fraction <= Self.maxDifferingFraction,
                    "\(fixture.name) at \(scale)×: \(difference.differingPixels) of \(difference.totalPixels) pixels differ")
            #expect(difference.maxChannelDifference <= Self.maxChannelDifference,
                    "\(fixture.name) at \(scale)×: a pixel differs by \(difference.maxChannelDifference)")
        }
    }

    @Test func everySVGIsWellFormedXML() throws {
        let xmllint = try ExternalTool.locate("xmllint", package: "libxml2-utils")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for fixture in RendererFixtures.all {
            let file = folder.appendingPathComponent("\(fixture.name).svg")
            try FileOutput.write(SVGRenderer().render(LayoutResult(of: fixture.view, in: fixture.proposal).displayList), to: file)
            let result = try ExternalTool.run(xmllint, ["--noout", file.path])
            #expect(result.status == 0, "\(fixture.name): \(result.errors)")
        }
    }

    @Test func svgRendersInHeadlessChromium() throws {
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The wheel fixture is 330 × 330 pt; Chromium draws it into a 330 × 330 window.
        let list = LayoutResult(of: RendererFixtures.all[5].view, in: RendererFixtures.all[5].proposal).displayList
        let svg = folder.appendingPathComponent("wheel.svg"), shot = folder.appendingPathComponent("shot.png")
        try FileOutput.write(SVGRenderer().render(list, options: RenderOptions(background: .white)), to: svg)
        let result = try ExternalTool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                     "--window-size=330,330", "--screenshot=\(shot.path)", svg.absoluteString])
        #expect(result.status == 0, "chromium: \(result.errors)")
        let picture = try Bitmap(contentsOfPNG: shot)
        // The top child's centre is at (165, 35): 70 × 70 at radius 130 from the centre (165, 165),
        // filled with yellow (255, 204, 0) at 70% over white: (255, 219, 77).
        let pixel = picture[165, 35]
        #expect(abs(Int(pixel.red) - 255) <= 2 && abs(Int(pixel.green) - 219) <= 2 && abs(Int(pixel.blue) - 77) <= 2,
                "got \(pixel)")
        // The centre of the wheel is empty: white.
        #expect(picture[165, 165] == (255, 255, 255, 255))
    }
}
