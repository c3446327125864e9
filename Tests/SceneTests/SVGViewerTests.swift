import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// SVG is read by more than browsers: Inkscape 1.2 (Debian 12's, and ImageMagick's `convert` when
/// Inkscape is installed) drew no text and no images of 18 of the 20 fixtures, because glyphs and
/// images were `<use href>` and `<image href>` without the XLink namespace SVG 1.1 readers need.
/// Every fixture's SVG rasterised by Inkscape, Firefox ESR (headless) and resvg looks like the
/// Cairo PNG of the same scene: both shrunk 3×, at most 1 % of the pixels differ by more than
/// 48/255 in a channel (as `BrowserFontTests` compares), and every text item's box has ink.
@Suite(.serialized) struct SVGViewerTests {
    /// One fixture drawn both ways.
    struct Drawn {
        let name: String
        let svg: URL
        let cairo: Bitmap
        let scale: CGFloat
        let size: CGSize
        /// The frames of the text items, in points on the canvas.
        let texts: [CGRect]
    }

    /// Every fixture drawn once for the three viewers, in a scratch folder that the viewers'
    /// pictures go into too.
    static let drawn: Result<(folder: URL, fixtures: [Drawn]), any Error> = Result {
        let folder = try ExternalTool.scratchFolder()
        return (folder, try drawnFixtures(in: folder))
    }

    /// Every fixture's SVG written into `folder`, with its Cairo PNG and its texts' frames.
    static func drawnFixtures(in folder: URL) throws -> [Drawn] {
        try validFixtures().map { path in
            let scene = try Scene.load(contentsOf: path)
            let list = try scene.layout().result.displayList
            let scale = scene.canvas.scale
            let options = RenderOptions(scale: scale, background: scene.canvas.background)
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let svg = folder.appendingPathComponent("\(name).svg")
            try FileOutput.write(SVGRenderer().render(list, options: options), to: svg)
            return Drawn(name: name, svg: svg, cairo: try Bitmap(png: CairoRenderer().render(list, options: options)), scale: scale,
                         size: list.size, texts: Self.textFrames(list.items, offset: .zero))
        }
    }

    static func textFrames(_ items: [DisplayItem], offset: CGSize) -> [CGRect] {
        items.flatMap { item -> [CGRect] in
            switch item.content {
            case .text: [item.frame.offsetBy(dx: offset.width, dy: offset.height)]
            case .group(let group):
                textFrames(group.items, offset: CGSize(width: offset.width + group.translation.width, height: offset.height + group.translation.height))
            default: []
            }
        }
    }

    /// Whether the picture has ink in `frame` (points at `scale`): a pixel in it that differs by
    /// more than 48/255 from the most common colour there, which is the background behind the text.
    static func hasInk(_ image: Bitmap, in frame: CGRect, scale: CGFloat) -> Bool {
        let x0 = max(Int((frame.minX * scale).rounded(.down)), 0), x1 = min(Int((frame.maxX * scale).rounded(.up)), image.width)
        let y0 = max(Int((frame.minY * scale).rounded(.down)), 0), y1 = min(Int((frame.maxY * scale).rounded(.up)), image.height)
        guard x0 < x1, y0 < y1 else { return true }
        func over(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> [Int] {
            let a = Int(p.alpha)
            return [p.red, p.green, p.blue].map { (Int($0) * a + 255 * (255 - a)) / 255 }
        }
        var counts: [[Int]: Int] = [:]
        for y in y0..<y1 { for x in x0..<x1 { counts[over(image[x, y]), default: 0] += 1 } }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else { return false }
        return counts.keys.contains { colour in zip(colour, background).contains { abs($0 - $1) > BrowserFontTests.maxDifference } }
    }

    /// Compares a viewer's picture of each fixture with Cairo's, and checks the texts' ink.
    func compare(_ viewer: String, _ drawn: [Drawn], picture: (Drawn) throws -> Bitmap) throws {
        for fixture in drawn {
            let shown = try picture(fixture)
            let (differing, pixels) = BrowserFontTests.differing(shown, fixture.cairo)
            let fraction = Double(differing) / Double(max(pixels, 1))
            print("\(viewer) \(fixture.name): \(differing)/\(pixels) shrunk pixels differ by more than \(BrowserFontTests.maxDifference)/255 (\(String(format: "%.3f", fraction * 100))%)")
            #expect(abs(shown.width - fixture.cairo.width) <= 1 && abs(shown.height - fixture.cairo.height) <= 1,
                    "\(viewer) \(fixture.name): \(shown.width)×\(shown.height), Cairo \(fixture.cairo.width)×\(fixture.cairo.height)")
            #expect(fraction <= BrowserFontTests.maxFraction, "\(viewer) \(fixture.name): \(differing) of \(pixels) pixels differ")
            let blank = fixture.texts.filter { Self.hasInk(fixture.cairo, in: $0, scale: fixture.scale) && !Self.hasInk(shown, in: $0, scale: fixture.scale) }
            let blankCount = blank.count
            #expect(blankCount == 0, "\(viewer) \(fixture.name): \(blankCount) of \(fixture.texts.count) texts have no ink, the first at \(blank.first.map { "\($0)" } ?? "")")
        }
        #expect(drawn.count >= 20)
    }

