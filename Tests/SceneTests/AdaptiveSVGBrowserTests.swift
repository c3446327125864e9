import Arrange
import ArrangeSVG
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// The adaptive SVG of `--color-scheme both`, shown by headless Chromium, looks like the light
/// Cairo PNG, and with `--force-dark-mode` like the dark one: both shrunk 3× with a box filter,
/// at most 1 % of the pixels differ by more than 48/255 in a channel (`BrowserFontTests`' rule).
///
/// `--force-dark-mode` is the flag that switches `prefers-color-scheme` in this Chromium (checked
/// by hand on a one-rectangle SVG: its dark rule applied; `--enable-features=WebContentsForceDark`
/// instead recolours the page itself and leaves the media query light).
@Suite struct AdaptiveSVGBrowserTests {
    @Test func theAdaptiveSVGLooksLikeTheLightPNGAndInDarkModeLikeTheDarkOne() throws {
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Scene.load(contentsOf: repositoryPath("Fixtures/dark-mode-card.yaml"))
        let schemes = try #require(SceneRenderer().bothSchemes(of: scene), "the fixture says colorScheme: both")
        let light = try schemes[0].layout(scene), dark = try schemes[1].layout(scene)
        let svg = try light.adaptiveSVG(light.displayList, dark: dark, dark.displayList)
        let text = String(decoding: svg, as: UTF8.self)
        #expect(text.contains("@media (prefers-color-scheme: dark)"))
        try svg.write(to: folder.appendingPathComponent("card.svg"))
        let page = folder.appendingPathComponent("card.html")
        try "<html><body style=\"margin:0;background:white\"><img src=\"card.svg\" style=\"display:block\"></body></html>"
            .write(to: page, atomically: true, encoding: .utf8)
        let size = light.displayList.size, scale = scene.canvas.scale
        for (name, rendered, flags) in [("light", light, [String]()), ("dark", dark, ["--force-dark-mode"])] {
            let shot = folder.appendingPathComponent("\(name)-chromium.png")
            let run = try ExternalTool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                      "--force-device-scale-factor=\(scale)",
                                                      "--window-size=\(Int(size.width.rounded(.up))),\(Int(size.height.rounded(.up)))",
                                                      "--screenshot=\(shot.path)"] + flags + [page.absoluteString])
            #expect(run.status == 0, "\(name): chromium failed: \(run.errors)")
            let browser = try Bitmap(contentsOfPNG: shot)
            let cairo = try Bitmap(png: rendered.data(as: .png))
            let (differing, pixels) = BrowserFontTests.differing(browser, cairo)
            let fraction = Double(differing) / Double(max(pixels, 1))
            print("adaptive SVG in chromium, \(name): \(differing)/\(pixels) shrunk pixels differ by more than \(BrowserFontTests.maxDifference)/255 (\(String(format: "%.3f", fraction * 100))%)")
            #expect(abs(browser.width - cairo.width) <= 1 && abs(browser.height - cairo.height) <= 1)
            #expect(fraction <= BrowserFontTests.maxFraction, "\(name): \(differing) of \(pixels) pixels differ")
        }
        // The two Cairo pictures differ (else the test would prove nothing): the backgrounds
        // are systemGroupedBackground, #F2F2F7 in light and #000000 in dark (Apple's HIG).
        let lightPNG = try Bitmap(png: light.data(as: .png)), darkPNG = try Bitmap(png: dark.data(as: .png))
        let corner = (lightPNG[1, 1], darkPNG[1, 1])
        #expect(corner.0.red == 0xF2 && corner.0.green == 0xF2 && corner.0.blue == 0xF7)
        #expect(corner.1.red == 0 && corner.1.green == 0 && corner.1.blue == 0)
    }
}
