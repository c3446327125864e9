import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// Documentation SVGs are read on machines without DejaVu. Every fixture with text, its SVG shown
/// by headless Chromium on a fontconfig that holds only the Liberation fonts (no DejaVu at all),
/// looks like the Cairo PNG of the same scene: both shrunk 3× with a box filter, at most 1% of the
/// pixels differ by more than 48/255 in a channel. The figures are printed.
@Suite struct BrowserFontTests {
    static let maxFraction = 0.01
    static let maxDifference = 48

    /// Averages `factor` × `factor` blocks, over white (the page behind the picture).
    static func shrunk(_ image: Bitmap, by factor: Int) -> [[Double]] {
        let width = image.width / factor, height = image.height / factor
        var result: [[Double]] = []
        for by in 0..<height {
            for bx in 0..<width {
                var sum = [0.0, 0.0, 0.0]
                for y in (by * factor)..<(by * factor + factor) {
                    for x in (bx * factor)..<(bx * factor + factor) {
                        let p = image[x, y]
                        let alpha = Double(p.alpha) / 255
                        sum[0] += Double(p.red) * alpha + 255 * (1 - alpha)
                        sum[1] += Double(p.green) * alpha + 255 * (1 - alpha)
                        sum[2] += Double(p.blue) * alpha + 255 * (1 - alpha)
                    }
                }
                result.append(sum.map { $0 / Double(factor * factor) })
            }
        }
        return result
    }

    /// How many pixels of the two pictures, both shrunk 3×, differ by more than `maxDifference`
    /// in a channel, of how many.
    static func differing(_ first: Bitmap, _ second: Bitmap) -> (differing: Int, pixels: Int) {
        let a = shrunk(first, by: 3), b = shrunk(second, by: 3)
        let pixels = min(a.count, b.count)
        var differing = 0
        for i in 0..<pixels where zip(a[i], b[i]).contains(where: { abs($0 - $1) > Double(maxDifference) }) { differing += 1 }
        return (differing, pixels)
    }

    /// A fontconfig file in `folder` that holds only the Liberation fonts, or nil (recorded as an
    /// issue) when they are not installed.
    static func liberationOnlyConfig(in folder: URL) throws -> URL? {
        let liberation = "/usr/share/fonts/truetype/liberation2"
        guard FileManager.default.fileExists(atPath: liberation) else {
            Issue.record("the Liberation fonts are not installed: run Scripts/setup.sh (Debian package fonts-liberation2)")
            return nil
        }
        let config = folder.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>\(liberation)</dir><cachedir>\(folder.path)/fontconfig-cache</cachedir></fontconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        return config
    }

    @Test func fixtureSVGsLookLikeTheirPNGsInABrowserWithoutDejaVu() throws {
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let config = try Self.liberationOnlyConfig(in: folder) else { return }

        var checked = 0
        for path in try validFixtures() {
            let scene = try Scene.load(contentsOf: path)
            let result = try scene.layout().result
            guard FixtureRenderingTests.hasText(result.displayList.items) else { continue }
            let scale = scene.canvas.scale
            let options = RenderOptions(scale: scale, background: scene.canvas.background)
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let svg = folder.appendingPathComponent("\(name).svg"), page = folder.appendingPathComponent("\(name).html")
            let shot = folder.appendingPathComponent("\(name)-chromium.png")
            try FileOutput.write(SVGRenderer().render(result.displayList, options: options), to: svg)
            let size = result.displayList.size
            try "<html><body style=\"margin:0;background:white\"><img src=\"\(svg.lastPathComponent)\" style=\"display:block\"></body></html>"
                .write(to: page, atomically: true, encoding: .utf8)
            let width = Int(size.width.rounded(.up)), height = Int(size.height.rounded(.up))
            let run = try ExternalTool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                      "--force-device-scale-factor=\(scale)", "--window-size=\(width),\(height)",
                                                      "--screenshot=\(shot.path)", page.absoluteString],
                                           environment: ["FONTCONFIG_FILE": config.path])
            #expect(run.status == 0, "\(name): chromium failed: \(run.errors)")
            let browser = try Bitmap(contentsOfPNG: shot)
            let cairo = try Bitmap(png: CairoRenderer().render(result.displayList, options: options))
            let (differing, pixels) = Self.differing(browser, cairo)
            let fraction = Double(differing) / Double(max(pixels, 1))
            print("liberation-only chromium \(name): \(differing)/\(pixels) shrunk pixels differ by more than \(Self.maxDifference)/255 (\(String(format: "%.3f", fraction * 100))%)")
            #expect(abs(browser.width - cairo.width) <= 1 && abs(browser.height - cairo.height) <= 1,
                    "\(name): Chromium \(browser.width)×\(browser.height), Cairo \(cairo.width)×\(cairo.height)")
            #expect(fraction <= Self.maxFraction, "\(name): \(differing) of \(pixels) pixels differ")
            checked += 1
        }
        #expect(checked >= 10)
    }
}