    @Test func inkscapeDrawsEveryFixtureAsCairoDoes() throws {
        let inkscape = try ExternalTool.locate("inkscape", package: "inkscape")
        let (folder, drawn) = try Self.drawn.get()
        try compare("inkscape", drawn) { fixture in
            let png = folder.appendingPathComponent("\(fixture.name)-inkscape.png")
            // 96 dpi is one pixel a point (CSS's px); the scale multiplies it.
            let run = try ExternalTool.run(inkscape, [fixture.svg.path, "--export-type=png", "--export-filename=\(png.path)",
                                                      "--export-dpi=\(Int(96 * fixture.scale))"],
                                           environment: ["HOME": folder.path])
            #expect(run.status == 0, "\(fixture.name): inkscape failed: \(run.errors)")
            return try Bitmap(contentsOfPNG: png)
        }
    }

    @Test func resvgDrawsEveryFixtureAsCairoDoes() throws {
        let resvg = try ExternalTool.locate("resvg", package: "resvg-cli (PyPI)")
        let (folder, drawn) = try Self.drawn.get()
        try compare("resvg", drawn) { fixture in
            let png = folder.appendingPathComponent("\(fixture.name)-resvg.png")
            let run = try ExternalTool.run(resvg, ["--zoom", "\(fixture.scale)", fixture.svg.path, png.path])
            #expect(run.status == 0, "\(fixture.name): resvg failed: \(run.errors)")
            return try Bitmap(contentsOfPNG: png)
        }
    }

    @Test func firefoxDrawsEveryFixtureAsCairoDoes() throws {
        let firefox = try ExternalTool.locate("firefox-esr", package: "firefox-esr")
        let (folder, drawn) = try Self.drawn.get()
        let profile = folder.appendingPathComponent("firefox-profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try compare("firefox", drawn) { fixture in
            // The page shows the SVG enlarged to the PNG's pixels: a window of CSS pixels is then
            // the picture pixel for pixel, with no device scale to set.
            let width = Int((fixture.size.width * fixture.scale).rounded(.up)), height = Int((fixture.size.height * fixture.scale).rounded(.up))
            let page = folder.appendingPathComponent("\(fixture.name).html"), shot = folder.appendingPathComponent("\(fixture.name)-firefox.png")
            try """
                <html><body style="margin:0;background:white;overflow:hidden"><img src="\(fixture.svg.lastPathComponent)" \
                style="display:block;width:\(fixture.size.width * fixture.scale)px;height:\(fixture.size.height * fixture.scale)px"></body></html>
                """.write(to: page, atomically: true, encoding: .utf8)
            let run = try ExternalTool.run(firefox, ["--headless", "--no-remote", "--profile", profile.path, "--screenshot", shot.path,
                                                     "--window-size=\(width),\(height)", page.absoluteString],
                                           environment: ["HOME": folder.path, "MOZ_DISABLE_CONTENT_SANDBOX": "1"])
            #expect(run.status == 0, "\(fixture.name): firefox failed: \(run.errors)")
            return try Bitmap(contentsOfPNG: shot)
        }
    }
}
