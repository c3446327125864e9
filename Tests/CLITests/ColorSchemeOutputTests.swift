import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// `arrange render --color-scheme both` and a scene's `colorScheme: both`: a light and a dark
/// picture named as DocC reads them (NAME.png and NAME~dark.png, NAME@2x.png and
/// NAME~dark@2x.png at scale 2), one adaptive SVG, and Markdown blocks as `<picture>` elements.
@Suite struct ColorSchemeOutputTests {
    /// A 20 × 10 canvas filled with one colour that is #111111 in light and #EEEEEE in dark.
    static let scene = """
    canvas: {width: 20, height: 10}
    view:
      rectangle: {}
      modifiers: [{fill: {light: "#111111", dark: "#eeeeee"}}]

    """

    func render(_ arguments: [String], scene: String = Self.scene, name: String = "card.yaml") throws -> (ExternalTool.Run, URL) {
        let binary = try #require(CLITests.binary, "the arrange binary was not found; build it with 'swift build'")
        let folder = try ExternalTool.scratchFolder()
        try Data(scene.utf8).write(to: folder.appendingPathComponent(name))
        return (CLITests.run(binary, ["render", name] + arguments, in: folder), folder)
    }

    func files(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The centre pixel of a PNG and its size.
    func centre(_ url: URL) throws -> (hex: String, width: Int, height: Int) {
        let bitmap = try Bitmap(contentsOfPNG: url)
        let p = bitmap[bitmap.width / 2, bitmap.height / 2]
        return (String(format: "#%02X%02X%02X", p.red, p.green, p.blue), bitmap.width, bitmap.height)
    }

    @Test func bothWritesALightAndADarkPNGWithDocCNames() throws {
        let (run, folder) = try render(["-o", "out", "--color-scheme", "both"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        let out = folder.appendingPathComponent("out")
        #expect(files(out) == ["card.png", "card~dark.png"])
        // The scene's own colours, and 20 × 10 points at scale 1.
        let light = try centre(out.appendingPathComponent("card.png")), dark = try centre(out.appendingPathComponent("card~dark.png"))
        #expect(light.hex == "#111111" && light.width == 20 && light.height == 10)
        #expect(dark.hex == "#EEEEEE" && dark.width == 20 && dark.height == 10)
    }

    @Test func atScale2TheNamesCarryDocCsSuffixAndTheSizesDouble() throws {
        let (run, folder) = try render(["-o", "out", "--color-scheme", "both", "--scale", "2", "--format", "png,pdf"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        let out = folder.appendingPathComponent("out")
        // DocC: name~dark@2x.png; a PDF has no scale suffix.
        #expect(files(out) == ["card.pdf", "card@2x.png", "card~dark.pdf", "card~dark@2x.png"])
        let light = try centre(out.appendingPathComponent("card@2x.png")), dark = try centre(out.appendingPathComponent("card~dark@2x.png"))
        #expect(light.hex == "#111111" && light.width == 40 && light.height == 20)
        #expect(dark.hex == "#EEEEEE" && dark.width == 40 && dark.height == 20)
    }

    @Test func theScenesColorSchemeBothDoesTheSameAndTheOptionOverridesIt() throws {
        let scene = "colorScheme: both\n" + Self.scene
        let (run, folder) = try render(["-o", "out", "--format", "png,svg"], scene: scene)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        #expect(files(folder.appendingPathComponent("out")) == ["card.png", "card.svg", "card~dark.png"])
        // --color-scheme dark replaces the scene's both: one picture, dark, with today's name.
        let (single, other) = try render(["-o", "out", "--color-scheme", "dark"], scene: scene)
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(single.status == 0, "\(single.errors)")
        let out = other.appendingPathComponent("out")
        #expect(files(out) == ["card.png"])
        #expect(try centre(out.appendingPathComponent("card.png")).hex == "#EEEEEE")
    }

    @Test func theAdaptiveSVGHoldsTheLightColourAndADarkRule() throws {
        let (run, folder) = try render(["-o", "out", "--color-scheme", "both", "--format", "svg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        let out = folder.appendingPathComponent("out")
        #expect(files(out) == ["card.svg"])
        let svg = try String(contentsOf: out.appendingPathComponent("card.svg"), encoding: .utf8)
        #expect(svg.contains("<rect class=\"k1\" x=\"0\" y=\"0\" width=\"20\" height=\"10\" fill=\"#111111\"/>"), "\(svg)")
        #expect(svg.contains("@media (prefers-color-scheme: dark) {\n  .k1{fill:#eeeeee}\n}"), "\(svg)")
    }

    @Test func aFileNamedWithDashOGetsItsDarkTwinBesideIt() throws {
        // -o names the light picture exactly; the dark one is named beside it, DocC's way.
        let (run, folder) = try render(["-o", "pictures/card-large.png", "--color-scheme", "both", "--scale", "2"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        #expect(files(folder.appendingPathComponent("pictures")) == ["card-large.png", "card-large~dark.png"])
        #expect(try centre(folder.appendingPathComponent("pictures/card-large~dark.png")).width == 40)
    }

    @Test func standardOutputTakesOnlyTheAdaptiveSVG() throws {
        let (run, folder) = try render(["-o", "-", "--color-scheme", "both", "--format", "png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status != 0)
        #expect(run.errors.contains("--color-scheme both draws two PNG pictures, light and dark, and '-o -' writes one"), "\(run.errors)")
        #expect(run.output.isEmpty)
        let (svg, other) = try render(["-o", "-", "--color-scheme", "both", "--format", "svg"])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(svg.status == 0, "\(svg.errors)")
        #expect(svg.stdout.contains("prefers-color-scheme: dark"))
    }

    @Test func incrementalKeepsBothPicturesAndRedrawsForAnotherScheme() throws {
        let (run, folder) = try render(["-o", "out", "--color-scheme", "both", "--scale", "2", "--incremental"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        let binary = try #require(CLITests.binary)
        let again = CLITests.run(binary, ["render", "card.yaml", "-o", "out", "--color-scheme", "both", "--scale", "2", "--incremental"], in: folder)
        #expect(again.errors.contains("(1 unchanged)"), "\(again.errors)")
        let light = CLITests.run(binary, ["render", "card.yaml", "-o", "out", "--color-scheme", "light", "--scale", "2", "--incremental"], in: folder)
        #expect(light.errors.contains("(0 unchanged)"), "\(light.errors)")
    }

    static let guide = """
    # Cards

    ```arrange
    description: A "dark" & light card
    canvas: {width: 20, height: 10}
    view:
      rectangle: {}
      modifiers: [{fill: {light: "#111111", dark: "#eeeeee"}}]
    ```

    """

    @Test func markdownBlocksBecomePictureElementsAndRenderAgainTheSame() throws {
        let (run, folder) = try render(["-o", "images", "--color-scheme", "both", "--in-place"], scene: Self.guide, name: "CARDS.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(run.status == 0, "\(run.errors)")
        #expect(files(folder.appendingPathComponent("images")) == ["CARDS-1.png", "CARDS-1~dark.png"])
        let page = folder.appendingPathComponent("CARDS.md")
        let first = try String(contentsOf: page, encoding: .utf8)
        // The alt text XML-escaped, the dark file in the <source>, the light one in the <img>.
        let picture = "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"images/CARDS-1~dark.png\"><img alt=\"A &quot;dark&quot; &amp; light card\" src=\"images/CARDS-1.png\"></picture>"
        #expect(first.contains("-->\n" + picture + "\n"), "\(first)")
        let binary = try #require(CLITests.binary)
        let again = CLITests.run(binary, ["render", "CARDS.md", "-o", "images", "--color-scheme", "both", "--in-place"], in: folder)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try String(contentsOf: page, encoding: .utf8) == first)
        // With --details too.
        let details = CLITests.run(binary, ["render", "CARDS.md", "-o", "images", "--color-scheme", "both", "--in-place", "--details"], in: folder)
        #expect(details.status == 0, "\(details.errors)")
        let detailed = try String(contentsOf: page, encoding: .utf8)
        #expect(detailed.contains(picture + "\n\n<details>"), "\(detailed)")
        _ = CLITests.run(binary, ["render", "CARDS.md", "-o", "images", "--color-scheme", "both", "--in-place", "--details"], in: folder)
        #expect(try String(contentsOf: page, encoding: .utf8) == detailed)
    }
}
