import Arrange
import ArrangeScene
import ArrangeSnapshot
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport

/// The animated SVG plays in a browser and shows the frames `arrange animate` exports: headless
/// Chromium, on a fontconfig with only the Liberation fonts, paused at a time, against the Cairo
/// PNG of the frame for that time (both shrunk 3×, at most 1% of pixels differing by more than
/// 48/255, as `BrowserFontTests` compares).
@Suite struct AnimationBrowserTests {
    @Test func theAnimatedSVGPlaysInChromiumAndMatchesItsFrames() throws {
        let chromium = try ExternalTool.locate("chromium", package: "chromium")
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let config = try BrowserFontTests.liberationOnlyConfig(in: folder) else { return }

        let timeline = try SceneTimeline(Scene.load(contentsOf: repositoryPath("Fixtures/animation/wheel-turn-arc.yaml")))
        let svgFile = try #require(AnimationExport(format: .svg, fps: 30).files(timeline, name: "wheel").first)
        let frames = try AnimationExport(format: .frames, fps: 30).files(timeline, name: "wheel")
        #expect(frames.count == 31)
        let svg = String(decoding: svgFile.data, as: UTF8.self)

        // Well-formed XML.
        let parser = XMLParser(data: svgFile.data)
        #expect(parser.parse(), "the animated SVG is not well-formed XML: \(String(describing: parser.parserError))")

        // 360 × 360 points at scale 2, as the frames are drawn.
        func screenshot(_ name: String, page: String, extra: [String] = []) throws -> Bitmap {
            let html = folder.appendingPathComponent("\(name).html"), shot = folder.appendingPathComponent("\(name).png")
            try page.write(to: html, atomically: true, encoding: .utf8)
            let run = try ExternalTool.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                      "--force-device-scale-factor=2", "--window-size=360,360"] + extra
                                                      + ["--screenshot=\(shot.path)", html.absoluteString],
                                           environment: ["FONTCONFIG_FILE": config.path])
            #expect(run.status == 0, "chromium failed: \(run.errors)")
            return try Bitmap(contentsOfPNG: shot)
        }
        /// The SVG inline, its clock paused at `seconds`.
        func paused(at seconds: Double) throws -> Bitmap {
            try screenshot("at-\(seconds)", page: """
                <html><body style="margin:0;background:white">\(svg)
                <script>const svg = document.querySelector("svg"); svg.pauseAnimations(); svg.setCurrentTime(\(seconds));</script>
                </body></html>
                """)
        }
        func fraction(_ a: Bitmap, _ b: Bitmap) -> Double {
            let (differing, pixels) = BrowserFontTests.differing(a, b)
            return Double(differing) / Double(max(pixels, 1))
        }

        let start = try paused(at: 0), half = try paused(at: 0.5)
        let frame0 = try Bitmap(png: frames[0].data), frame15 = try Bitmap(png: frames[15].data)
        let moved = fraction(start, half), atStart = fraction(start, frame0), atHalf = fraction(half, frame15)
        print("animated SVG in Chromium: 0 s vs 0.5 s differ in \(moved * 100)% of shrunk pixels; 0 s vs frame 0: \(atStart * 100)%; 0.5 s vs frame 15: \(atHalf * 100)%")
        #expect(moved > 0.05, "the picture at half the duration is the picture at 0")
        #expect(atStart <= BrowserFontTests.maxFraction)
        #expect(atHalf <= BrowserFontTests.maxFraction)

        // In an <img>, where no script can reach it, it plays by itself: after some virtual time
        // the turning wheel (a full turn in 2 s, at constant speed) is no longer at its start.
        let spin = try SceneTimeline(Scene.load(contentsOf: repositoryPath("Fixtures/animation/wheel-spin.yaml")))
        let spinSVG = try #require(AnimationExport(format: .svg, fps: 30).files(spin, name: "spin").first)
        try spinSVG.data.write(to: folder.appendingPathComponent("spin.svg"))
        let spinStart = try Bitmap(png: #require(AnimationExport(format: .frames, fps: 30).files(spin, name: "spin").first).data)
        // On a loaded machine Chromium can take its screenshot before the image's clock has
        // moved; a longer budget is tried then (never a whole turn, 2 s, which looks like the start).
        var turned = 0.0
        for budget in [500, 750, 1250] where turned <= 0.01 {
            let playing = try screenshot("img-\(budget)", page: "<html><body style=\"margin:0;background:white\"><img src=\"spin.svg\" style=\"display:block\"></body></html>",
                                         extra: ["--virtual-time-budget=\(budget)"])
            turned = fraction(playing, spinStart)
            print("animated SVG in an <img> after \(budget) ms of virtual time: \(turned * 100)% of pixels differ from its first frame")
        }
        #expect(turned > 0.01, "the animated SVG in an <img> did not play")
    }
}
