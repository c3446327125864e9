import Arrange
import ArrangeCairo
import ArrangeSVG
import ArrangeScene
import ArrangeSnapshot
import Foundation
import Testing
import TestSupport

/// The text fixtures: a font kept in Fixtures/fonts, and scripts beyond Latin.
@Suite struct TextFixtureTests {
    static func glyphs(_ items: [DisplayItem]) -> [(glyph: TextRun.Glyph, size: CGFloat, text: String)] {
        items.flatMap { item -> [(glyph: TextRun.Glyph, size: CGFloat, text: String)] in
            switch item.content {
            case .text(let run): run.lines.flatMap { line in line.glyphs.map { ($0, run.font.size, line.text) } }
            case .group(let group): glyphs(group.items)
            default: []
            }
        }
    }

    /// Fixtures/custom-font.yaml names Comic Neue from Fixtures/fonts: layout measures it, the
    /// PNG and SVG draw its outlines, the PDF embeds it.
    @Test func aFontFileBesideTheSceneDrawsInEveryFormat() throws {
        let scene = try Scene.load(contentsOf: repositoryPath("Fixtures/custom-font.yaml"))
        let fonts = try scene.fontLibrary()
        let tree = try scene.layout(fonts: fonts)
        let list = tree.result.displayList
        let drawn = Self.glyphs(list.items)
        let comic = drawn.filter { $0.glyph.face?.path.hasSuffix("Fixtures/fonts/ComicNeue-Bold.otf") == true }
        let heading = comic.filter { $0.text == "Hand-lettered headings" }
        // hb-shape ComicNeue-Bold.otf "Hand-lettered headings": 22 glyphs, 10,096 units wide.
        #expect(heading.count == 22)
        #expect(drawn.contains { $0.glyph.face?.path.hasSuffix("Fixtures/fonts/ComicNeue-Regular.otf") == true })
        // 10,096 × 28 / 1000 = 282.688 pt, rounded up to the 2× pixel grid: 283.
        let headingFrame = try #require(Self.frames(list.items).first { $0.text == "Hand-lettered headings" })
        #expect(headingFrame.frame.width == 283)

        // SVG: the glyph outlines are Comic Neue's, as HarfBuzz reads them from the file.
        let svg = try SVGRenderer(fonts: fonts).render(list, options: RenderOptions(background: .white))
        let face = try #require(heading.first?.glyph.face)
        let outline = try fonts.outline(of: heading[0].glyph.id, in: face)
        #expect(svg.contains("d=\"\(outline.path)\""))
        // PDF: the font is embedded, and the words can be extracted.
        let pdf = try CairoRenderer(format: .pdf, fonts: fonts).render(list, options: RenderOptions(background: .white))
        let folder = try ExternalTool.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("custom-font.pdf")
        try pdf.write(to: file)
        let pdffonts = try ExternalTool.output(try ExternalTool.locate("pdffonts", package: "poppler-utils"), [file.path])
        let comicLines = pdffonts.split(separator: "\n").filter { $0.contains("ComicNeue") }
        #expect(comicLines.count == 2, "\(pdffonts)")
        #expect(comicLines.allSatisfy { $0.contains(" yes ") }, "embedded: \(pdffonts)")
        let text = try ExternalTool.output(try ExternalTool.locate("pdftotext", package: "poppler-utils"), [file.path, "-"])
        #expect(text.contains("Hand-lettered headings"))
        // PNG: dark ink reaches the heading's right end (within 2 px at 2×), so the wide Comic
        // Neue glyphs were drawn, not narrower stand-ins.
        let png = try Bitmap(png: CairoRenderer(format: .png, fonts: fonts).render(list, options: RenderOptions(background: .white)))
        var rightmost = 0
        let frame = headingFrame.frame
        for y in Int(frame.minY * 2)..<Int(frame.maxY * 2) {
            for x in Int(frame.minX * 2)..<min(Int(frame.maxX * 2) + 4, png.width) where png[x, y].red < 100 { rightmost = max(rightmost, x) }
        }
        #expect(abs(CGFloat(rightmost) - frame.maxX * 2) <= 4, "ink ends at \(rightmost), frame at \(frame.maxX * 2)")
    }

