import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// For random view trees without text (as PropertyTests draws them): the SVG is well-formed
/// XML, and librsvg's rendering of it agrees with Cairo's PNG within the fixture tests' limits
/// (at most 0.5% of the pixels differ, none by more than 8/255).
@Suite struct PropertyRenderingTests {
    @Test func svgIsWellFormedAndAgreesWithThePNG() throws {
        let rsvg = try ExternalTool.locate("rsvg-convert", package: "librsvg2-bin")
        let xmllint = try ExternalTool.locate("xmllint", package: "libxml2-utils")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SeededGenerator(seed: 5)
        // Each tree costs two subprocesses; a tenth of the property count keeps the normal run
        // short (100 trees; 10,000 in the long run).
        let count = max(propertyTestCount / 10, 1)
        var svgFiles: [String] = []
        var worst = (fraction: 0.0, channel: 0)
        /// The difference between librsvg's and Cairo's pictures of a tree.
        func difference(_ tree: TreeSpec, _ name: String) throws -> ImageDifference {
            let list = LayoutResult(of: tree.view(), in: ProposedViewSize(width: 300, height: 200), scale: 1).displayList
            let options = RenderOptions(background: .white)
            let svg = folder.appendingPathComponent("\(name).svg"), raster = folder.appendingPathComponent("\(name).png")
            try FileOutput.write(SVGRenderer().render(list, options: options), to: svg)
            svgFiles.append(svg.path)
            _ = try ExternalTool.run(rsvg, ["-o", raster.path, svg.path])
            return try Bitmap(contentsOfPNG: raster).difference(from: Bitmap(png: CairoRenderer().render(list, options: options)))
        }
        func fails(_ d: ImageDifference) -> Bool { d.fraction > 0.005 || d.maxChannelDifference > 8 }
        for index in 0..<count {
            let tree = TreeSpec.random(&generator, text: false)
            let found = try difference(tree, "tree-\(index)")
            worst = (max(worst.fraction, found.fraction), max(worst.channel, found.maxChannelDifference))
            if fails(found) {
                let small = tree.shrunk { (try? fails(difference($0, "shrinking"))) ?? false }
                Issue.record("tree \(index): \(found.differingPixels) pixels differ, by up to \(found.maxChannelDifference); shrunk: \(small)")
                break
            }
        }
        print("random trees: \(count) SVGs agree with their PNGs; worst \(String(format: "%.3f", worst.fraction * 100))% of pixels, \(worst.channel)/255")
        #expect(try ExternalTool.run(xmllint, ["--noout"] + Array(Set(svgFiles)).sorted()).status == 0)
    }
}