    static func frames(_ items: [DisplayItem]) -> [(text: String, frame: CGRect)] {
        items.flatMap { item -> [(text: String, frame: CGRect)] in
            switch item.content {
            case .text(let run): [(run.lines.map(\.text).joined(separator: " "), item.frame)]
            case .group(let group): frames(group.items)
            default: []
            }
        }
    }

    /// Fixtures/international-text.yaml: emoji, CJK, Arabic and mixed directions draw with real
    /// glyphs, never the missing-glyph box (glyph 0), in PNG and SVG alike.
    @Test func emojiCJKAndArabicDrawWithoutMissingGlyphs() throws {
        let scene = try Scene.load(contentsOf: repositoryPath("Fixtures/international-text.yaml"))
        let result = try scene.layout().result
        #expect(result.missingCharacters.isEmpty)
        let drawn = Self.glyphs(result.displayList.items)
        #expect(!drawn.isEmpty)
        #expect(drawn.allSatisfy { $0.glyph.id != 0 }, "a .notdef glyph was drawn")
        let faces = Set(drawn.compactMap { $0.glyph.face.map { URL(fileURLWithPath: $0.path).lastPathComponent } })
        #expect(faces.contains("NotoColorEmoji.ttf"))
        #expect(faces.contains { $0.hasPrefix("NotoSansCJK") })
        #expect(faces.contains("DejaVuSans.ttf"))
        // Arabic is right to left: the first letter read (meem, cluster 0) is drawn rightmost.
        let arabic = drawn.filter { $0.text == "مرحبا بالعالم" }.map(\.glyph)
        let first = try #require(arabic.first { $0.cluster == 0 })
        #expect(arabic.allSatisfy { $0.x <= first.x })
        let svg = try SVGRenderer().render(result.displayList)
        #expect(svg.contains("<image id=\"g"), "emoji are embedded as images")
        #expect(svg.contains("مرحبا بالعالم"), "the words stay in the invisible text layer")
        let png = try Bitmap(png: CairoRenderer().render(result.displayList, options: RenderOptions(background: .white)))
        #expect(png.width == 786)
    }

    /// The tag cloud as self-contained SVG: at most 3× the 7,542 bytes it took when it named the
    /// font and placed every character (22,626), each glyph outline defined once however often it
    /// is used, and the same bytes every time.
    @Test func theTagCloudSVGIsSmallAndDefinesEachGlyphOnce() throws {
        let scene = try Scene.load(contentsOf: repositoryPath("Fixtures/tag-cloud.yaml"))
        let list = try scene.layout().result.displayList
        let options = RenderOptions(background: scene.canvas.background)
        let svg = try SVGRenderer().render(list, options: options)
        print("tag-cloud.svg: \(svg.utf8.count) bytes (was 7,542 with system fonts; limit 22,626)")
        #expect(svg.utf8.count <= 3 * 7_542)
        let definitions = svg.components(separatedBy: "<path id=\"").count - 1
        let uses = svg.components(separatedBy: "<use xlink:href=\"#").count - 1
        let distinct = Set(Self.glyphs(list.items).filter { $0.glyph.id != 3 }.map { "\($0.glyph.face?.path ?? "")#\($0.glyph.id)" })
        // Every distinct glyph (spaces, glyph 3, have no outline) once; uses as many as glyphs.
        #expect(definitions == distinct.count)
        #expect(uses > definitions)
        #expect(try SVGRenderer().render(list, options: options) == svg)
        let embedded = try SVGRenderer(textMode: .embedded).render(list, options: options)
        #expect(embedded.contains("@font-face { font-family: \"arrange-"))
        #expect(try SVGRenderer(textMode: .embedded).render(list, options: options) == embedded)
    }
}
